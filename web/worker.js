// The engine: Pyodide in a module Web Worker, answering the page through gridlogic.api.handle only.
//
// Page → worker: {id, op, ...request}. Worker → page: {id, ok, result | error},
// {id, progress: {...}} while a request runs, and {type: "load" | "ready" | "fatal" | "died", ...}
// about the worker itself. Requests that arrive while Python loads wait and are answered once it is
// ready, `parse` first. Optional packages (z3, sympy) are fetched and installed in the background
// while other requests are answered; a preloaded package is imported into Python only when the
// worker has been idle a moment (or by the first request that needs it). If the interpreter itself
// fails (a JavaScript error out of api.handle: out of memory, a Pyodide fatal error), the worker
// answers that request with `died: true`, posts {type: "died"} and takes no more work: the page's
// Engine replaces it.
//
// A module worker, because Pyodide refuses classic workers; it is found by trying
// importScripts("data:…"), which throws in a module worker on every host, with or without a CSP.
import { loadPyodide } from "./pyodide/pyodide.mjs.js";

const IDLE_MS = 500;                   // quiet time before a preloaded package is imported

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

// Read URLs (through the service worker's cache when it controls us) and report bytes as they arrive.
async function prefetch(urls, stage) {
  const total = urls.reduce((n, u) => n + sizeOf(u), 0);
  let done = 0;
  post({ type: "load", stage, loaded: 0, total });
  await Promise.all(urls.map(async (url) => {
    // no-cache: without a service worker, a host's heuristic caching must not hand us an older
    // build's file; the revalidated copy is also what Pyodide then reads.
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const reader = response.body.getReader();
    let last = 0;
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      done += value.length;
      if (performance.now() - last > 50) {
        last = performance.now();
        post({ type: "load", stage, loaded: done, total });
      }
    }
  }));
  post({ type: "load", stage, loaded: total, total });
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
      await prefetch(urls, `Fetching ${name}`);
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
  const entry = imports.get(name);
  entry.started = true;
  enqueue(3, () => {
    post({ type: "load", stage: `Importing ${name}`, loaded: 1, total: 1 });
    let response;
    try {
      response = callApi(0, { op: "preload", packages: [name] });
    } catch (err) {
      entry.reject(err);
      die(0, err);
      return;
    }
    post({ type: "load", stage: `${name} imported`, loaded: 1, total: 1, done: true });
    if (response.ok) entry.resolve(response);
    else entry.reject(new Error(response.error.message));
  });
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

async function start() {
  const t0 = performance.now();
  build = await (await fetch("build.json", { cache: "no-cache" })).json();
  await prefetch([...build.runtime, ...build.core], "Downloading Python and the solver");
  post({ type: "load", stage: "Starting Python", loaded: 1, total: 1 });
  const { default: createPyodideModule } = await import("./pyodide/pyodide.asm.mjs.js");
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", import.meta.url).href,
                                packageBaseUrl: new URL("wheels/", import.meta.url).href,
                                createPyodideModule,
                                stdout: () => {}, stderr: (s) => console.warn(s) });
  post({ type: "load", stage: "Installing the solver", loaded: 1, total: 1 });
  await loadWheels(build.core);
  post({ type: "load", stage: "Importing gridlogic", loaded: 1, total: 1 });
  const make = pyodide.runPython(`
import json
from gridlogic import api

def _handle(text, progress=None):
    report = (lambda info: progress(json.dumps(info))) if progress is not None else None
    return json.dumps(api.handle(json.loads(text), report))
_handle`);
  handle = make;
  const hello = callApi(0, { op: "hello" });
  post({ type: "ready", hello: hello.result, ms: Math.round(performance.now() - t0), version: build.version });
  for (const [id, request] of waitingPreloads.splice(0)) preload(id, request);
  pump();
}

start().catch((err) => post({ type: "fatal", message: String((err && err.message) || err) }));
