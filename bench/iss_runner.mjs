// iss_runner.mjs: the Interactive Sudoku Solver (ISS, github sigh/Interactive-Sudoku-Solver) side of
// bench/bench_variants_iss.py. Not a test. ISS is imported from the directory given (--iss DIR), a copy
// of its repository kept outside this one; none of its code is in this repository.
//
//   node bench/iss_runner.mjs --iss DIR [--repeat N] [--warmup N] < puzzles.json > results.json
//   node bench/iss_runner.mjs --iss DIR --serve       (rounds on request, one JSON line each; see below)
//
// stdin: {"puzzles": [...]}, each puzzle either
//   {"name", "grid": "4.....8.5.3..."}                     a classic 9×9 (81 characters, '.' or '0' empty)
//   {"name", "size", "givens": [...], "regions": [...]|null, "rules": [...], "constraints": [...]}
//     a variant sudoku as gridlogic reads it (gridlogic.kinds.sudoku.Puzzle: givens row-major, 0 empty;
//     regions row-major, -1 none; constraints {type, cells [[r, c]...] 0-based, value, more, digits,
//     direction}), written here as an ISS constraint string (its `.Type~arg~R1C1~...` format).
// ISS itself reads no f-puzzles or SudokuPad link at the snapshot used (its js/ has no such reader),
// so the variant puzzles reach it through this translation; a constraint with no ISS counterpart makes
// the puzzle "skipped" with the reason.
//
// First --warmup untimed rounds over all puzzles (default 1), then --repeat timed rounds (each puzzle
// once a round, in order, so a passing load on the shared machine touches every puzzle alike); each
// solve the way ISS's tools/lib/solver_analysis.js runSolve does it: parse the
// constraint string (SudokuParser.parseText), SudokuBuilder.resolveConstraint + build, then
// _internalSolver.run({maxSolutions: 2}) (solve + uniqueness: stops at a second solution). Timed by
// process.cpuUsage() (user + system CPU of this process, µs): `cpu_ms` is parse + build + search (what
// gridlogic's `solve` request does from its state), `search_ms` the run alone. performance.now() wall
// times are reported beside them (`wall_ms`).
//
// stdout: {"iss": {"dir", "timer"}, "results": [{name, status: unique|multiple|none|skipped, reason?,
//   input (the ISS string), solution ([ints] row-major, the first found), cpu_ms [...], search_ms [...],
//   wall_ms [...], counters {guesses, backtracks, nodesSearched}}]}

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const issArg = opt('--iss', process.env.GRIDLOGIC_ISS || '');
const REPEAT = Math.max(1, parseInt(opt('--repeat', '3'), 10));
const WARMUP = Math.max(0, parseInt(opt('--warmup', '1'), 10));
if (!issArg) {
  console.error('usage: node bench/iss_runner.mjs --iss DIR [--repeat N] < puzzles.json');
  process.exit(2);
}
const ISS = resolve(issArg);
const issUrl = (rel) => pathToFileURL(join(ISS, rel)).href;

// ISS's own headless bootstrap (what its tools and tests use): self, VERSION_PARAM, atob/btoa.
const { ensureGlobalEnvironment } = await import(issUrl('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const V = globalThis.self.VERSION_PARAM;
const { SudokuParser } = await import(issUrl('js/sudoku_parser.js') + V);
const { SudokuBuilder } = await import(issUrl('js/solver/sudoku_builder.js') + V);
const { SudokuConstraint } = await import(issUrl('js/sudoku_constraint.js') + V);
const { CellGeometry } = await import(issUrl('js/cell_geometry.js') + V);
const { LookupTables } = await import(issUrl('js/solver/lookup_tables.js') + V);

class Unsupported extends Error {}

// -- gridlogic's puzzle as an ISS constraint string ------------------------------------------------
const SEP = '';
const LAYOUT_CHARS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY';

function translate(p) {
  const n = p.size;
  const shape = `${n}x${n}`;
  const geometry = CellGeometry.fromShapeSpec(shape);
  const id = ([r, c]) => geometry.makeCellId(r, c);
  const ids = (cells) => cells.map(id).join('~');
  const key = (fn) => SudokuConstraint.Pair.fnToKey(fn, n);
  const out = [];
  if (n !== 9) out.push(`.Shape~${shape}`);
  if (p.regions) {
    const layout = p.regions.map((x) => (x < 0 ? 'Z' : LAYOUT_CHARS[x])).join('');
    out.push('.NoBoxes', `.Jigsaw~${layout}`);
  }
  const givens = new Map();
  p.givens.forEach((d, i) => { if (d) givens.set(i, [d]); });

  const cs = p.constraints;
  const typeOf = (t) => cs.filter((c) => c.type === t);
  const eff = (c, dflt) => (c.value === null || c.value === undefined ? dflt : c.value);
  const edgeKey = (a, b) => {
    const [x, y] = [a[0] * n + a[1], b[0] * n + b[1]].sort((u, v) => u - v);
    return `${x},${y}`;
  };
  const edges = () => {
    const all = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (c + 1 < n) all.push([[r, c], [r, c + 1]]);
        if (r + 1 < n) all.push([[r, c], [r + 1, c]]);
      }
    }
    return all;
  };
  const pairs = (fn, cellPairs) => {
    // One Pair per cell pair, as groups of one constraint (an empty item ends a group).
    if (cellPairs.length) out.push(`.Pair~${key(fn)}~${cellPairs.map(([a, b]) => `${id(a)}~${id(b)}`).join('~~')}`);
  };

  for (const c of cs) {
    const cells = c.cells;
    switch (c.type) {
      case 'killer':
        if (cells.length === 1) {
          if (c.value !== null && c.value !== undefined) {
            const i = cells[0][0] * n + cells[0][1];
            givens.set(i, (givens.get(i) || [c.value]).filter((d) => d === c.value));
          }
        } else {
          out.push(`.Cage~${eff(c, 0)}~${ids(cells)}`);   // ISS: a sum of 0 is no sum (AllDifferent)
        }
        break;
      case 'arrow':
        if (cells.length === 1) out.push(`.Arrow~${ids(cells.concat(c.more))}`);
        else out.push(`.PillArrow~${cells.length}~${ids(cells.concat(c.more))}`);
        break;
      case 'doublearrow': out.push(`.DoubleArrow~${ids(cells)}`); break;
      case 'thermo': out.push(`.Thermo~${ids(cells)}`); break;
      case 'slowthermo': pairs((a, b) => a <= b, cells.slice(1).map((x, i) => [cells[i], x])); break;
      case 'palindrome': out.push(`.Palindrome~${ids(cells)}`); break;
      case 'renban': out.push(`.Renban~${ids(cells)}`); break;
      case 'whispers': out.push(`.Whisper~${eff(c, (n + 1) >> 1)}~${ids(cells)}`); break;
      case 'dutchwhispers': out.push(`.Whisper~${eff(c, 4)}~${ids(cells)}`); break;
      case 'between': out.push(`.Between~${ids(cells)}`); break;
      case 'regionsum': out.push(`.RegionSumLine~${ids(cells)}`); break;
      case 'entropic':
        if (n !== 9) throw new Unsupported('entropic line off a 9×9 (ISS: 9×9 only)');
        out.push(`.Entropic~${ids(cells)}`);
        break;
      case 'modular': out.push(`.Modular~3~${ids(cells)}`); break;           // gridlogic: residues mod 3
      case 'zipper': out.push(`.Zipper~${ids(cells)}`); break;
      case 'white':
        if (eff(c, 1) === 1) out.push(`.WhiteDot~${ids(cells)}`);
        else pairs((a, b) => Math.abs(a - b) === c.value, [cells]);
        break;
      case 'black':
        if (eff(c, 2) === 2) out.push(`.BlackDot~${ids(cells)}`);
        else pairs((a, b) => a === c.value * b || b === c.value * a, [cells]);
        break;
      case 'x': out.push(`.X~${ids(cells)}`); break;
      case 'v': out.push(`.V~${ids(cells)}`); break;
      case 'odd': case 'even':
        for (const [r, col] of cells) {
          const i = r * n + col;
          const want = c.type === 'odd' ? 1 : 0;
          const allowed = (givens.get(i) || Array.from({ length: n }, (_, k) => k + 1))
            .filter((d) => d % 2 === want);
          givens.set(i, allowed);
        }
        break;
      case 'minimum': case 'maximum': {
        // gridlogic merges all cells of one type: marked cells side by side are not compared.
        const marked = new Set(typeOf(c.type).flatMap((x) => x.cells).map(([r, col]) => r * n + col));
        for (const [r, col] of cells) {
          for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
            const r2 = r + dr; const c2 = col + dc;
            if (r2 < 0 || c2 < 0 || r2 >= n || c2 >= n || marked.has(r2 * n + c2)) continue;
            // ISS GreaterThan: the first cell is greater than the later adjacent one.
            const [hi, lo] = c.type === 'maximum' ? [[r, col], [r2, c2]] : [[r2, c2], [r, col]];
            out.push(`.GreaterThan~${id(hi)}~${id(lo)}`);
          }
        }
        break;
      }
      case 'extraregion': out.push(`.AllDifferent~${ids(cells)}`); break;
      case 'clone': pairs((a, b) => a === b, cells.map((x, i) => [x, c.more[i]])); break;
      case 'quadruple': {
        const r0 = Math.min(...cells.map((x) => x[0]));
        const c0 = Math.min(...cells.map((x) => x[1]));
        out.push(`.Quad~${id([r0, c0])}~${c.digits.join('~')}`);
        break;
      }
      case 'rowindexer': out.push(`.Indexing~R~${ids(cells)}`); break;
      case 'columnindexer': out.push(`.Indexing~C~${ids(cells)}`); break;
      case 'littlekiller': case 'sandwich': case 'xsum': case 'skyscraper': {
        const cls = { littlekiller: 'LittleKiller', sandwich: 'Sandwich', xsum: 'XSum',
          skyscraper: 'Skyscraper' }[c.type];
        const line = outsideCells(c, n).map(id);
        let clue;
        try {
          clue = SudokuConstraint[cls].fromCells(c.value, line, geometry);
        } catch (e) {
          throw new Unsupported(`${c.type} ${c.value} on ${line[0]}..: ${e.message}`);
        }
        out.push(SudokuConstraint[cls].serialize([clue]));
        break;
      }
      default:
        throw new Unsupported(`no ISS constraint for gridlogic's ${c.type}`);
    }
  }

  const rules = new Set(p.rules);
  if (rules.has('king')) out.push('.AntiKing');
  if (rules.has('knight')) out.push('.AntiKnight');
  if (rules.has('diagonal') || rules.has('maindiagonal')) out.push('.Diagonal~-1');   // r1c1..rNcN
  if (rules.has('diagonal') || rules.has('antidiagonal')) out.push('.Diagonal~1');    // rNc1..r1cN
  if (rules.has('disjoint')) out.push('.DisjointSets');
  if (rules.has('negative_xv')) out.push('.StrictXV');                   // X and V exempt their pairs
  const negWhite = rules.has('nonconsecutive');
  const negBlack = rules.has('negative_black');
  const kropki = cs.filter((c) => c.type === 'white' || c.type === 'black');
  if (negWhite || negBlack) {
    const plainDots = kropki.every((c) => eff(c, c.type === 'white' ? 1 : 2) === (c.type === 'white' ? 1 : 2));
    if (negWhite && negBlack && plainDots) {
      out.push('.StrictKropki');              // both negatives; a dot of either colour exempts its pair
    } else if (negWhite && !negBlack && !kropki.length) {
      out.push('.AntiConsecutive');
    } else {
      // gridlogic's rule: a kropki dot of either colour exempts its edge from both negatives.
      const marked = new Set(kropki.map((c) => edgeKey(...c.cells)));
      const free = edges().filter(([a, b]) => !marked.has(edgeKey(a, b)));
      pairs((a, b) => (!negWhite || Math.abs(a - b) !== 1) && (!negBlack || (a !== 2 * b && b !== 2 * a)), free);
    }
  }
  const givenIds = [];
  for (const [i, values] of [...givens.entries()].sort((a, b) => a[0] - b[0])) {
    givenIds.push(`${geometry.makeCellIdFromIndex(i)}_${values.join('_')}`);
  }
  if (givenIds.length) out.push(`.~${givenIds.join('~')}`);
  for (const r of rules) {
    if (!['king', 'knight', 'diagonal', 'maindiagonal', 'antidiagonal', 'disjoint', 'negative_xv',
      'nonconsecutive', 'negative_black'].includes(r)) throw new Unsupported(`rule ${r}`);
  }
  return out.join(SEP);
}

// The cells an outside clue looks along, nearest first (as gridlogic's constraints.outside_cells).
function outsideCells(c, n) {
  let [[r, col]] = c.cells;
  if (c.type === 'littlekiller') {
    const [dr, dc] = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] }[c.direction];
    const line = [];
    for (r += dr, col += dc; r >= 0 && col >= 0 && r < n && col < n; r += dr, col += dc) line.push([r, col]);
    return line;
  }
  const idx = [...Array(n).keys()];
  if (r === -1) return idx.map((i) => [i, col]);
  if (r === n) return idx.reverse().map((i) => [i, col]);
  if (col === -1) return idx.map((i) => [r, i]);
  return idx.reverse().map((i) => [r, i]);
}

// -- one timed solve + uniqueness -------------------------------------------------------------------
const cpuMs = (u) => (u.user + u.system) / 1000;

function solveOnce(input) {
  const w0 = performance.now();
  const c0 = process.cpuUsage();
  const constraint = SudokuParser.parseText(input);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const internal = solver._internalSolver;
  const s0 = process.cpuUsage();
  let first = null;
  const numCells = internal._geometry.numGridCells;
  internal.run({ maxSolutions: 2 }, (grid) => { if (!first) first = grid.slice(0, numCells); });
  const s1 = process.cpuUsage(s0);
  const c1 = process.cpuUsage(c0);
  const w1 = performance.now();
  const count = internal.counters.solutions;
  const exhausted = internal.state === internal.constructor.STATE_EXHAUSTED;
  const status = count >= 2 ? 'multiple' : count === 1 && exhausted ? 'unique' : count === 0 && exhausted ? 'none' : 'incomplete';
  const offset = internal._geometry.valueOffset;
  const solution = first ? Array.from(first, (m) => LookupTables.toOffsetValue(m, offset)) : null;
  const { guesses, backtracks, nodesSearched } = internal.counters;
  return { status, solution, cpu: cpuMs(c1), search: cpuMs(s1), wall: w1 - w0,
    counters: { guesses, backtracks, nodesSearched } };
}

// Each puzzle as ISS reads it, or why it is skipped.
function prepare(puzzles) {
  return puzzles.map((p) => {
    const res = { name: p.name };
    let input;
    try {
      input = p.grid !== undefined ? `=${p.grid}` : translate(p);
      // Check that ISS reads and builds it before timing.
      SudokuBuilder.build(SudokuBuilder.resolveConstraint(SudokuParser.parseText(input)));
    } catch (e) {
      res.status = 'skipped';
      res.reason = e instanceof Unsupported ? e.message : `ISS refused the translation: ${e.message}`;
    }
    res.input = input ?? null;
    return res;
  });
}

// One round: every puzzle solved once, in order; a result per puzzle (null when skipped).
const round = (prepared) => prepared.map((res) => (res.status === 'skipped' ? null : solveOnce(res.input)));

const header = { dir: ISS, repeat: REPEAT, warmup: WARMUP,
  timer: 'process.cpuUsage() user+system (cpu_ms, search_ms); performance.now() (wall_ms)' };

if (args.includes('--serve')) {
  // Line protocol, for bench_variants_iss.py to interleave its rounds with ISS's: the first line is
  // {"puzzles": [...]}, answered by {"iss", "prepared": [{name, status?, reason?, input}]}; then each
  // line {"round": true} is answered by {"round": [result or null, ...]} (one solve per puzzle).
  const { createInterface } = await import('node:readline');
  let prepared = null;
  for await (const line of createInterface({ input: process.stdin })) {
    if (!line.trim()) continue;
    const msg = JSON.parse(line);
    if (msg.puzzles) {
      prepared = prepare(msg.puzzles);
      process.stdout.write(JSON.stringify({ iss: header, prepared }) + '\n');
    } else if (msg.round) {
      process.stdout.write(JSON.stringify({ round: round(prepared) }) + '\n');
    }
  }
} else {
  const prepared = prepare(JSON.parse(readFileSync(0, 'utf8')).puzzles);
  // Untimed rounds over every puzzle first (V8 compiles the handlers' code as it runs them), then
  // --repeat timed rounds; each puzzle keeps its times in round order.
  for (let k = 0; k < WARMUP; k++) round(prepared);
  for (const res of prepared) {
    if (res.status !== 'skipped') Object.assign(res, { cpu_ms: [], search_ms: [], wall_ms: [] });
  }
  for (let k = 0; k < REPEAT; k++) {
    round(prepared).forEach((r, i) => {
      if (!r) return;
      const res = prepared[i];
      res.status = r.status; res.solution = r.solution; res.counters = r.counters;
      res.cpu_ms.push(r.cpu); res.search_ms.push(r.search); res.wall_ms.push(r.wall);
    });
  }
  process.stdout.write(JSON.stringify({ iss: header, results: prepared }));
}
