// The page's own SAT solver (CaDiCaL, sat/cadical.js): fetched and started beside Pyodide, then handed
// to Python as the JS module `cadical_wasm` (backends/sat/wasm_cadical.py). Registered only after a
// memory snapshot is taken or restored: the snapshot must hold no reference to JavaScript. When it
// fails to load, Python keeps python-sat's wheel (`ready.sat` says which: "module" or "wheel").
import { loadCadical } from "../sat/cadical.js";

const WASM = new URL("../sat/cadical195.wasm", import.meta.url).href;

// A promise of the solver's API, or of null when it could not be loaded.
export function loadSat() {
  return (async () => {
    const response = await fetch(WASM, { cache: "no-cache" });
    if (!response.ok) throw new Error(`sat/cadical195.wasm: HTTP ${response.status}`);
    return loadCadical(new Uint8Array(await response.arrayBuffer()));
  })().catch((err) => {
    console.warn(`gridlogic: the SAT module did not load (${(err && err.message) || err}); using python-sat's`);
    return null;
  });
}

// Hands the solver to Python: "module", or "wheel" when there is none.
export async function registerSat(pyodide, sat) {
  const api = await sat;
  if (!api) return "wheel";
  pyodide.registerJsModule("cadical_wasm", api);
  return "module";
}
