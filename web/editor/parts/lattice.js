// Marks on the lattice: lines and crosses on edges, shaded and dotted cells (the twin of
// pysrc/gridlogic/layout/lattice.py, whose docstring holds the rules). A point [y, x] counts half
// cells from the grid's top left corner: cell (r, c) is at [2r+1, 2c+1], an edge at mixed parity, a
// vertex at even/even. A choice's look says how an edge reads:
//   line    between the centres of the two cells beside it (inner edges only: a loop through cell centres);
//   border  along the cell border it is the middle of (outer border too: a loop along cell sides);
//   cross   an × on the edge: no line here (outer edges only when the part has a border choice);
//   double  two lines side by side where a line would be (two bridges; inner edges only);
//   shade   the cell filled;   dot   a small dot in the cell (known unshaded).
// A part's value (in the state's parts, in the play state's `lattice`, and keyed by look in a Board's
// `lattice_marks`) is {name: [[y, x], ...]}: points row-major, each once, empty names left out. A cross
// never shares a point with a line, a double line or a border, a line none with a double line, nor a
// shade with a dot.
//
// This module holds the type's whole share of the editor: the value's check and canonical form
// (fitsMarks, canonicalMarks, keepMarks), editing (targetAt, tap, stroke, setMark), drawing
// (drawMarks) and the share link's section (encodeMarks, decodeMarks). The gestures that call them
// are in ../latticeedit.js.
import { INK, U, svg } from "./svg.js";

export const LOOKS = ["line", "border", "cross", "shade", "dot", "double"];
const PLACE = { line: "edge", border: "edge", cross: "edge", shade: "cell", dot: "cell", double: "edge" };
const CLASHES = new Set(["cross:line", "cross:border", "shade:dot", "line:cross", "border:cross", "dot:shade",
  "cross:double", "double:cross", "line:double", "double:line"]);
const B32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
export const EDGE_ZONE = 0.25;           // a tap this near a cell's side (in cells) is on that edge
// How marks are drawn by role: the puzzle's givens, the player's, an answer's.
export const ROLE_INK = { given: INK, play: "#254ea0", solved: "#1f7a4d" };

// -- points ------------------------------------------------------------------------------------------
export function kindOf([y, x]) {
  const odd = (y & 1) + (x & 1);
  return odd === 2 ? "cell" : odd === 1 ? "edge" : "vertex";
}

export const isOuter = ([y, x], rows, cols) => kindOf([y, x]) !== "cell" && (y === 0 || x === 0 || y === 2 * rows || x === 2 * cols);
export const pointKey = ([y, x]) => `${y},${x}`;
export const cellPoint = (r, c) => [2 * r + 1, 2 * c + 1];

// The cells a point concerns, [r, c] row-major: the cell itself, the one or two beside an edge, the one
// to four around a vertex (the twin of gridlogic/layout/lattice.py's cells_beside).
export function cellsBeside([y, x], rows, cols) {
  const out = [];
  for (const dy of [-1, 0, 1]) for (const dx of [-1, 0, 1]) {
    const [py, px] = [y + dy, x + dx];
    if (py % 2 && px % 2 && py > 0 && px > 0 && py < 2 * rows && px < 2 * cols) out.push([(py - 1) / 2, (px - 1) / 2]);
  }
  return out;
}

// A part's choices as name → look.
export const looksOf = (part) => Object.fromEntries((part.choices || []).map((ch) => [ch.name, ch.look]));

// Whether a mark of `look` may sit at `point`; `outer`: the part has a border choice.
export function isPlace(look, [y, x], rows, cols, outer) {
  if (!(y >= 0 && x >= 0 && y <= 2 * rows && x <= 2 * cols) || kindOf([y, x]) !== PLACE[look]) return false;
  return look === "border" || look === "shade" || look === "dot" || (look === "cross" && outer) || !isOuter([y, x], rows, cols);
}

// The points a share link's bitmap of `look` runs over, row-major.
export function places(look, rows, cols) {
  const out = [];
  for (let y = 0; y <= 2 * rows; y++) {
    for (let x = 0; x <= 2 * cols; x++) {
      if (kindOf([y, x]) === PLACE[look] && ((look !== "line" && look !== "double") || !isOuter([y, x], rows, cols))) out.push([y, x]);
    }
  }
  return out;
}

const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);
const isPoint = (p) => Array.isArray(p) && p.length === 2 && p.every((v) => Number.isInteger(v) && Math.abs(v) < 1e6);
const byRow = (a, b) => a[0] - b[0] || a[1] - b[1];

// -- the value ---------------------------------------------------------------------------------------
// Whether a value is what the Python part reads (read_marks_value): known names, points where their
// look sits, each once, no clash at a point.
export function fitsMarks(value, looks, geo) {
  if (value === undefined || value === null) return true;
  if (!isObject(value) || Object.keys(value).some((name) => !Object.hasOwn(looks, name))) return false;
  const outer = Object.values(looks).includes("border");
  const limit = (2 * geo.rows + 1) * (2 * geo.cols + 1);
  const taken = new Map();
  for (const [name, look] of Object.entries(looks)) {
    const points = value[name];
    if (points === undefined || points === null || (Array.isArray(points) && !points.length)) continue;
    if (!Array.isArray(points) || points.length > limit) return false;
    const seen = new Set();
    for (const p of points) {
      if (!isPoint(p) || !isPlace(look, p, geo.rows, geo.cols, outer) || seen.has(pointKey(p))) return false;
      seen.add(pointKey(p));
      const other = taken.get(pointKey(p));
      if (other !== undefined && CLASHES.has(`${look}:${looks[other]}`)) return false;
      if (other === undefined) taken.set(pointKey(p), name);
    }
  }
  return true;
}

// A value that fits, as the state keeps it: names in choice order, points row-major, empty names out.
export function canonicalMarks(value, looks) {
  const out = {};
  for (const name of Object.keys(looks)) {
    const points = isObject(value) && Array.isArray(value[name]) ? value[name] : [];
    if (points.length) out[name] = points.map((p) => [p[0], p[1]]).sort(byRow);
  }
  return out;
}

// The marks of an untrusted value that fit (a saved play state): each kept unless it sits nowhere
// there (on the frame, when `geo.inner`), is there already, or clashes with a mark kept before it.
export function keepMarks(value, looks, geo) {
  const out = {};
  if (!isObject(value)) return out;
  const outer = Object.values(looks).includes("border");
  for (const [name, look] of Object.entries(looks)) {
    const points = Array.isArray(value[name]) ? value[name].slice(0, (2 * geo.rows + 1) * (2 * geo.cols + 1)) : [];
    for (const p of points) {
      if (!isPoint(p) || !isPlace(look, p, geo.rows, geo.cols, outer) || (geo.inner && isOuter(p, geo.rows, geo.cols)) ||
          clashAt(out, looks, name, p) !== null) continue;
      (out[name] = out[name] || []).push([p[0], p[1]]);
    }
  }
  return canonicalMarks(out, looks);
}

// -- editing -----------------------------------------------------------------------------------------
export const hasMark = (value, name, p) => !!value && Array.isArray(value[name]) && value[name].some((q) => q[0] === p[0] && q[1] === p[1]);

// The name of a mark of `value` at p that `name` may not join (the same, or a clashing look), or null.
export function clashAt(value, looks, name, p) {
  for (const other of Object.keys(looks)) {
    if (hasMark(value, other, p) && (other === name || CLASHES.has(`${looks[name]}:${looks[other]}`))) return other;
  }
  return null;
}

// Put the mark `name` at p (on: true) or take it away, in place: a new mark replaces the marks it
// clashes with. True when the value changed.
export function setMark(value, looks, name, p, on) {
  if (hasMark(value, name, p) === on) return false;
  if (!on) {
    value[name] = value[name].filter((q) => q[0] !== p[0] || q[1] !== p[1]);
    if (!value[name].length) delete value[name];
    return true;
  }
  for (const other of Object.keys(looks)) {
    if (other !== name && CLASHES.has(`${looks[name]}:${looks[other]}`)) setMark(value, looks, other, p, false);
  }
  value[name] = [...(value[name] || []), [p[0], p[1]]].sort(byRow);
  return true;
}

// The names at p in the order a tap cycles them (no mark first), for a place kind ("cell": shade
// then dot; "edge": border, or a line when the part has no border, then cross): a right tap cycles
// the other way.
export function cycle(looks, kind, back = false) {
  const has = (look) => Object.values(looks).includes(look);
  const order = kind === "cell" ? ["shade", "dot"] : kind === "edge" ? [has("border") ? "border" : "line", "cross"] : [];
  const names = order.map((look) => Object.keys(looks).find((n) => looks[n] === look)).filter(Boolean);
  return back ? [null, ...names.reverse()] : [null, ...names];
}

// Whether `name` may be marked at p of this grid (`geo.inner`: between two cells only, the play's
// `inner`), over the marks `fixed` (the givens under the player's marks; null in edit mode) that it may
// neither repeat nor clash with.
export function canMark(looks, name, p, geo, fixed = null) {
  return isPlace(looks[name], p, geo.rows, geo.cols, Object.values(looks).includes("border")) &&
    !(geo.inner && isOuter(p, geo.rows, geo.cols)) &&
    !(fixed && clashAt(fixed, looks, name, p) !== null);
}

// A tap at p: its mark moves on along the tap's cycle (the marks that may sit there). True when the
// value changed.
export function tap(value, looks, p, geo, { back = false, fixed = null } = {}) {
  const order = cycle(looks, kindOf(p), back).filter((n) => n === null || canMark(looks, n, p, geo, fixed));
  if (order.length < 2) return false;
  const now = Math.max(0, order.findIndex((n) => n !== null && hasMark(value, n, p)));     // no mark: at null
  const next = order[(now + 1) % order.length];
  let changed = false;
  for (const n of order) if (n !== null && n !== next) changed = setMark(value, looks, n, p, false) || changed;
  return (next !== null && setMark(value, looks, next, p, true)) || changed;
}

// A drag's step over the edge p: the line (between centres) or border (between corners) `name`
// drawn (on) or erased. True when the value changed.
export function stroke(value, looks, name, p, on, geo, fixed = null) {
  return canMark(looks, name, p, geo, fixed) && setMark(value, looks, name, p, on);
}

// A tap at the fraction (fx, fy) of cell (r, c): the point it is on, a vertex near a corner, an edge
// near a side, else the cell.
export function targetAt(r, c, fx, fy) {
  const dx = fx < EDGE_ZONE ? -1 : fx > 1 - EDGE_ZONE ? 1 : 0;
  const dy = fy < EDGE_ZONE ? -1 : fy > 1 - EDGE_ZONE ? 1 : 0;
  return [2 * r + 1 + dy, 2 * c + 1 + dx];
}

// The edge between two nodes (cells, or vertices) one step apart, or null.
export function edgeBetween(a, b) {
  const [dy, dx] = [Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])];
  return (dy === 2 && dx === 0) || (dy === 0 && dx === 2) ? [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] : null;
}

// What a value marks at cell (r, c) and on its four sides, in words, by the choices' labels:
// ["Shaded", "Line right", "No line above"].
export function wordsAt(value, part, r, c) {
  const [y, x] = cellPoint(r, c);
  const spots = [[[y, x], ""], [[y - 1, x], " above"], [[y, x + 1], " right"], [[y + 1, x], " below"], [[y, x - 1], " left"]];
  const out = [];
  for (const choice of part.choices || []) {
    for (const [p, side] of spots) if (hasMark(value, choice.name, p)) out.push(`${choice.label || choice.name}${side}`);
  }
  return out;
}

// -- drawing -----------------------------------------------------------------------------------------
const at = (v) => (v * U) / 2;

function mark(look, [y, x], colour, attrs) {
  const width = { line: 0.12, border: 0.09 }[look];
  if (look === "line" || look === "border") {
    const across = (y & 1) === (look === "line" ? 1 : 0);      // a horizontal stroke
    const [x1, y1, x2, y2] = across ? [x - 1, y, x + 1, y] : [x, y - 1, x, y + 1];
    return svg("line", { x1: at(x1), y1: at(y1), x2: at(x2), y2: at(y2), stroke: colour, "stroke-width": width * U,
                         "stroke-linecap": "round", ...attrs });
  }
  if (look === "double") {                                     // two thin lines, a line's width apart
    const across = (y & 1) === 1;
    const [x1, y1, x2, y2] = across ? [x - 1, y, x + 1, y] : [x, y - 1, x, y + 1];
    const [oy, ox] = across ? [0.09 * U, 0] : [0, 0.09 * U];
    const one = (k) => `M${at(x1) + k * ox} ${at(y1) + k * oy}L${at(x2) + k * ox} ${at(y2) + k * oy}`;
    return svg("path", { d: one(-1) + one(1), stroke: colour, "stroke-width": 0.07 * U, "stroke-linecap": "round",
                         fill: "none", ...attrs });
  }
  if (look === "cross") {
    const s = 0.11 * U;
    const [cx, cy] = [at(x), at(y)];
    return svg("path", { d: `M${cx - s} ${cy - s}L${cx + s} ${cy + s}M${cx - s} ${cy + s}L${cx + s} ${cy - s}`, stroke: colour,
                         "stroke-width": 0.035 * U, "stroke-linecap": "round", fill: "none", ...attrs });
  }
  if (look === "shade") {
    return svg("rect", { x: at(x - 1), y: at(y - 1), width: U, height: U, fill: colour, ...attrs });
  }
  return svg("circle", { cx: at(x), cy: at(y), r: 0.1 * U, fill: colour, ...attrs });
}

const LAYER = { shade: "shade", line: "lines", border: "lines", cross: "over", dot: "over", double: "lines" };

// A value's marks as SVG nodes by layer (shade, lines, over: parts.js's sub-layers), each node
// carrying data-mark (its name), data-point ("y,x") and data-role; `colours` a choice's own colour
// by name. A shaded cell of the givens is ink, of the player's or an answer's their role's colour.
export function drawMarks(value, looks, role, colours = {}) {
  const out = { shade: [], lines: [], over: [] };
  if (!isObject(value)) return out;
  for (const [name, look] of Object.entries(looks)) {
    for (const p of Array.isArray(value[name]) ? value[name] : []) {
      if (!isPoint(p) || !LAYER[look]) continue;
      const colour = colours[name] || (look === "shade" && role === "given" ? "#3a4150" : ROLE_INK[role] || INK);
      out[LAYER[look]].push(mark(look, p, colour, { "data-mark": name, "data-point": pointKey(p), "data-role": role }));
    }
  }
  return out;
}

// -- share links -------------------------------------------------------------------------------------
// The section of a part's value (gridlogic/layout/lattice.py write_marks holds the grammar): per
// choice with points, in choice order, its letter and its bitmap over places(look), 5 bits a
// character (first place highest), 0-9A-V, zero characters at the end left out.
export function encodeMarks(part, value, rows, cols) {
  if (!isObject(value)) return "";
  let out = "";
  for (const [index, choice] of (part.choices || []).entries()) {
    const points = value[choice.name];
    if (index >= LETTERS.length || !Array.isArray(points) || !PLACE[choice.look]) continue;
    const on = new Set(points.filter((p) => Array.isArray(p) && p.length === 2 && p.every(Number.isInteger)).map(pointKey));
    const bits = places(choice.look, rows, cols).map((p) => (on.has(pointKey(p)) ? 1 : 0));
    let text = "";
    for (let i = 0; i < bits.length; i += 5) {
      let n = 0;
      for (let k = 0; k < 5; k++) n |= (bits[i + k] || 0) << (4 - k);
      text += B32[n];
    }
    text = text.replace(/0+$/, "");
    if (text) out += LETTERS[index] + text;
  }
  return out;
}

// The value a section holds, or null when it is damaged (as read_marks).
export function decodeMarks(part, text, rows, cols) {
  const choices = part.choices || [];
  const out = {};
  let i = 0;
  let last = -1;
  while (i < text.length) {
    const index = LETTERS.indexOf(text[i]);
    if (index < 0 || index >= choices.length || index <= last) return null;
    last = index;
    i += 1;
    const start = i;
    while (i < text.length && B32.includes(text[i])) i += 1;
    const chars = text.slice(start, i);
    const spots = places(choices[index].look, rows, cols);
    if (!chars || chars.endsWith("0") || chars.length > Math.floor((spots.length + 4) / 5)) return null;
    const points = [];
    for (const [j, ch] of [...chars].entries()) {
      const n = B32.indexOf(ch);
      for (let k = 0; k < 5; k++) {
        if (!((n >> (4 - k)) & 1)) continue;
        if (j * 5 + k >= spots.length) return null;
        points.push(spots[j * 5 + k].slice());
      }
    }
    out[choices[index].name] = points;
  }
  return out;
}

// The characters a section may hold (statelink_parts.js reads up to the section's end with them).
export const SECTION_CHARS = LETTERS + B32;

export default {
  type: "lattice",
  looks: LOOKS,
  gesture: "lattice",
  whole: true,                 // a value of marks, not a list of items: parts.js uses the three below
  blank: () => ({}),
  fitsValue: (value, part, geo) => fitsMarks(value, looksOf(part), geo),
  canonicalValue: (value, part) => canonicalMarks(value, looksOf(part)),
};
