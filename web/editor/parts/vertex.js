// Numbers at the grid's corners (the twin of pysrc/gridlogic/layout/vertex.py, whose docstring holds
// the rules): a part whose value is {name: [[y, x, text], ...]}, y and x even lattice coordinates (the
// corner (i, j) at [2i, 2j], the outer corners included), text one digit or "?" (a number not given),
// row-major, one number a corner. Drawn as a small white circle on the corner holding the number.
//
// This module holds the type's share of the editor: the value's check and canonical form
// (fitsNumbers, canonicalNumbers), reading and writing a number (numberAt, setNumber), drawing
// (drawNumbers) and the share link's section (encodeNumbers, decodeNumbers). The taps and keys that
// call them are in ../vertexedit.js.
import { INK, U, label, svg } from "./svg.js";

export const LOOKS = ["number"];
export const TEXTS = "0123456789?";
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const RUNS = "ABCDEFGHIJKLMNOPQRSTUVWXY";     // a run of 1..25 corners without a number
const UNKNOWN = "Z";                          // a number not given
export const SECTION_CHARS = `${LETTERS}${RUNS}${UNKNOWN}0123456789`;

const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);
const byRow = (a, b) => a[0] - b[0] || a[1] - b[1];
const namesOf = (part) => (part.choices || []).map((ch) => ch.name);

// Every corner of an R×C grid, row-major.
export function corners(rows, cols) {
  const out = [];
  for (let y = 0; y <= 2 * rows; y += 2) for (let x = 0; x <= 2 * cols; x += 2) out.push([y, x]);
  return out;
}

export const isCorner = ([y, x], geo) => Number.isInteger(y) && Number.isInteger(x) && y % 2 === 0 && x % 2 === 0 &&
  y >= 0 && x >= 0 && y <= 2 * geo.rows && x <= 2 * geo.cols;

// -- the value ---------------------------------------------------------------------------------------
// Whether a value is what the Python part reads (read_numbers_value).
export function fitsNumbers(value, part, geo) {
  if (value === undefined || value === null) return true;
  const names = namesOf(part);
  if (!isObject(value) || Object.keys(value).some((name) => !names.includes(name))) return false;
  const taken = new Set();
  for (const name of names) {
    const list = value[name];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list) || list.length > (geo.rows + 1) * (geo.cols + 1)) return false;
    for (const v of list) {
      if (!Array.isArray(v) || v.length !== 3 || !isCorner(v, geo) || typeof v[2] !== "string" || v[2].length !== 1 ||
          !TEXTS.includes(v[2]) || taken.has(`${v[0]},${v[1]}`)) return false;
      taken.add(`${v[0]},${v[1]}`);
    }
  }
  return true;
}

// A value that fits, as the state keeps it: names in choice order, corners row-major, empty names out.
export function canonicalNumbers(value, part) {
  const out = {};
  for (const name of namesOf(part)) {
    const list = isObject(value) && Array.isArray(value[name]) ? value[name] : [];
    if (list.length) out[name] = list.map((v) => [v[0], v[1], v[2]]).sort(byRow);
  }
  return out;
}

// -- editing -----------------------------------------------------------------------------------------
// The number at corner p ({name, text}), or null.
export function numberAt(value, p) {
  if (!isObject(value)) return null;
  for (const [name, list] of Object.entries(value)) {
    const hit = Array.isArray(list) && list.find((v) => v[0] === p[0] && v[1] === p[1]);
    if (hit) return { name, text: hit[2] };
  }
  return null;
}

// Put `text` (or nothing, when null) at corner p as the number `name`, in place. True when it changed.
export function setNumber(value, name, p, text) {
  const now = numberAt(value, p);
  if ((now && now.name === name && now.text === text) || (!now && text === null)) return false;
  for (const k of Object.keys(value)) {
    value[k] = value[k].filter((v) => v[0] !== p[0] || v[1] !== p[1]);
    if (!value[k].length) delete value[k];
  }
  if (text !== null) value[name] = [...(value[name] || []), [p[0], p[1], text]].sort(byRow);
  return true;
}

// The corner nearest the fraction (fx, fy) of cell (r, c), or null when `near` and the point is not
// within `near` (in cells) of a corner.
export function cornerAt(r, c, fx, fy, near = null) {
  const [gx, gy] = [Math.round(fx), Math.round(fy)];
  if (near !== null && Math.hypot(fx - gx, fy - gy) > near) return null;
  return [2 * (r + gy), 2 * (c + gx)];
}

// -- drawing -----------------------------------------------------------------------------------------
// The numbers as SVG nodes (layer "over"), each `g[data-corner="y,x"]` holding its circle and text; the
// selected corner `picked` ([y, x] or null) ringed, with or without a number.
export function drawNumbers(value, part, picked = null) {
  const out = [];
  const at = (v) => (v * U) / 2;
  for (const name of namesOf(part)) {
    for (const v of isObject(value) && Array.isArray(value[name]) ? value[name] : []) {
      const g = svg("g", { "data-corner": `${v[0]},${v[1]}`, "data-number": v[2], "data-mark": name });
      g.append(svg("circle", { cx: at(v[1]), cy: at(v[0]), r: 0.24 * U, fill: "#fff", stroke: INK, "stroke-width": 0.03 * U }),
               label(at(v[1]), at(v[0]), v[2], 0.3 * U));
      out.push(g);
    }
  }
  if (picked) {
    out.push(svg("circle", { cx: at(picked[1]), cy: at(picked[0]), r: 0.3 * U, fill: "none", stroke: "#2f6fdb",
                             "stroke-width": 0.06 * U, "data-testid": "corner-cursor", "data-corner": `${picked[0]},${picked[1]}` }));
  }
  return out;
}

// -- share links -------------------------------------------------------------------------------------
// The section of a part's value (gridlogic/layout/vertex.py write_numbers holds the grammar): per
// choice with numbers, in choice order, its letter and its body over the corners row-major (a digit,
// Z a number not given, A..Y a run of 1..25 corners without one; the run at the end left out).
export function encodeNumbers(part, value, rows, cols) {
  if (!isObject(value)) return "";
  let out = "";
  for (const [index, choice] of (part.choices || []).slice(0, LETTERS.length).entries()) {
    const list = value[choice.name];
    if (!Array.isArray(list)) continue;
    const at = new Map(list.filter((v) => Array.isArray(v) && v.length === 3 && TEXTS.includes(v[2]) && v[2].length === 1)
      .map((v) => [`${v[0]},${v[1]}`, v[2]]));
    let body = "";
    let run = 0;
    for (const p of corners(rows, cols)) {
      const text = at.get(`${p[0]},${p[1]}`);
      if (text === undefined) {
        run += 1;
        continue;
      }
      while (run) {
        const n = Math.min(run, RUNS.length);
        body += RUNS[n - 1];
        run -= n;
      }
      body += text === "?" ? UNKNOWN : text;
    }
    if (body) out += LETTERS[index] + body;
  }
  return out;
}

// The value a section holds, or null when it is damaged (as read_numbers).
export function decodeNumbers(part, text, rows, cols) {
  const choices = part.choices || [];
  const spots = corners(rows, cols);
  const out = {};
  let i = 0;
  let last = -1;
  while (i < text.length) {
    const index = LETTERS.indexOf(text[i]);
    if (index < 0 || index >= choices.length || index <= last) return null;
    last = index;
    i += 1;
    const start = i;
    let k = 0;
    const list = [];
    while (i < text.length && !LETTERS.includes(text[i])) {
      const ch = text[i];
      if (RUNS.includes(ch)) k += RUNS.indexOf(ch) + 1;
      else {
        if (k >= spots.length || !`${UNKNOWN}0123456789`.includes(ch)) return null;
        list.push([spots[k][0], spots[k][1], ch === UNKNOWN ? "?" : ch]);
        k += 1;
      }
      i += 1;
    }
    if (i === start || !list.length || k > spots.length) return null;
    out[choices[index].name] = list;
  }
  return out;
}

export default {
  type: "vertex",
  looks: LOOKS,
  gesture: "vertex",
  whole: true,                 // a value of numbers, not a list of items: parts.js uses the three below
  blank: () => ({}),
  fitsValue: (value, part, geo) => fitsNumbers(value, part, geo),
  canonicalValue: (value, part) => canonicalNumbers(value, part),
};
