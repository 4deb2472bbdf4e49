// Offline support: one cache per build ("gridlogic-<version>"), filled from the build's file list.
//
// Every file is checked against the build's list (sha256 prefix) before it is stored or served from
// the network, so a cache never holds, and a page never gets, a file of another build: a host that
// already serves a newer build makes the request fail (and this worker look for its update) rather
// than mix two builds. Install stores the small files at once and copies large ones unchanged since
// an older build from its cache; the rest (Pyodide, wheels) is stored as the engine first fetches
// it and, once the page is ready, by "precache-all"; a packed file is kept unpacked too once a page has
// asked for it (`unpacked`). A first install takes control at once; an
// update waits until the page asks for it ("skip-waiting", the update banner's Reload), then every
// page of the old build reloads (offline.js), so no page runs on files of two builds. Activation
// deletes every older gridlogic cache. Stored responses carry the right Content-Type whatever the
// host sent. build.py writes the file list over the placeholder.
"use strict";

const BUILD = self.__BUILD__;
const CACHE = `gridlogic-${BUILD.version}`;
const PREFIX = "gridlogic-";
const LARGE = 256 * 1024;
const SCOPE = new URL("./", self.location.href).href;
const TYPES = {
  html: "text/html; charset=utf-8", js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8",
  json: "application/json", webmanifest: "application/manifest+json", wasm: "application/wasm",
  zip: "application/zip", whl: "application/zip", svg: "image/svg+xml", png: "image/png",
};

let opened = null;                   // this build's cache, opened once for every request
function ownCache() {
  if (!opened) opened = caches.open(CACHE).catch((err) => { opened = null; throw err; });
  return opened;
}

function keyOf(url) {
  const u = new URL(url);
  if (u.origin !== self.location.origin || !u.href.startsWith(SCOPE)) return null;
  const path = u.pathname.slice(new URL(SCOPE).pathname.length);
  return path === "" ? "index.html" : path;
}

function headersFor(path) {
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  return new Headers({ "content-type": TYPES[ext] || "application/octet-stream", "x-gridlogic-rev": BUILD.files[path].rev });
}

async function revOf(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The revisions a fetched file may have: its own, and for a packed copy its raw file's (BUILD.raw): a
// host that marks .gz files as gzip-encoded has the browser unpack them on the way.
const revsOf = (path) => [BUILD.files[path].rev, ...((BUILD.raw || {})[path] ? [BUILD.raw[path]] : [])];

class WrongBuild extends Error {}

function wrongBuild(path) {
  self.registration.update().catch(() => {});          // the host has moved on: fetch the new sw.js
  return new WrongBuild(`${path} on the server is not the one of build ${BUILD.version}`);
}

async function fetchFresh(path) {
  const response = await fetch(new URL(path, SCOPE).href, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

// Fetch a file of the build, check it and store it (install, precache-all).
async function fetchAndStore(cache, path) {
  const bytes = await (await fetchFresh(path)).arrayBuffer();
  if (!revsOf(path).includes(await revOf(bytes))) throw wrongBuild(path);
  await cache.put(new URL(path, SCOPE).href, new Response(bytes, { headers: headersFor(path) }));
}

// Fetch a file of the build for a page, streaming it as it arrives; the stream fails at its end if
// the file is not this build's, and only a checked copy is stored.
async function fetchStreaming(cache, path, keepAlive) {
  const response = await fetchFresh(path);
  const [toPage, toCache] = response.body.tee();
  const checked = new Response(toCache).arrayBuffer().then(async (bytes) => {
    if (!revsOf(path).includes(await revOf(bytes))) {
      wrongBuild(path);
      return false;
    }
    await cache.put(new URL(path, SCOPE).href, new Response(bytes, { headers: headersFor(path) }));
    return true;
  });
  keepAlive(checked.catch(() => {}));
  const body = toPage.pipeThrough(new TransformStream({
    async flush(controller) {
      if (!(await checked.catch(() => false))) controller.error(wrongBuild(path));
    },
  }));
  return new Response(body, { status: 200, headers: headersFor(path) });
}

// A file the build serves packed (BUILD.packed: raw path → its gzipped copy in the file list) is
// answered from its packed copy, unpacked here: a controlled worker's import of Pyodide's script costs
// its gzipped size. The copy is fetched once (a request for it already under way is awaited),
// checked and stored like any file. A host that marks .gz files as gzip-encoded has the browser unpack
// them on the way: such bytes are the raw file's (checked against its revision instead) and are not
// unpacked again.
const inFlight = new Map();              // path → promise of its checked, stored bytes


function storedBytes(cache, path) {
  if (!inFlight.has(path)) {
    const job = (async () => {
      const hit = await cache.match(new URL(path, SCOPE).href);
      if (hit) return new Uint8Array(await hit.arrayBuffer());
      const bytes = await (await fetchFresh(path)).arrayBuffer();
      if (!revsOf(path).includes(await revOf(bytes))) throw wrongBuild(path);
      await cache.put(new URL(path, SCOPE).href, new Response(bytes, { headers: headersFor(path) }));
      return new Uint8Array(bytes);
    })();
    inFlight.set(path, job);
    job.finally(() => inFlight.delete(path)).catch(() => {});
  }
  return inFlight.get(path);
}

// The unpacked file is kept in the cache under its own URL as it is first handed over, and later requests
// are answered with that copy (`respond`): Chromium keeps the compiled code of a wasm module compiled from
// a response this worker answers from its cache beside that entry, so from the next start or so on the
// engine's workers read Pyodide's 9.6 MB module compiled instead of compiling it (worker/fetching.js sends
// its requests for it here for that reason).
async function unpacked(cache, path, packed, keepAlive) {
  const bytes = await storedBytes(cache, packed);
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const body = gzipped ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : new Blob([bytes]).stream();
  const ext = path.slice(path.lastIndexOf(".") + 1).toLowerCase();
  const headers = { "content-type": TYPES[ext] || "application/octet-stream" };
  const [toPage, toCache] = body.tee();
  keepAlive(new Response(toCache).arrayBuffer()
    .then((raw) => cache.put(new URL(path, SCOPE).href, new Response(raw, { headers }))).catch(() => {}));
  return new Response(toPage, { status: 200, headers });
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
    const cache = await ownCache();
    await Promise.all(Object.entries(BUILD.files).map(async ([path, info]) => {
      if (await cache.match(new URL(path, SCOPE).href)) return null;
      const old = await fromOlderCache(path);
      if (old) return cache.put(new URL(path, SCOPE).href, old);
      if (info.size <= LARGE) return fetchAndStore(cache, path);
      return null;                                   // large and new: stored on first use
    }));
    if (!self.registration.active) await self.skipWaiting();   // first install: nothing to mix with
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
  const known = path !== null && Object.prototype.hasOwnProperty.call(BUILD.files, path);
  const cache = await ownCache();
  const packed = path !== null && BUILD.packed && Object.prototype.hasOwnProperty.call(BUILD.packed, path)
    ? BUILD.packed[path] : "";
  if (packed && Object.prototype.hasOwnProperty.call(BUILD.files, packed)) {
    const kept = await cache.match(new URL(path, SCOPE).href);
    if (kept) return kept;
    try {
      return await unpacked(cache, path, packed, keepAlive);
    } catch (err) {
      return Response.error();
    }
  }
  if (known) {
    if (inFlight.has(path)) await inFlight.get(path).catch(() => {});
    const hit = await cache.match(new URL(path, SCOPE).href);
    if (hit) return hit;
    try {
      return await fetchStreaming(cache, path, keepAlive);
    } catch (err) {
      return Response.error();
    }
  }
  try {
    return await fetch(request);
  } catch (err) {
    if (request.mode === "navigate") {             // offline: any page of the site opens the app
      const page = await cache.match(new URL("index.html", SCOPE).href);
      if (page) return page;
    }
    return Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const path = keyOf(request.url);
  if (path === null) return;
  if (request.mode === "navigate" && path === "index.html") {
    // index.html?kind=…&p=… and #… links are all the one page.
    event.respondWith(respond(new Request(new URL("index.html", SCOPE).href), (p) => event.waitUntil(p)));
    return;
  }
  event.respondWith(respond(request, (p) => event.waitUntil(p)));
});

async function missingFiles() {
  const cache = await ownCache();
  const out = [];
  for (const path of Object.keys(BUILD.files)) {
    if (!(await cache.match(new URL(path, SCOPE).href))) out.push(path);
  }
  return out;
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (message) => event.source && event.source.postMessage(message);
  if (data.type === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
  } else if (data.type === "version") {
    reply({ type: "version", version: BUILD.version });
  } else if (data.type === "precache-all") {
    event.waitUntil((async () => {
      const cache = await ownCache();
      try {
        for (const path of await missingFiles()) await fetchAndStore(cache, path);
        reply({ type: "precached", version: BUILD.version, complete: (await missingFiles()).length === 0 });
      } catch (err) {
        reply({ type: "precached", version: BUILD.version, complete: false, error: String(err) });
      }
    })());
  }
});
