// The worker's shared state, in one object, and the two ways it talks: `post` to the page and
// `callApi` into Python. Whatever more than one of the worker's modules reads or changes lives in
// `state`; a counter or timer that one module alone uses stays in that module.
export const state = {
  build: null,                         // build.json: {version, runtime, core, lazy, files}
  buildFiles: null,                    // the build's cache, once build.json is read
  pyodide: null,
  handle: null,                        // Python's `_handle(text, progress)`, once ready
  dead: false,                         // the interpreter failed: no more work
  running: false,                      // a queued task is running
  queue: [],                           // {rank, seq, run}: lower rank first, then arrival
  installed: new Set(),                // optional packages installed
  imports: new Map(),                  // package → {promise, resolve, reject, started}
  waitingPreloads: [],                 // preload requests that came before build.json
};

const T0 = performance.now();

export function post(message) {
  if (message.type === "load") message.at = Math.round(performance.now() - T0);
  self.postMessage(message);
}

export function failure(id, err) {
  return { id, ok: false, error: { type: "EngineError", message: String((err && err.message) || err), where: {} } };
}

export function callApi(id, request) {
  const progress = (text) => post({ id, progress: JSON.parse(text) });
  return JSON.parse(state.handle(JSON.stringify(request), progress));
}
