// The lattice part's JS module (web/editor/parts/lattice.js) under Node.
//   node lattice_part.mjs            checks the shared vectors (tests/data/lattice_vectors.json: the
//                                    share-link section both ways, damaged sections, what a state's
//                                    value keeps) and the module's editing (taps, drag steps, a saved
//                                    play state's marks, where a tap lands), through the share link and
//                                    the play state too; prints "ok", exits 1 on a failure.
//   node lattice_part.mjs CASES      reads {cases: [{part, rows, cols, value}]} (a part entry each) and
//                                    prints per case {text, back, fits, canonical, kept} as JSON lines,
//                                    for tests/test_lattice_part.py to hold against the Python twin.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { canonicalMarks, cellsBeside, decodeMarks, encodeMarks, fitsMarks, keepMarks, looksOf, stroke, tap, targetAt } from "../../web/editor/parts/lattice.js";
import { canonical, filled, fits } from "../../web/editor/schema.js";
import { decodePlay, encodePlay, latticeEntries, playLists, playMaps } from "../../web/codecs/play.js";
import { decodeState, encodeState } from "../../web/codecs/statelink.js";

const HERE = new URL(".", import.meta.url);

if (process.argv[2]) {
  const { cases } = JSON.parse(readFileSync(process.argv[2], "utf8"));
  for (const { part, rows, cols, value } of cases) {
    const looks = looksOf(part);
    const geo = { rows, cols };
    const text = encodeMarks(part, value, rows, cols);
    const ok = fitsMarks(value, looks, geo);
    console.log(JSON.stringify({ text, back: decodeMarks(part, text, rows, cols), fits: ok,
                                 canonical: ok ? canonicalMarks(value, looks) : null, kept: keepMarks(value, looks, geo) }));
  }
  process.exit(0);
}

const vectors = JSON.parse(readFileSync(new URL("../data/lattice_vectors.json", HERE), "utf8"));
const P = vectors.parts;

// -- the shared vectors ----------------------------------------------------------------------------
for (const { part, rows, cols, value, text } of vectors.codec) {
  assert.equal(encodeMarks(P[part], value, rows, cols), text, `${part} ${JSON.stringify(value)}`);
  assert.deepEqual(decodeMarks(P[part], text, rows, cols), value, `${part} ${text}`);
}
for (const { part, rows, cols, text } of vectors.damaged) assert.equal(decodeMarks(P[part], text, rows, cols), null, text);
for (const { part, rows, cols, value, text } of vectors.left_out) assert.equal(encodeMarks(P[part], value, rows, cols), text);

// A state's value: what the editor keeps of it (schema.js fits / canonical, as every part's).
function layoutOf(part, rows, cols, extra = {}) {
  return { sizes: [{ rows, cols, label: "" }], default_size: { rows, cols }, max_size: { rows: 20, cols: 20 },
           free_size: true, cell: { symbols: "1" }, parts: [part], ...extra };
}
for (const { part, rows, cols, value, clean } of vectors.values) {
  const layout = layoutOf(P[part], rows, cols);
  const state = filled(layout, { rows, cols, cells: Array(rows * cols).fill(""), parts: { [P[part].key]: value } });
  const kept = fits(layout, state) ? canonical(layout, state).parts[P[part].key] : null;
  assert.deepEqual(kept, clean, `${part} ${JSON.stringify(value)}`);
}

// -- through a share link and a play state -----------------------------------------------------------
{
  const shapes = { key: "shapes", type: "shape", label: "Shapes", choices: [{ name: "odd", label: "Odd", value: "none", look: "circle" }] };
  const layout = { ...layoutOf(P.all, 3, 4), parts: [P.all, shapes] };
  const { value } = vectors.codec.find((c) => c.part === "all" && c.rows === 3);
  const state = { rows: 3, cols: 4, cells: ["1", ...Array(11).fill("")], parts: { marks: value, shapes: [{ name: "odd", cells: [[0, 0]] }] } };
  const link = encodeState(layout, state);
  assert.equal(link.slice(0, -2), "v3.3x4.1k~aGbHc01dGe008~a11~");         // (then its check)
  assert.deepEqual(decodeState(layout, link), state);
  assert.deepEqual(decodeState(layout, encodeState(layout, { ...state, parts: { marks: {}, shapes: [] } })).parts,
                   { marks: {}, shapes: [] });
  assert.equal(decodeState(layout, `${link.slice(0, -2)}00`), null);          // a wrong check
}
{
  const layout = layoutOf(P.slither, 2, 2, { play: { lattice: "loop" } });
  const state = { rows: 2, cols: 2, cells: ["", "", "", ""], parts: { loop: { edge: [[0, 1]] } } };
  const play = { lattice: { x: [[4, 3], [0, 3]], edge: [[1, 0]] } };
  const kept = playLists(playMaps(layout, state, play));
  assert.deepEqual(kept, { lattice: { edge: [[1, 0]], x: [[0, 3], [4, 3]] } });
  assert.deepEqual(decodePlay(encodePlay(kept)), kept);
  const messy = { lattice: { edge: [[1, 0], [1, 0], [1, 1], "x"], x: [[1, 0], [2, 1]], nothing: [[0, 1]] }, entries: [[0, 0, 1]] };
  assert.deepEqual(playLists(playMaps(layout, state, messy)), { lattice: { edge: [[1, 0]], x: [[2, 1]] } });
  assert.deepEqual(playLists(playMaps(layoutOf(P.slither, 2, 2), state, play)), {});      // no play rule: nothing kept
}

// -- editing -----------------------------------------------------------------------------------------
{
  const geo = { rows: 2, cols: 2 };
  const slither = looksOf(P.slither);
  const v = {};
  // An edge tap cycles none → line → cross → none; a right tap the other way; the outer border too.
  assert.ok(tap(v, slither, [0, 1], geo));
  assert.deepEqual(v, { edge: [[0, 1]] });
  assert.ok(tap(v, slither, [0, 1], geo));
  assert.deepEqual(v, { x: [[0, 1]] });
  assert.ok(tap(v, slither, [0, 1], geo));
  assert.deepEqual(v, {});
  assert.ok(tap(v, slither, [1, 2], geo, { back: true }));
  assert.deepEqual(v, { x: [[1, 2]] });
  assert.ok(!tap(v, slither, [1, 1], geo), "a cell takes no mark of a loop along borders");
  // Borders drawn by a drag from corner to corner, erased by a drag that starts on one.
  assert.ok(stroke(v, slither, "edge", [0, 1], true, geo) && stroke(v, slither, "edge", [1, 2], true, geo));
  assert.deepEqual(v, { edge: [[0, 1], [1, 2]] });                    // the cross gave way to the line
  assert.ok(stroke(v, slither, "edge", [0, 1], false, geo) && !stroke(v, slither, "edge", [0, 1], false, geo));
  // Play: the givens stay, and nothing clashing goes over them.
  const fixed = { edge: [[2, 1]] };
  const mine = {};
  assert.ok(!tap(mine, slither, [2, 1], geo, { fixed }) && !stroke(mine, slither, "edge", [2, 1], true, geo, fixed));
  assert.ok(tap(mine, slither, [2, 3], geo, { fixed }));
  assert.deepEqual(mine, { edge: [[2, 3]] });
  // Play between two cells only (`inner`: the grid's frame is a border already): no mark on the frame.
  const inner = { ...geo, inner: true };
  const walls = {};
  assert.ok(!tap(walls, slither, [0, 1], inner) && !stroke(walls, slither, "edge", [2, 1], true, { ...inner, rows: 1 }));
  assert.ok(tap(walls, slither, [1, 2], inner) && stroke(walls, slither, "edge", [2, 1], true, inner));
  assert.deepEqual(walls, { edge: [[1, 2], [2, 1]] });
  assert.deepEqual(keepMarks({ edge: [[0, 1], [1, 2], [1, 4]] }, slither, inner), { edge: [[1, 2]] });

  const masyu = looksOf(P.masyu);
  const m = {};
  assert.ok(stroke(m, masyu, "line", [1, 2], true, geo) && !stroke(m, masyu, "line", [1, 0], true, geo));  // inner edges only
  assert.ok(tap(m, masyu, [1, 2], geo));                              // a line tapped becomes a cross
  assert.deepEqual(m, { x: [[1, 2]] });
  assert.ok(!tap(m, masyu, [0, 1], geo), "no cross on the outer border of a loop through cells");

  const nurikabe = looksOf(P.nurikabe);
  const n = {};
  assert.ok(tap(n, nurikabe, [3, 3], geo));
  assert.deepEqual(n, { black: [[3, 3]] });
  assert.ok(tap(n, nurikabe, [3, 3], geo));
  assert.deepEqual(n, { white: [[3, 3]] });
  assert.ok(tap(n, nurikabe, [3, 3], geo) && !tap(n, nurikabe, [2, 3], geo));
  assert.deepEqual(n, {});

  // Where a tap lands in cell (1, 2): its centre, a side (an edge), a corner (a vertex).
  assert.deepEqual(targetAt(1, 2, 0.5, 0.5), [3, 5]);
  assert.deepEqual(targetAt(1, 2, 0.1, 0.5), [3, 4]);
  assert.deepEqual(targetAt(1, 2, 0.5, 0.9), [4, 5]);
  assert.deepEqual(targetAt(1, 2, 0.9, 0.1), [2, 6]);
}

// -- a kind played on the lattice alone: its marks are its entries, the cells beside a point ---------
{
  const part = { key: "loop", type: "lattice", choices: [{ name: "line", look: "border" }, { name: "cross", look: "cross" }] };
  const loop = { parts: [part], play: { lattice: "loop" } };
  const maps = { lattice: { cross: [[1, 2]], line: [[0, 1], [2, 1]] } };
  assert.deepEqual(latticeEntries(loop, maps), [[0, 1, 1], [1, 2, 0], [2, 1, 1]]);
  assert.deepEqual(latticeEntries({ ...loop, play: { lattice: "loop", values: [1, 2], on: "all" } }, maps), []);
  assert.deepEqual(cellsBeside([1, 2], 2, 2), [[0, 0], [0, 1]]);
  assert.deepEqual(cellsBeside([0, 1], 2, 2), [[0, 0]]);
  assert.deepEqual(cellsBeside([2, 2], 2, 2), [[0, 0], [0, 1], [1, 0], [1, 1]]);
  assert.deepEqual(cellsBeside([3, 3], 2, 2), [[1, 1]]);
}
console.log("ok");
