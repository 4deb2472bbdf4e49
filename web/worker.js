// The engine: Pyodide in a Web Worker, answering the page through gridlogic.api.handle only.
//
// Page → worker: {id, op, ...request}. Worker → page: {id, ok, result | error},
// {id, progress: {...}} while a request runs, and {type: "load" | "ready" | "fatal", ...} about
// loading. Requests that arrive while Python loads are queued and answered once it is ready.
// Optional packages (z3, sympy) are fetched from this site the first time a request needs them.
"use strict";

importScripts("pyodide/pyodide.js");

let build = null;
let handle = null;
let pyodide = null;
const queue = [];
const loaded = new Set();
let busy = Promise.resolve();

const T0 = performance.now();

function post(message) {
  if (message.type === "load") message.at = Math.round(performance.now() - T0);
  self.postMessage(message);
}

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
    const response = await fetch(url);
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

async function ensureLazy(name) {
  if (loaded.has(name)) return;
  const urls = build.lazy[name];
  if (!urls) throw new Error(`no optional package ${name}`);
  await prefetch(urls, `Fetching ${name}`);
  post({ type: "load", stage: `Installing ${name}`, loaded: 1, total: 1 });
  await loadWheels(urls);
  loaded.add(name);
  post({ type: "load", stage: `${name} ready`, loaded: 1, total: 1, done: true });
}

function callApi(id, request) {
  const progress = (text) => post({ id, progress: JSON.parse(text) });
  return JSON.parse(handle(JSON.stringify(request), progress));
}

async function answer(message) {
  const { id, ...request } = message;
  try {
    if (request.op === "preload") {          // fetch and install optional packages; api.handle imports them
      const names = (request.packages || []).filter((name) => Object.hasOwn(build.lazy, name));
      for (const name of names) await ensureLazy(name);
      post({ type: "load", stage: `Importing ${names.join(", ")}`, loaded: 1, total: 1 });
      const response = callApi(id, { op: "preload", packages: names });
      post({ type: "load", stage: `${names.join(", ")} imported`, loaded: 1, total: 1, done: true });
      post({ id, ...response });
      return;
    }
    if (request.backend === "smt") await ensureLazy("z3");
    let response = callApi(id, request);
    // A kind that imports an optional package (sympy) gets it on first use, then the request reruns.
    const missing = !response.ok && /No module named '([\w]+)/.exec(response.error.message || "");
    if (missing && build.lazy[missing[1]] && !loaded.has(missing[1])) {
      await ensureLazy(missing[1]);
      response = callApi(id, request);
    }
    post({ id, ...response });
  } catch (err) {
    post({ id, ok: false, error: { type: "EngineError", message: String(err && err.message || err), where: {} } });
  }
}

self.onmessage = (event) => {
  const message = event.data;
  if (!handle) {
    queue.push(message);
    return;
  }
  busy = busy.then(() => answer(message));
};

async function start() {
  const t0 = performance.now();
  build = await (await fetch("build.json")).json();
  const runtime = build.runtime;
  await prefetch([...runtime, ...build.core], "Downloading Python and the solver");
  post({ type: "load", stage: "Starting Python", loaded: 1, total: 1 });
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", self.location.href).href,
                                packageBaseUrl: new URL("wheels/", self.location.href).href,
                                stdout: () => {}, stderr: (s) => console.warn(s) });
  post({ type: "load", stage: "Installing the solver", loaded: 1, total: 1 });
  await loadWheels(build.core);
  post({ type: "load", stage: "Importing gridlogic", loaded: 1, total: 1 });
  handle = pyodide.runPython(`
import json
from gridlogic import api

def _handle(text, progress=None):
    report = (lambda info: progress(json.dumps(info))) if progress is not None else None
    return json.dumps(api.handle(json.loads(text), report))
_handle`);
  const hello = callApi(0, { op: "hello" });
  post({ type: "ready", hello: hello.result, ms: Math.round(performance.now() - t0), version: build.version });
  for (const message of queue.splice(0)) busy = busy.then(() => answer(message));
}

start().catch((err) => post({ type: "fatal", message: String(err && err.message || err) }));
