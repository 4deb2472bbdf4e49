// CaDiCaL 1.9.5 as the page's own wasm module (built by wasm/cadical.py from wasm/cadical_api.cpp into
// sat/cadical195.js and sat/cadical195.wasm), wrapped for Python: the worker hands the object that
// `loadCadical` makes to Pyodide (registerJsModule "cadical_wasm"), and
// pysrc/gridlogic/backends/sat/wasm_cadical.py drives it. Literals cross in batches: Python passes a
// buffer of 32-bit ints (an array('i'), or any Int32Array) and gets models and failed assumptions back
// as Int32Arrays; one call a batch, never one a literal.
//
// Solvers are the module's pointers (numbers). Calls:
//   make() → s · free(s) · set(s, name, value) → bool · add(s, lits) (clauses, each ended by 0)
//   phase(s, lits) · limit(s, conflicts) (-1: none) · solve(s, assumptions) → 10 | 20 | 0 (limit)
//   model(s) → Int32Array (v or -v for v = 1..vars) · failed(s, lits) → Int32Array
// A module that aborts (out of memory, a fault) is dead: that call and every later one throw "the SAT
// module stopped: …", which Python turns into EngineStopped (the request is asked again of python-sat's).

// `bytes`: the contents of cadical195.wasm (the glue is handed them, so it fetches nothing itself).
export async function loadCadical(bytes) {
  const { default: create } = await import("./cadical195.js");
  const m = await create({ wasmBinary: bytes });
  let scratch = 0;
  let room = 0;

  // Room for n ints in the module's memory (grown as needed; memory growth replaces the views).
  function ints(n) {
    if (n > room) {
      if (scratch) m._free(scratch);
      room = Math.max(n, 2 * room, 1024);
      scratch = m._malloc(4 * room);
      if (!scratch) throw new Error("the SAT solver is out of memory");
    }
    return scratch;
  }

  // Copy a Python buffer (or an Int32Array) of ints to the start of scratch memory, with room for as
  // many again after them when `twice`: its length.
  function copyIn(lits, twice = false) {
    const view = ArrayBuffer.isView(lits) ? { data: lits, release() {} } : lits.getBuffer("i32");
    try {
      const n = view.data.length;
      const at = ints(twice ? 2 * n : n);     // first: a malloc that grows memory replaces m.HEAP32
      m.HEAP32.set(view.data, at >> 2);
      return n;
    } finally {
      view.release();
    }
  }

  let stopped = null;        // why the module stopped, once it has

  // `call`, unless the module has stopped; a throw from inside it stops the module for good.
  function guarded(call) {
    return (...args) => {
      if (stopped) throw new Error(`the SAT module stopped: ${stopped}`);
      try {
        return call(...args);
      } catch (err) {
        stopped = (err && err.message) || String(err);
        throw new Error(`the SAT module stopped: ${stopped}`);
      }
    };
  }

  const api = {
    make: () => m._cdc_new(),
    free: (s) => m._cdc_delete(s),
    set(s, name, value) {
      const bytes = new TextEncoder().encode(`${name}\0`);
      const at = ints((bytes.length >> 2) + 1);
      m.HEAPU8.set(bytes, at);
      return m._cdc_set(s, at, value) !== 0;
    },
    add(s, lits) {
      const n = copyIn(lits);
      m._cdc_add(s, scratch, n);
    },
    phase(s, lits) {
      const n = copyIn(lits);
      m._cdc_phase(s, scratch, n);
    },
    limit: (s, conflicts) => m._cdc_limit(s, conflicts),
    solve(s, assumptions) {
      const n = copyIn(assumptions);
      m._cdc_assume(s, scratch, n);
      return m._cdc_solve(s);
    },
    model(s) {
      const n = m._cdc_vars(s);
      const at = ints(n);
      m._cdc_model(s, at, n);
      return m.HEAP32.slice(at >> 2, (at >> 2) + n);
    },
    failed(s, lits) {
      const n = copyIn(lits, true);
      const out = scratch + 4 * n;
      const k = m._cdc_failed(s, scratch, n, out);
      return m.HEAP32.slice(out >> 2, (out >> 2) + k);
    },
  };
  return Object.fromEntries(Object.entries(api).map(([name, call]) => [name, guarded(call)]));
}
