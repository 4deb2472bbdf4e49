// The worker's shared state, in one object, and the two ways it talks: `post` to the page and
// `callApi` into Python, through the named functions of the Python module gridlogic.api.entry
// (`entryPoint`). Whatever more than one of the worker's modules reads or changes lives in `state`; a
// counter or timer that one module alone uses stays in that module.
export const state = {
  build: null,                         // build.json: {version, runtime, core, lazy, files}
  buildFiles: null,                    // the build's cache, once build.json is read
  pyodide: null,
  handle: null,                        // gridlogic.api.entry.handle_json(text, progress), once ready
  dead: false,                         // the interpreter failed: no more work
  restored: false,                     // started from the saved state (ready.start "snapshot")
  running: false,                      // a queued task is running
  queue: [],                           // {rank, seq, run}: lower rank first, then arrival
  installed: new Set(),                // optional packages installed
  imports: new Map(),                  // package → {promise, resolve, reject, started}
  wanted: new Set(),                   // packages the page's kind wants imported when idle (its last preload)
  waitingPreloads: [],                 // preload requests that came before build.json
  sat: "",                             // which CaDiCaL answers: "module" or "wheel" (ready.sat, then "sat")
};

const T0 = performance.now();

export function post(message) {
  if (message.type === "load") message.at = Math.round(performance.now() - T0);
  self.postMessage(message);
}

export function failure(id, err) {
  return { id, ok: false, error: { type: "EngineError", message: String((err && err.message) || err), where: {} } };
}

// The Python entry point's functions: `handle` (request JSON text, progress → response JSON text) and
// `load` (import what requests may import later, and encode the common shapes), `warm` (load the next of
// their solvers: true while more remain), `sat` (which CaDiCaL answers now). Imports
// gridlogic.api.entry on first use.
export function entryPoint() {
  const entry = state.pyodide.pyimport("gridlogic.api.entry");     // (kept: its functions are borrowed from it)
  return { handle: entry.handle_json, load: entry.load, warm: entry.warm, sat: entry.sat };
}

// Python forgets what it knew of the file system's packages (after wheels are written or installed).
export function invalidateImportCaches() {
  const importlib = state.pyodide.pyimport("importlib");
  importlib.invalidate_caches();
  importlib.destroy();
}

export function callApi(id, request) {
  const progress = (text) => post({ id, progress: JSON.parse(text) });
  return JSON.parse(state.handle(JSON.stringify(request), progress));
}
