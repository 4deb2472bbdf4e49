// The engine: Pyodide in a module Web Worker, answering the page through gridlogic.api.handle only,
// called through the Python module gridlogic.api.entry (its functions named here; no Python source
// is written in this file or in worker/*.js).
//
// Page → worker: {id, op, ...request}. Worker → page: {id, ok, result | error},
// {id, progress: {...}} while a request runs, and {type: "load" | "ready" | "snapshot" | "fatal" |
// "died" | "stale", ...} about the worker itself. Requests that arrive while Python loads wait and are
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
// wheels' files are written to site-packages by the worker, on a restored start too before anything
// is answered (the restored interpreter may still import a module or read a file of them). A snapshot
// stamped by another build, one that does not restore, or one whose libraries' layout (table size, heap
// end) differs, is deleted and the worker starts fresh; `ready.start` says which start it was
// ("snapshot" or "fresh"), `ready.fallback` why not the saved state when there was one. A restored
// worker that fails later (its interpreter, or an answer with an internal error) deletes the saved
// state too and posts {type: "stale"} instead of that answer: the Engine starts a fresh worker
// (`?snapshot=fresh`) and asks it again (queue.js's `distrust`).
//
// The parts: worker/state.js (the shared state, posting to the page, the calls into Python),
// worker/queue.js (the request queue), worker/fetching.js (downloads and caches), worker/wheels.js
// (the core wheels unpacked), worker/packages.js (optional packages), worker/snapshot.js (the saved
// state), worker/sat.js (the page's own SAT solver, sat/cadical.js). This module answers the page's
// messages and starts Python.
import { loadPyodide } from "./pyodide/pyodide.mjs.js";
import { buildCache, compileWasmOfAnyType, download, serveFromBuildCache } from "./worker/fetching.js";
import { importInstalled, importPending, importWhenIdle, install, needs, preload } from "./worker/packages.js";
import { die, distrust, enqueue, onIdle, pump, retire } from "./worker/queue.js";
import { loadSat, registerSat } from "./worker/sat.js";
import { findSnapshot, forgetSnapshot, storeSnapshot, unpackSnapshot } from "./worker/snapshot.js";
import { callApi, entryPoint, failure, invalidateImportCaches, post, state } from "./worker/state.js";
import { preloadLibraries, unpackCore, writeFiles } from "./worker/wheels.js";

serveFromBuildCache();
compileWasmOfAnyType();
onIdle(() => {
  importPending();
  warmWhenIdle();
});

// While idle, the common shapes the kinds name (their `warm` hook) are encoded and their solvers
// loaded, one step a turn, so that the first solve of such a shape is as quick as the next
// (entry.warm; the commonest shape's formula is already in the saved state).
let warming = true;
function warmWhenIdle() {
  if (!warming || state.running || state.queue.length || state.dead || !state.pyodide) return;
  enqueue(3, () => {
    try {
      warming = Boolean(entryPoint().warm());
    } catch (err) {
      warming = false;
      console.warn(`gridlogic: no solver loaded ahead (${err && err.message})`);
    }
  });
}

function answer(id, request) {
  const waiting = needs(request).filter((name) => !state.installed.has(name));
  if (!waiting.length) {
    run(id, request);
    return;
  }
  // Fetch the packages outside the queue, so other requests are answered meanwhile.
  Promise.all(waiting.map(install)).then(() => enqueue(1, () => run(id, request)),
                                         (err) => post(failure(id, err)));
}

function run(id, request) {
  if (request.op !== "parse" && !importInstalled(request)) return;
  let response;
  try {
    response = callApi(id, request);
  } catch (err) {
    die(id, err);
    return;
  }
  // A kind that imports an optional package (sympy) gets it on first use, then the request reruns.
  const missing = !response.ok && /No module named '([\w]+)/.exec(response.error.message || "");
  if (missing && state.build.lazy[missing[1]] && !state.installed.has(missing[1])) {
    importWhenIdle(missing[1]).catch(() => {});          // imported before the request runs again
    install(missing[1]).then(() => enqueue(1, () => run(id, request)),
                             (err) => post(failure(id, err)));
    return;
  }
  const outOfMemory = !response.ok && /^MemoryError\b/.test(response.error.message || "");
  // An internal error from a restored interpreter may be the saved state's: asked again of a fresh one.
  if (state.restored && !response.ok && response.error.type === "InternalError" && !outOfMemory) {
    distrust(response.error.message);
    return;
  }
  post({ id, ...response });
  // The page's SAT module stopped during the request (Python answered it on python-sat's wheel).
  if (state.sat === "module" && entryPoint().sat() !== "module") {
    state.sat = "wheel";
    post({ type: "sat", sat: state.sat });
  }
  // Python ran out of memory and said so: the answer stands, but wasm memory never shrinks, so
  // this worker retires and the Engine puts a fresh one in its place.
  if (outOfMemory) retire(null, new Error("out of memory"));
}

self.onmessage = (event) => {
  const { id, ...request } = event.data || {};
  if (state.dead) {
    post({ ...failure(id, "the engine has stopped working"), died: true });
    return;
  }
  if (request.op === "preload") {                 // fetched only once Python is ready (first load first)
    if (state.handle) preload(id, request);
    else state.waitingPreloads.push([id, request]);
    return;
  }
  enqueue(request.op === "parse" ? 0 : 1, () => answer(id, request));
};

async function start() {
  const t0 = performance.now();
  const runtime = import("./pyodide/pyodide.asm.mjs.js");
  runtime.catch(() => {});
  const sat = loadSat();
  const listing = await fetch("build.json", { cache: "no-cache" });
  const controlled = listing.headers.has("x-gridlogic-rev");       // served by our service worker
  state.build = await listing.json();
  const { build } = state;
  if (controlled && (await caches.has(`gridlogic-${build.version}`))) state.buildFiles = await buildCache();
  // ?snapshot=off: no saved state read or made; ?snapshot=fresh: none read (the Engine's fresh start
  // after a saved state failed), one made.
  const mode = new URL(self.location.href).searchParams.get("snapshot");
  const saving = typeof caches !== "undefined" && mode !== "off";
  let saved = saving && mode !== "fresh" ? await findSnapshot() : null;
  let core;
  if (saved) {
    // Without the service worker, Pyodide's own requests may be answered by the HTTP cache: it must
    // hold this build's runtime (the one the snapshot was made with), so it is revalidated first.
    const urls = controlled ? build.core : [...build.runtime, ...build.core];
    core = unpackCore(download(urls, "Starting Python from its saved state", build.core));
    core.files.catch(() => {});                      // unpacked while the snapshot is read and restored
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
  let satBuild = "";
  let hello = null;
  if (saved) {
    try {
      // Only this build's own: its cache holds nothing else, and the stamp makes sure of it.
      if (saved.build !== build.version) throw new Error(`saved by build ${saved.build || "(none named)"}, not ${build.version}`);
      state.pyodide = await loadPyodide({ ...options, _loadSnapshot: new Uint8Array(0) });
      if (!layout.value || layout.value !== saved.layout) {
        throw new Error(`libraries at ${layout.value || "nothing"}, saved with ${saved.layout}`);
      }
      const random = state.pyodide.pyimport("random");
      random.seed();                                              // not the saved state's sequence
      random.destroy();
      // The file system is not in the snapshot: site-packages holds what a fresh start has before
      // anything runs, so a module or file first read after the restore is found there.
      writeFiles(await core.files);
      invalidateImportCaches();
      satBuild = await registerSat(state.pyodide, sat);
      state.handle = entryPoint().handle;
      hello = callApi(0, { op: "hello" });
      if (!hello.ok) throw new Error(hello.error.message);
      how = "snapshot";
      state.restored = true;
    } catch (err) {
      fallback = String((err && err.message) || err);
      console.warn(`gridlogic: the saved state did not restore (${fallback}); starting afresh`);
      state.pyodide = null;
      state.handle = null;
      hello = null;
      layout.value = "";
      await forgetSnapshot();
    }
  }
  let snapshot = null;
  if (!state.pyodide) {
    post({ type: "load", stage: "Starting Python", loaded: 1, total: 1 });
    saved = null;
    state.pyodide = await loadPyodide({ ...options, _makeSnapshot: saving });
    post({ type: "load", stage: "Importing gridlogic", loaded: 1, total: 1 });
    writeFiles(await core.files);
    invalidateImportCaches();
    // Everything the api may import later, before the snapshot: a restored interpreter never needs to
    // import gridlogic again (only optional packages).
    const entry = entryPoint();
    entry.load();
    state.handle = entry.handle;
    // Only a start whose libraries were preloaded can be restored the same way.
    if (saving && layout.value) {
      try {
        snapshot = state.pyodide.makeMemorySnapshot();
      } catch (err) {
        console.warn(`gridlogic: no snapshot of this start (${err && err.message})`);
      }
    }
    satBuild = await registerSat(state.pyodide, sat);
  }
  if (!hello) hello = callApi(0, { op: "hello" });
  state.sat = satBuild;
  post({ type: "ready", hello: hello.result, ms: Math.round(performance.now() - t0), version: build.version,
         start: how, fallback, sat: satBuild });
  saved = null;                                     // Pyodide keeps its options: let the bytes go
  core = null;
  for (const [id, request] of state.waitingPreloads.splice(0)) preload(id, request);
  pump();
  if (snapshot) {
    storeSnapshot(snapshot, layout.value).then(
      (bytes) => post({ type: "snapshot", stored: bytes > 0, bytes, memory: snapshot.length }),
      (err) => post({ type: "snapshot", stored: false, error: String((err && err.message) || err) }));
  }
}

start().catch((err) => post({ type: "fatal", message: String((err && err.message) || err) }));
