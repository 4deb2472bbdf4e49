// The engine: Pyodide in a module Web Worker, answering the page through gridlogic.api.handle only.
//
// Page → worker: {id, op, ...request}. Worker → page: {id, ok, result | error},
// {id, progress: {...}} while a request runs, and {type: "load" | "ready" | "snapshot" | "fatal" |
// "died", ...} about the worker itself. Requests that arrive while Python loads wait and are
// answered once it is ready, `parse` first. Optional packages (z3, sympy) are fetched and installed
// in the background while other requests are answered; a preloaded package is imported into Python
// only when the worker has been idle a moment (or by the first request that needs it). If the
// interpreter itself fails (a JavaScript error out of api.handle: out of memory, a Pyodide fatal
// error), the worker answers that request with `died: true`, posts {type: "died"} and takes no more
// work: the page's Engine replaces it.
//
// A module worker, because Pyodide refuses classic workers; it is found by trying
// importScripts("data:…"), which throws in a module worker on every host, with or without a CSP.
//
// Starting from a saved state. Starting Python and importing python-sat and gridlogic takes
// seconds; a fresh start therefore ends with a memory snapshot of the interpreter (Pyodide's
// `_makeSnapshot`), taken right after the imports and before any request, kept in this build's
// offline cache (key `snapshot.bin`; the cache and so the snapshot go when the build is replaced).
// The next start restores it instead (`_loadSnapshot`): the wasm memory comes back as it was, so no
// Python code runs again. A snapshot holds memory only, so two things are set up the same way on
// both starts: python-sat's shared libraries are loaded before the interpreter exists (a preRun, when
// Emscripten places them at fixed addresses and table slots) rather than by `loadPackage`, and the
// wheels' files are written to site-packages by the worker. A snapshot that does not restore, or
// whose libraries' layout (table size, heap end) differs, is deleted and the worker starts fresh;
// `ready.start` says which start it was ("snapshot" or "fresh"), `ready.fallback` why not the saved
// state when there was one.
import { loadPyodide } from "./pyodide/pyodide.mjs.js";

const IDLE_MS = 500;                   // quiet time before a preloaded package is imported
const SNAPSHOT_KEY = "snapshot.bin";   // in the build's cache, beside its files
const PAGE = 4096;                     // a snapshot is stored without its all-zero pages of this size
const SITE_PACKAGES = "/lib/python3.14/site-packages";
// What a fresh start imports before its snapshot: everything the api may import later, so a
// restored interpreter never needs to import gridlogic again (only optional packages).
const IMPORTS = `
import json
import gridlogic.api, gridlogic.backends.native, gridlogic.backends.sat, gridlogic.backends.smt
import gridlogic.links, gridlogic.links_legacy
from gridlogic import api

def _handle(text, progress=None):
    report = (lambda info: progress(json.dumps(info))) if progress is not None else None
    return json.dumps(api.handle(json.loads(text), report))
`;

let build = null;
let handle = null;
let pyodide = null;
let dead = false;
let running = false;
let seq = 0;
let idleTimer = 0;
const queue = [];                      // {rank, seq, run}: lower rank first, then arrival
const installs = new Map();            // package → Promise of fetch + install
const installed = new Set();
const waitingPreloads = [];            // preload requests that came before build.json
const imports = new Map();             // package → {promise, resolve, reject, started}

const T0 = performance.now();
const SITE = new URL("./", self.location.href).href;

// The files of this build come straight from its offline cache when it holds them (the service
// worker stores only checked copies of this build's files there): about twice as fast as through
// the service worker, for Pyodide's requests too. Anything else goes to the network as usual.
const networkFetch = self.fetch.bind(self);
let buildFiles = null;                 // the build's cache, once build.json is read
self.fetch = async (input, init) => {
  if (buildFiles) {
    const url = new URL(input instanceof Request ? input.url : String(input), SITE);
    const path = url.href.startsWith(SITE) ? url.pathname.slice(new URL(SITE).pathname.length) : "";
    if (Object.hasOwn(build.files, path)) {
      const hit = await buildFiles.match(new URL(path, SITE).href).catch(() => null);
      if (hit) return hit;
    }
  }
  return networkFetch(input, init);
};

function post(message) {
  if (message.type === "load") message.at = Math.round(performance.now() - T0);
  self.postMessage(message);
}

// Hosts that send .wasm with another type than application/wasm make instantiateStreaming throw;
// compile from the bytes instead (Pyodide has no fallback of its own).
const streaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports_) => {
  const response = await source;
  const type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
  if (streaming && type === "application/wasm") return streaming.call(WebAssembly, response, imports_);
  return WebAssembly.instantiate(await response.arrayBuffer(), imports_);
};

function sizeOf(url) {
  const f = build.files[url];
  return f ? f.size : 0;
}

// Read URLs (from the build's cache when it holds them, else through the service worker or from
// the host) and report bytes as they arrive; resolves to the bytes of the URLs in `keep` (the
// others only fill or revalidate the caches that Pyodide then reads).
async function download(urls, stage, keep = []) {
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

// The files of a wheel (a zip archive: stored or deflated entries), as [{name, read}] in archive
// order; read() gives a promise of the bytes.
function unzip(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("a wheel is not a zip archive");
  const names = new TextDecoder();
  const files = [];
  let at = view.getUint32(end + 16, true);
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a wheel's zip directory is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${name}: zip method ${method} is not supported`);
    if (!name.endsWith("/")) files.push({ name, read: () => (method === 0 ? Promise.resolve(raw) : inflate(raw)) });
    at += 46 + skip;
  }
  return files;
}

async function inflate(raw) {
  const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The core wheels, unpacked: {libraries, files}, two promises. `libraries` resolves to the shared
// libraries sorted by name and compiled ({name, data, module}); `files` to every file of the wheels
// ({name, data}), for site-packages.
function unpackCore(downloaded) {
  const entries = downloaded.then((wheels) => build.core.flatMap((url) => unzip(wheels.get(url))));
  const libraries = entries.then((all) => Promise.all(
    all.filter((f) => f.name.endsWith(".so")).sort((x, y) => (x.name < y.name ? -1 : 1))
      .map(async (f) => {
        const data = await f.read();
        return { name: f.name, data, module: await WebAssembly.compile(data) };
      })));
  libraries.catch(() => {});
  // Unpacked when first asked for (after the libraries, on a start from the saved state after ready).
  let files = null;
  return {
    libraries,
    get files() {
      files ||= entries.then((all) => Promise.all(all.map(async (f) => ({ name: f.name, data: await f.read() }))));
      return files;
    },
  };
}

// Emscripten's preRun: load the shared libraries before the runtime starts, the way Emscripten
// loads a program's own libraries (their memory from the heap base, their table slots next), so
// that a fresh start and a restored one place them identically. `layout` gets the table size and
// heap end they leave (the same on every start when it worked).
function preloadLibraries(core, layout) {
  return (Module) => {
    Module.addRunDependency("gridlogic-libraries");
    (async () => {
      for (const lib of await core.libraries) {
        const path = `${SITE_PACKAGES}/${lib.name}`;
        Module.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        Module.FS.writeFile(path, lib.data);
        const dso = Module.newDSO(path, undefined, "loading");
        dso.global = false;
        dso.exports = await Module.loadWebAssemblyModule(
          lib.module, { loadAsync: true, global: false, nodelete: true, allowUndefined: true }, path, {}, 0);
      }
      layout.value = `${Module.wasmTable.length},${Module.HEAPU32[Module._emscripten_get_sbrk_ptr() >>> 2]}`;
    })().catch((err) => console.warn(`gridlogic: the libraries did not preload (${err && err.message})`))
      .finally(() => Module.removeRunDependency("gridlogic-libraries"));
  };
}

// The wheels' files into site-packages (what loadPackage would unpack, without loading libraries).
function writeFiles(files) {
  const FS = pyodide.FS;
  for (const f of files) {
    const path = `${SITE_PACKAGES}/${f.name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, f.data);
  }
}

async function loadWheels(urls) {
  await pyodide.loadPackage(urls, { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
}

// Fetch and install an optional package once; Python keeps answering meanwhile.
function install(name) {
  if (!installs.has(name)) {
    const job = (async () => {
      const urls = build.lazy[name];
      await download(urls, `Fetching ${name}`);
      post({ type: "load", stage: `Installing ${name}`, loaded: 1, total: 1 });
      await loadWheels(urls);
      installed.add(name);
      post({ type: "load", stage: `${name} ready`, loaded: 1, total: 1, done: true });
      settle();
    })();
    installs.set(name, job);
    job.catch(() => installs.delete(name));          // a failed fetch (offline) may be retried later
  }
  return installs.get(name);
}

// Installed, then imported into Python when the worker is idle: resolves once imported.
function importWhenIdle(name) {
  if (!imports.has(name)) {
    const entry = { started: false };
    entry.promise = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
    imports.set(name, entry);
    install(name).catch((err) => {
      imports.delete(name);
      entry.reject(err);
    });
  }
  return imports.get(name).promise;
}

function callApi(id, request) {
  const progress = (text) => post({ id, progress: JSON.parse(text) });
  return JSON.parse(handle(JSON.stringify(request), progress));
}

function failure(id, err) {
  return { id, ok: false, error: { type: "EngineError", message: String((err && err.message) || err), where: {} } };
}

// The interpreter failed (not a Python exception: api.handle turns those into answers).
function die(id, err) {
  dead = true;
  queue.length = 0;
  const message = String((err && err.message) || err);
  if (id !== null) post({ ...failure(id, err), died: true });
  post({ type: "died", message });
}

function enqueue(rank, run) {
  if (dead) return;
  queue.push({ rank, seq: seq++, run });
  queue.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
  pump();
}

function pump() {
  clearTimeout(idleTimer);
  if (running || !handle || dead) return;
  const task = queue.shift();
  if (!task) {
    idleTimer = setTimeout(importPending, IDLE_MS);
    return;
  }
  running = true;
  Promise.resolve().then(task.run).finally(() => {
    running = false;
    setTimeout(pump, 0);                    // let messages that arrived meanwhile join the queue
  });
}

// Import one installed, not yet imported package (called when the queue has been empty a moment).
function importPending() {
  if (running || queue.length || dead) return;
  const name = [...imports.keys()].find((n) => installed.has(n) && !imports.get(n).started);
  if (!name) return;
  imports.get(name).started = true;
  enqueue(3, () => importNow(name));
}

function importNow(name) {
  const entry = imports.get(name);
  entry.started = true;
  post({ type: "load", stage: `Importing ${name}`, loaded: 1, total: 1 });
  let response;
  try {
    response = callApi(0, { op: "preload", packages: [name] });
  } catch (err) {
    entry.reject(err);
    die(0, err);
    return false;
  }
  post({ type: "load", stage: `${name} imported`, loaded: 1, total: 1, done: true });
  if (response.ok) entry.resolve(response);
  else entry.reject(new Error(response.error.message));
  return true;
}

// Before a request runs: the packages asked for and installed are imported now, so that the time a
// solver reports never includes an import.
function importInstalled() {
  for (const [name, entry] of imports) {
    if (!entry.started && installed.has(name) && !importNow(name)) return false;
  }
  return true;
}

function settle() {
  if (!running && !queue.length) pump();
}

// The optional packages a request needs before Python sees it.
function needs(request) {
  return request.backend === "smt" && build.lazy.z3 ? ["z3"] : [];
}

function answer(id, request) {
  const waiting = needs(request).filter((name) => !installed.has(name));
  if (!waiting.length) {
    run(id, request);
    return;
  }
  // Fetch the packages outside the queue, so other requests are answered meanwhile.
  Promise.all(waiting.map(install)).then(() => enqueue(1, () => run(id, request)),
                                         (err) => post(failure(id, err)));
}

function run(id, request) {
  if (request.op !== "parse" && !importInstalled()) return;
  let response;
  try {
    response = callApi(id, request);
  } catch (err) {
    die(id, err);
    return;
  }
  // A kind that imports an optional package (sympy) gets it on first use, then the request reruns.
  const missing = !response.ok && /No module named '([\w]+)/.exec(response.error.message || "");
  if (missing && build.lazy[missing[1]] && !installed.has(missing[1])) {
    importWhenIdle(missing[1]).catch(() => {});          // imported before the request runs again
    install(missing[1]).then(() => enqueue(1, () => run(id, request)),
                             (err) => post(failure(id, err)));
    return;
  }
  post({ id, ...response });
  // Python ran out of memory and said so: the answer stands, but wasm memory never shrinks, so
  // this worker retires and the Engine puts a fresh one in its place.
  if (!response.ok && /^MemoryError\b/.test(response.error.message || "")) die(null, new Error("out of memory"));
}

function preload(id, request) {
  const names = (Array.isArray(request.packages) ? request.packages : [])
    .filter((name) => typeof name === "string" && Object.hasOwn(build.lazy, name));
  Promise.all(names.map(importWhenIdle)).then(
    () => post({ id, ok: true, result: { op: "preload", packages: names } }),
    (err) => post(failure(id, err)));
  settle();
}

self.onmessage = (event) => {
  const { id, ...request } = event.data || {};
  if (dead) {
    post({ ...failure(id, "the engine has stopped working"), died: true });
    return;
  }
  if (request.op === "preload") {                 // fetched only once Python is ready (first load first)
    if (handle) preload(id, request);
    else waitingPreloads.push([id, request]);
    return;
  }
  enqueue(request.op === "parse" ? 0 : 1, () => answer(id, request));
};

// -- saved state -------------------------------------------------------------------------------
function buildCache() {
  return typeof caches === "undefined" ? null : caches.open(`gridlogic-${build.version}`);
}

function snapshotUrl() {
  return new URL(SNAPSHOT_KEY, self.location.href).href;
}

// This build's snapshot: {bytes (a promise), layout, memory} or null (none, or no Cache API here).
async function findSnapshot() {
  try {
    const cache = await buildCache();
    const hit = cache && (await cache.match(snapshotUrl()));
    if (!hit) return null;
    const bytes = hit.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    bytes.catch(() => {});
    return { bytes, layout: hit.headers.get("x-layout") || "", memory: Number(hit.headers.get("x-memory")) };
  } catch (err) {
    return null;
  }
}

// Pyodide's snapshot (its header, then the whole wasm memory) stored smaller: the header, a bitmap
// of the memory's pages that are not all zero, and those pages (about 40% of them are zero).
function packSnapshot(full) {
  const offset = new Uint32Array(full.buffer, full.byteOffset, 2)[1];
  const memory = full.subarray(offset);
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >> 2);
  const pages = memory.length / PAGE;
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  let kept = 0;
  for (let p = 0; p < pages; p++) {
    for (let i = (p * PAGE) >> 2, end = ((p + 1) * PAGE) >> 2; i < end; i++) {
      if (words[i]) {
        bitmap[p >> 3] |= 1 << (p & 7);
        kept++;
        break;
      }
    }
  }
  const out = new Uint8Array(offset + bitmap.length + kept * PAGE);
  out.set(full.subarray(0, offset));
  out.set(bitmap, offset);
  let at = offset + bitmap.length;
  for (let p = 0; p < pages; p++) {
    if (bitmap[p >> 3] & (1 << (p & 7))) {
      out.set(memory.subarray(p * PAGE, (p + 1) * PAGE), at);
      at += PAGE;
    }
  }
  return { bytes: out, memory: memory.length };
}

// Restore a packed snapshot: Pyodide's restore with the header alone, then the pages into memory.
function unpackSnapshot(Module, restore, bytes, memory) {
  const offset = new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
  const pages = memory / PAGE;
  const bitmap = bytes.subarray(offset, offset + Math.ceil(pages / 8));
  let kept = 0;
  for (let p = 0; p < pages; p++) if (bitmap[p >> 3] & (1 << (p & 7))) kept++;
  if (!Number.isInteger(pages) || offset + bitmap.length + kept * PAGE !== bytes.length) {
    throw new Error("the saved state is damaged");
  }
  // The wasm module defines its own memory (Pyodide's INITIAL_MEMORY does not reach it): grow it.
  if (Module.HEAP8.length < memory && !Module.growMemory(memory)) throw new Error(`cannot grow memory to ${memory} bytes`);
  const config = restore(bytes.subarray(0, offset));
  const heap = Module.HEAPU8;
  let at = offset + bitmap.length;
  for (let p = 0; p < pages; p++) {
    if (bitmap[p >> 3] & (1 << (p & 7))) {
      heap.set(bytes.subarray(at, at + PAGE), p * PAGE);
      at += PAGE;
    } else {
      heap.fill(0, p * PAGE, (p + 1) * PAGE);
    }
  }
  return config;
}

async function storeSnapshot(full, layout) {
  const cache = await buildCache();
  if (!cache) return 0;
  const { bytes, memory } = packSnapshot(full);
  await cache.put(snapshotUrl(), new Response(bytes, {
    headers: { "content-type": "application/octet-stream", "x-layout": layout, "x-memory": String(memory) },
  }));
  return bytes.length;
}

async function forgetSnapshot() {
  try {
    const cache = await buildCache();
    if (cache) await cache.delete(snapshotUrl());
  } catch (err) {
    // nothing to forget
  }
}

async function start() {
  const t0 = performance.now();
  const runtime = import("./pyodide/pyodide.asm.mjs.js");
  runtime.catch(() => {});
  const listing = await fetch("build.json", { cache: "no-cache" });
  const controlled = listing.headers.has("x-gridlogic-rev");       // served by our service worker
  build = await listing.json();
  if (controlled && (await caches.has(`gridlogic-${build.version}`))) buildFiles = await buildCache();
  const saving = typeof caches !== "undefined" && new URL(self.location.href).searchParams.get("snapshot") !== "off";
  let saved = saving ? await findSnapshot() : null;
  let core;
  if (saved) {
    // Without the service worker, Pyodide's own requests may be answered by the HTTP cache: it must
    // hold this build's runtime (the one the snapshot was made with), so it is revalidated first.
    const urls = controlled ? build.core : [...build.runtime, ...build.core];
    core = unpackCore(download(urls, "Starting Python from its saved state", build.core));
    if (!controlled) await core.libraries;
  } else {
    // Everything first (progress, and the caches filled once), then Pyodide reads it again from them.
    core = unpackCore(download([...build.runtime, ...build.core], "Downloading Python and the solver",
                               build.core));
    await core.libraries;
  }
  const { default: createPyodideModule } = await runtime;
  const layout = { value: "" };
  const options = {
    indexURL: new URL("pyodide/", import.meta.url).href,
    packageBaseUrl: new URL("wheels/", import.meta.url).href,
    createPyodideModule: async (settings) => {
      settings.preRun.push(preloadLibraries(core, layout));
      const Module = await createPyodideModule(settings);
      if (!saved) return Module;
      // Pyodide waits for `_loadSnapshot` before it creates the module; it is given an empty stand-in
      // instead, so the module starts while the snapshot is still being read, and the snapshot
      // itself is copied in here.
      const bytes = await saved.bytes;
      const restore = Module.API.restoreSnapshot;
      const memory = saved.memory;
      Module.API.restoreSnapshot = () => {
        Module.API.restoreSnapshot = restore;           // and the snapshot's bytes can go
        return unpackSnapshot(Module, restore, bytes, memory);
      };
      return Module;
    },
    stdout: () => {},
    stderr: (s) => console.warn(s),
  };
  let how = "fresh";
  let fallback = "";
  let hello = null;
  if (saved) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: new Uint8Array(0) });
      if (!layout.value || layout.value !== saved.layout) {
        throw new Error(`libraries at ${layout.value || "nothing"}, saved with ${saved.layout}`);
      }
      pyodide.runPython("import random; random.seed()");    // not the saved state's sequence
      handle = pyodide.globals.get("_handle");
      hello = callApi(0, { op: "hello" });
      if (!hello.ok) throw new Error(hello.error.message);
      how = "snapshot";
    } catch (err) {
      fallback = String((err && err.message) || err);
      console.warn(`gridlogic: the saved state did not restore (${fallback}); starting afresh`);
      pyodide = null;
      handle = null;
      hello = null;
      layout.value = "";
      await forgetSnapshot();
    }
  }
  let snapshot = null;
  if (!pyodide) {
    post({ type: "load", stage: "Starting Python", loaded: 1, total: 1 });
    saved = null;
    pyodide = await loadPyodide({ ...options, _makeSnapshot: saving });
    post({ type: "load", stage: "Importing gridlogic", loaded: 1, total: 1 });
    writeFiles(await core.files);
    pyodide.runPython("import importlib; importlib.invalidate_caches()");
    pyodide.runPython(IMPORTS);
    handle = pyodide.globals.get("_handle");
    // Only a start whose libraries were preloaded can be restored the same way.
    if (saving && layout.value) {
      try {
        snapshot = pyodide.makeMemorySnapshot();
      } catch (err) {
        console.warn(`gridlogic: no snapshot of this start (${err && err.message})`);
      }
    }
  }
  if (!hello) hello = callApi(0, { op: "hello" });
  post({ type: "ready", hello: hello.result, ms: Math.round(performance.now() - t0), version: build.version,
         start: how, fallback });
  // A restored interpreter has imported everything it needs: the wheels' files (for anything that
  // reads them later) are written once it answers.
  const files = how === "snapshot" ? core.files : null;
  saved = null;                                     // Pyodide keeps its options: let the bytes go
  core = null;
  for (const [id, request] of waitingPreloads.splice(0)) preload(id, request);
  pump();
  if (files) files.then(writeFiles).catch((err) => console.warn(`gridlogic: wheel files not written (${err && err.message})`));
  if (snapshot) {
    storeSnapshot(snapshot, layout.value).then(
      (bytes) => post({ type: "snapshot", stored: bytes > 0, bytes, memory: snapshot.length }),
      (err) => post({ type: "snapshot", stored: false, error: String((err && err.message) || err) }));
  }
}

start().catch((err) => post({ type: "fatal", message: String((err && err.message) || err) }));
