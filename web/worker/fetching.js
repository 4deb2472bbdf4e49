// Downloads and the caches they read: the worker's fetch answers this build's files from its
// offline cache, wasm compiles whatever type the host sends it as, and `download` reads URLs with
// progress reported to the page.
import { post, state } from "./state.js";

const SITE = new URL("./", self.location.href).href;

// The files of this build come straight from its offline cache when it holds them (the service
// worker stores only checked copies of this build's files there): about twice as fast as through
// the service worker, for Pyodide's requests too. Anything else goes to the network as usual. A
// file the build serves packed (build.json's `packed`: Pyodide's wasm and lock file, gzipped) is
// read as its packed copy and handed over unpacked, except Pyodide's wasm under a service worker: that
// is asked of the service worker, which unpacks it once and answers later starts from its cache, where
// Chromium keeps the module compiled (about 0.7 s of CPU less a start, and optimised code from the
// first request: docs/benchmarks.md). A module the worker unpacks itself, or reads from the cache itself, is compiled every time.
export function serveFromBuildCache() {
  const networkFetch = self.fetch.bind(self);
  const fetchOne = async (path, input, init) => {
    if (state.buildFiles && Object.hasOwn(state.build.files, path)) {
      const hit = await state.buildFiles.match(new URL(path, SITE).href).catch(() => null);
      if (hit) return hit;
    }
    return networkFetch(input, init);
  };
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), SITE);
    const path = url.href.startsWith(SITE) ? url.pathname.slice(new URL(SITE).pathname.length) : "";
    const packed = state.build && state.build.packed && Object.hasOwn(state.build.packed, path) ? state.build.packed[path] : "";
    if (!packed) return fetchOne(path, input, init);
    if (state.buildFiles && path.endsWith(".wasm")) return networkFetch(url.href);
    const { cache } = init || {};
    return unpack(await fetchOne(packed, new URL(packed, SITE).href, cache ? { cache } : undefined), path);
  };
}

const UNPACKED_TYPES = { wasm: "application/wasm", json: "application/json" };

// A gzipped response's bytes unpacked, typed as the file they stand for. A host that marks .gz files
// as gzip-encoded has the browser unpack them already: bytes without gzip's magic number pass as sent.
async function unpack(response, path) {
  if (!response.ok) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const body = gzipped ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")) : bytes;
  const type = UNPACKED_TYPES[path.split(".").pop()] || "application/octet-stream";
  return new Response(body, { status: 200, headers: { "content-type": type } });
}

// Hosts that send .wasm with another type than application/wasm make instantiateStreaming throw;
// compile from the bytes instead (Pyodide has no fallback of its own).
export function compileWasmOfAnyType() {
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports_) => {
    const response = await source;
    const type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
    if (streaming && type === "application/wasm") return streaming.call(WebAssembly, response, imports_);
    return WebAssembly.instantiate(await response.arrayBuffer(), imports_);
  };
}

// This build's offline cache (a promise), or null where there is no Cache API.
export function buildCache() {
  return typeof caches === "undefined" ? null : caches.open(`gridlogic-${state.build.version}`);
}

function sizeOf(url) {
  const f = state.build.files[url];
  return f ? f.size : 0;
}

// Read URLs (from the build's cache when it holds them, else through the service worker or from
// the host) and report bytes as they arrive; resolves to the bytes of the URLs in `keep` (the
// others only fill or revalidate the caches that Pyodide then reads).
export async function download(urls, stage, keep = []) {
  const total = urls.reduce((n, u) => n + sizeOf(u), 0);
  const kept = new Map();
  let done = 0;
  post({ type: "load", stage, loaded: 0, total });
  await Promise.all(urls.map(async (url) => {
    // no-cache: without a service worker, a host's heuristic caching must not hand us an older
    // build's file; the revalidated copy is also what Pyodide then reads.
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    const chunks = [];
    let last = 0;
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      if (keep.includes(url)) chunks.push(value);
      done += value.length;
      if (performance.now() - last > 50) {
        last = performance.now();
        post({ type: "load", stage, loaded: done, total });
      }
    }
    if (keep.includes(url)) kept.set(url, concat(chunks));
  }));
  post({ type: "load", stage, loaded: total, total });
  return kept;
}

function concat(chunks) {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
