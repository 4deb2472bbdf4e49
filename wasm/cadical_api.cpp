// A small C API over CaDiCaL 1.9.5 (python-sat's copy and patch) for the page's own wasm module: the
// calls gridlogic's SAT engine makes (backends/sat/wasm_cadical.py), with literals crossing in
// batches through buffers in this module's memory. Solvers are opaque pointers.
//
//   cdc_new()                          a new solver
//   cdc_set(s, name, value)            an option (any time, as python-sat allows); 1 when it took
//   cdc_add(s, lits, n)                n literals of clauses, each ended by 0
//   cdc_assume(s, lits, n)             n assumptions for the next solve
//   cdc_phase(s, lits, n)              n literals to try first
//   cdc_limit(s, conflicts)            the next solve's conflict limit (-1: none)
//   cdc_solve(s)                       10 satisfiable, 20 unsatisfiable, 0 limit reached
//   cdc_vars(s)                        the largest variable
//   cdc_model(s, out, n)               out[v - 1] = v or -v for v = 1..n
//   cdc_failed(s, lits, n, out)        the failed assumptions among lits, into out; returns how many
//   cdc_delete(s)
#include "cadical.hpp"
#include <emscripten/emscripten.h>

using CaDiCaL195::Solver;
using CaDiCaL195::State;

extern "C" {

EMSCRIPTEN_KEEPALIVE Solver *cdc_new() { return new Solver; }

EMSCRIPTEN_KEEPALIVE void cdc_delete(Solver *s) { delete s; }

EMSCRIPTEN_KEEPALIVE int cdc_set(Solver *s, const char *name, int value) {
  State was = s->state();
  s->set_state(State::CONFIGURING);   // as python-sat's cadical195_set: options after the first clause too
  bool took = s->set(name, value);
  s->set_state(was);
  return took;
}

EMSCRIPTEN_KEEPALIVE void cdc_add(Solver *s, const int *lits, int n) {
  for (int i = 0; i < n; i++) s->add(lits[i]);
}

EMSCRIPTEN_KEEPALIVE void cdc_assume(Solver *s, const int *lits, int n) {
  for (int i = 0; i < n; i++) s->assume(lits[i]);
}

EMSCRIPTEN_KEEPALIVE void cdc_phase(Solver *s, const int *lits, int n) {
  for (int i = 0; i < n; i++) s->phase(lits[i]);
}

EMSCRIPTEN_KEEPALIVE void cdc_limit(Solver *s, int conflicts) { s->limit("conflicts", conflicts); }

EMSCRIPTEN_KEEPALIVE int cdc_solve(Solver *s) { return s->solve(); }

EMSCRIPTEN_KEEPALIVE int cdc_vars(Solver *s) { return s->vars(); }

EMSCRIPTEN_KEEPALIVE void cdc_model(Solver *s, int *out, int n) {
  for (int v = 1; v <= n; v++) out[v - 1] = s->val(v) > 0 ? v : -v;
}

EMSCRIPTEN_KEEPALIVE int cdc_failed(Solver *s, const int *lits, int n, int *out) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (s->failed(lits[i])) out[k++] = lits[i];
  return k;
}

}
