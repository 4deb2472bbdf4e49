// Offline support: one cache per build ("gridlogic-<version>"), filled from the build's file list.
//
// Install stores the small files at once and copies large ones unchanged since an older build
// from its cache; the rest (Pyodide, wheels) is stored as the engine first fetches it and, once
// the page is ready, by "precache-all", so a first visit does not download anything twice.
// Activation deletes every older gridlogic cache. build.py writes the file list over the placeholder.
"use strict";

const BUILD = self.__BUILD__;
const CACHE = `gridlogic-${BUILD.version}`;
const PREFIX = "gridlogic-";
const LARGE = 256 * 1024;
const SCOPE = new URL("./", self.location.href).href;

function keyOf(url) {
  const u = new URL(url);
  if (u.origin !== self.location.origin || !u.href.startsWith(SCOPE)) return null;
  const path = u.pathname.slice(new URL(SCOPE).pathname.length);
  return path === "" ? "index.html" : path;
}

// Fetch a file of the build and store it (with its revision) while the caller reads the response.
async function fetchAndStore(cache, path, keepAlive) {
  const response = await fetch(new URL(path, SCOPE).href, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const headers = new Headers(response.headers);
  headers.set("x-gridlogic-rev", BUILD.files[path].rev);
  const copy = new Response(response.clone().body, { status: response.status, statusText: response.statusText, headers });
  const put = cache.put(new URL(path, SCOPE).href, copy);
  if (keepAlive) keepAlive(put.catch(() => {}));
  else await put;
  return response;
}

async function fromOlderCache(path) {
  const rev = BUILD.files[path].rev;
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const old = await (await caches.open(name)).match(new URL(path, SCOPE).href);
    if (old && old.headers.get("x-gridlogic-rev") === rev) return old;
  }
  return null;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(Object.entries(BUILD.files).map(async ([path, info]) => {
      if (await cache.match(new URL(path, SCOPE).href)) return;
      const old = await fromOlderCache(path);
      if (old) return cache.put(new URL(path, SCOPE).href, old);
      if (info.size <= LARGE) return fetchAndStore(cache, path);
      return null;                                   // large and new: stored on first use
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function respond(request, keepAlive) {
  const path = keyOf(request.url);
  const cache = await caches.open(CACHE);
  const known = path !== null && Object.prototype.hasOwnProperty.call(BUILD.files, path);
  const key = known ? new URL(path, SCOPE).href : request;
  const hit = await cache.match(key);
  if (hit) return hit;
  if (known) {
    try {
      return await fetchAndStore(cache, path, keepAlive);
    } catch (err) {
      return Response.error();
    }
  }
  try {
    return await fetch(request);
  } catch (err) {
    if (request.mode === "navigate") {
      const page = await cache.match(new URL("index.html", SCOPE).href);
      if (page) return page;
    }
    return Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate" && keyOf(request.url) === "index.html") {
    // index.html?kind=…&p=… and #… links are all the one page.
    event.respondWith(respond(new Request(new URL("index.html", SCOPE).href), (p) => event.waitUntil(p)));
    return;
  }
  event.respondWith(respond(request, (p) => event.waitUntil(p)));
});

async function missingFiles() {
  const cache = await caches.open(CACHE);
  const out = [];
  for (const path of Object.keys(BUILD.files)) {
    if (!(await cache.match(new URL(path, SCOPE).href))) out.push(path);
  }
  return out;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (message) => event.source && event.source.postMessage(message);
  if (data.type === "precache-all") {
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      try {
        for (const path of await missingFiles()) await fetchAndStore(cache, path);
        reply({ type: "precached", version: BUILD.version, complete: (await missingFiles()).length === 0 });
      } catch (err) {
        reply({ type: "precached", version: BUILD.version, complete: false, error: String(err) });
      }
    })());
  }
});
