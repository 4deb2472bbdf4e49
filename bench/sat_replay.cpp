// Replays bench/sat_trace.py traces on CaDiCaL 1.9.5 built outside python-sat: the prototype behind
// "SAT search in the page" in docs/benchmarks.md (a benchmark tool, not part of the site).
//
// CaDiCaL's sources are python-sat's own copy (its sdist's solvers/cadical195.tar.gz with
// solvers/patches/cadical195.patch applied, as its solvers/prepare.py lays them out: namespace
// CaDiCaL195, file.cpp renamed file0.cpp), compiled with its solvers/cadical195/Makefile:
//   native:  make lib                      (g++ -O3 -DNDEBUG, as python-sat's wheels)
//            g++ -O3 -DNDEBUG -I. sat_replay.cpp libcadical195.a -o replay
//   wasm:    make lib CXX=em++ CXXFLAGS="-std=c++11 -DQUIET -fno-exceptions"   (Debian's emscripten)
//            em++ -O3 -DNDEBUG -fno-exceptions -I. sat_replay.cpp libcadical195.a -o replay.js
//                 -sALLOW_MEMORY_GROWTH=1 -sNODERAWFS=1   (one line)
//            node --no-experimental-fetch replay.js REPEAT TRACE...
// Prints one JSON line per trace: the best of REPEAT replays' load (clauses, phases) and search (solve
// calls) CPU seconds, the solve calls, and whether every verdict matched the recorded one. Every trace
// is replayed on CaDiCaL, whatever engine it names: give it the `page` and `cadical` traces.
#include "cadical.hpp"
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>
using namespace std;
// CPU seconds of the process (Node's process.cpuUsage under Emscripten, whose process clock is a wall clock).
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
EM_JS(double, cpu_now, (), { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; });
#else
#include <time.h>
static double cpu_now() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
#endif
static double secs(double since) { return cpu_now() - since; }

struct Op { char tag; int sid; string key; vector<int> lits; long long n; };

static vector<Op> parse(const char *path) {
  ifstream in(path); string line; vector<Op> ops;
  while (getline(in, line)) {
    if (line.empty()) continue;
    istringstream s(line); Op op; s >> op.tag >> op.sid; op.n = 0;
    if (op.tag == 'n') s >> op.key;
    else if (op.tag == 'o') s >> op.key >> op.n;
    else if (op.tag == 'b' || op.tag == 'q' || op.tag == '=') s >> op.n;
    else if (op.tag != 'd') { int x; while (s >> x && x) op.lits.push_back(x); }
    ops.push_back(std::move(op));
  }
  return ops;
}

int main(int argc, char **argv) {
  int repeat = atoi(argv[1]);
  for (int f = 2; f < argc; f++) {
    vector<Op> ops = parse(argv[f]);
    double best_load = 1e9, best_search = 1e9; int calls = 0; bool same = true;
    for (int r = 0; r < repeat; r++) {
      map<int, CaDiCaL195::Solver *> solvers; double load = 0, search = 0; int res = 0; calls = 0;
      double loading = -1;                       // when the current run of clauses and phases began
      for (const Op &op : ops) {
        bool adds = op.tag == 'c' || op.tag == 'p';
        if (adds && loading < 0) loading = cpu_now();
        if (!adds && loading >= 0) { load += secs(loading); loading = -1; }
        CaDiCaL195::Solver *s = op.tag == 'n' ? nullptr : solvers[op.sid];
        switch (op.tag) {
        case 'n': solvers[op.sid] = new CaDiCaL195::Solver; break;
        case 'o': s->set(op.key.c_str(), (int)op.n); break;
        case 'c': for (int x : op.lits) s->add(x); s->add(0); break;
        case 'p': for (int x : op.lits) s->phase(x); break;
        case 'b': s->limit("conflicts", op.n != 0 && op.n != -1 ? (int)op.n : -1); break;
        case 'a': case 'l': {
          auto t = cpu_now(); for (int x : op.lits) s->assume(x);
          int v = s->solve(); search += secs(t); calls++;
          res = v == 10 ? 1 : v == 20 ? 0 : -1; break; }
        case '=': same = same && res == op.n; break;
        case 'd': delete s; solvers.erase(op.sid); break;
        }
      }
      if (loading >= 0) load += secs(loading);
      for (auto &kv : solvers) delete kv.second;
      if (load < best_load) best_load = load;
      if (search < best_search) best_search = search;
    }
    printf("{\"trace\": \"%s\", \"load\": %.6f, \"search\": %.6f, \"calls\": %d, \"same\": %s}\n",
           argv[f], best_load, best_search, calls, same ? "true" : "false");
    fflush(stdout);
  }
  return 0;
}
