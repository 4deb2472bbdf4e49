// The editing state's schema, written once: the blank state of a layout, whether a state fits it,
// its canonical shape, and the small helpers every module of the editor shares (no DOM state here
// beyond `el`, which only makes an element). The parts' share of it is in parts.js.
import { blankParts, canonicalParts, partsFit, partsOf } from "./parts.js";

export const SIDES = { left: "rows", right: "rows", top: "cols", bottom: "cols" };

export function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

export const copy = (state) => JSON.parse(JSON.stringify(state));
export const chars = (keys) => (Array.isArray(keys) ? keys : [...(keys || "")]);

// The state of an empty grid of one size, as every kind's blank puzzle starts.
export function blankState(layout, rows, cols) {
  const inner = (layout.cell && layout.cell.blank_cell) || "";
  const border = (layout.cell && layout.cell.blank_border) || inner;
  const cells = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cells.push(r === 0 || c === 0 ? border : inner);
  const state = { rows, cols, cells };
  if (layout.marks) state.marks = { h: Array(rows * (cols - 1)).fill(""), v: Array((rows - 1) * cols).fill("") };
  if (layout.edges && layout.edges.length) {
    state.edges = {};
    for (const e of layout.edges) state.edges[e.key] = Array(SIDES[e.side] === "rows" ? rows : cols).fill("");
  }
  if (layout.extras && layout.extras.length) {
    state.extras = {};
    for (const x of layout.extras) state.extras[x.key] = "";
  }
  if (partsOf(layout).length) state.parts = blankParts(layout);
  return state;
}

// The symbols a cell may hold at this size ("" when the layout has none).
export function symbolsFor(layout, rows) {
  const s = (layout.cell && layout.cell.symbols) || "";
  return typeof s === "string" ? s : s[String(rows)] || "";
}

// The digits lo..hi of a word cell's `numbers` (layout cell.word: one digit each), as characters.
export const digitsIn = ([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, k) => String(lo + k));

// Whether a state fits the layout (its shape and the values a cell, edge or mark may hold).
export function fits(layout, state) {
  if (!state || typeof state !== "object" || !Number.isInteger(state.rows) || !Number.isInteger(state.cols)) return false;
  const { rows, cols } = state;
  const lo = layout.min_size || { rows: 1, cols: 1 };
  const hi = layout.max_size || { rows: 100, cols: 100 };
  if (rows < lo.rows || cols < lo.cols || rows > hi.rows || cols > hi.cols) return false;
  if (layout.square && rows !== cols) return false;
  if (!layout.free_size && !(layout.sizes || []).some((s) => s.rows === rows && s.cols === cols)) return false;
  if (!Array.isArray(state.cells) || state.cells.length !== rows * cols) return false;
  const cell = layout.cell || {};
  const symbols = symbolsFor(layout, rows);
  const states = cell.states || [];
  const wordChars = cell.word ? [...digitsIn(cell.numbers), ...states.filter((s) => !(s.fields || []).length).map((s) => s.token)] : [];
  const okCell = (v) => {
    if (typeof v !== "string") return false;
    if (v === "" || (v.length === 1 && symbols.includes(v))) return true;
    if (cell.word && v.length <= cell.word && [...v].every((ch) => wordChars.includes(ch))) return true;
    if (cell.numbers && /^(0|[1-9][0-9]*)$/.test(v) && +v >= cell.numbers[0] && +v <= cell.numbers[1]) return true;
    const st = states.find((s) => v.startsWith(s.token));
    if (!st) return false;
    const n = (st.fields || []).length;
    return n ? v.slice(1).split(",").length === n && /^[0-9,]*$/.test(v.slice(1)) : v === st.token;
  };
  if (!state.cells.every(okCell)) return false;
  const strings = (list, n) => Array.isArray(list) && list.length === n && list.every((v) => typeof v === "string");
  for (const e of layout.edges || []) {
    if (!state.edges || !strings(state.edges[e.key], SIDES[e.side] === "rows" ? rows : cols)) return false;
  }
  for (const x of layout.extras || []) if (!state.extras || typeof state.extras[x.key] !== "string") return false;
  if (layout.marks) {
    const m = state.marks;
    const signs = (list, n, allowed) => strings(list, n) && list.every((v) => v === "" || allowed.includes(v));
    if (!m || !signs(m.h, rows * (cols - 1), layout.marks.h || []) || !signs(m.v, (rows - 1) * cols, layout.marks.v || [])) return false;
  }
  return partsFit(layout, state);
}

// The state with only the parts the layout has (the kinds' canonical shape).
export function canonical(layout, state) {
  const out = { rows: state.rows, cols: state.cols, cells: state.cells.slice() };
  if (layout.marks) out.marks = { h: state.marks.h.slice(), v: state.marks.v.slice() };
  // Edges and extras in the layout's order: a state decoded from a link compares equal to the same
  // state edited here (a reload keeps the player's progress).
  if (layout.edges && layout.edges.length) {
    out.edges = Object.fromEntries(layout.edges.map((e) => [e.key, copy(state.edges[e.key] || [])]));
  }
  if (layout.extras && layout.extras.length) {
    const order = layout.extras.map((x) => x.key);
    const keys = Object.keys(state.extras || {}).sort((a, b) => (order.indexOf(a) + 1 || 1e9) - (order.indexOf(b) + 1 || 1e9));
    out.extras = Object.fromEntries(keys.map((k) => [k, state.extras[k]]));
  }
  if (partsOf(layout).length) out.parts = canonicalParts(layout, state.parts);
  return out;
}

// A state as loaded, filled in from the blank state of its size (parts left out are blank).
export function filled(layout, state) {
  const blank = blankState(layout, state.rows, state.cols);
  const full = { ...blank, ...copy(state) };
  if (blank.parts && full.parts && typeof full.parts === "object" && !Array.isArray(full.parts)) {
    full.parts = { ...blank.parts, ...full.parts };
  }
  return full;
}

// The cell value a state's key sets: its token, with one empty number per field.
export function stateValue(st) {
  return st.fields && st.fields.length ? st.token + st.fields.map(() => "").join(",") : st.token;
}

// What hints and explanations draw over the puzzle (none).
export const noOverlay = () => ({ hl: new Set(), caption: "", values: new Map(), cands: new Map() });

// {"r,c": x} / Map / [{r, c, text|symbols}] → Map "r,c" → x.
export function cellMap(map) {
  if (!map) return new Map();
  if (map instanceof Map) return new Map(map);
  if (Array.isArray(map)) return new Map(map.map((x) => [`${x.r},${x.c}`, x.text !== undefined ? x.text : x.symbols]));
  return new Map(Object.entries(map));
}

export function colourOf(index) {
  return `hsl(${Math.round((index * 137.508) % 360)} 62% ${index % 2 ? 80 : 87}%)`;
}
