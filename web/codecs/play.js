// The play state: what the player adds to a puzzle, kept apart from the puzzle's own state
// (gridlogic/layout/play.py holds the same schema in Python). The kind's layout says, in `play`, which cells
// take entries and what an entry may be; nothing here knows a kind.
//
//   {entries: [[r, c, n], ...], corner: [[r, c, [n, ...]], ...], centre: [...], colours: [[r, c, k], ...],
//    lattice: {name: [[y, x], ...]}}
//
// n is what the engine's `entries` take (a symbol's base-36 digit, or a whole number); k is 1..COLOURS.
// `lattice` holds the player's marks on the lattice (lines, crosses, shade, dots: editor/parts/lattice.js)
// with the choices of the part `play.lattice` names; a play rule with `lattice` may leave out `values`
// and `on` (no cell takes an entry). In the editor the cell parts are Maps keyed "r,c" and `lattice` the
// value itself (playMaps / playLists convert). Links carry a play state
// as "p1." and the base64url of its JSON, after the puzzle's payload and a "/".

export const COLOURS = 9;
export const PALETTE = ["", "#f4a3a3", "#f7c98b", "#f5e68c", "#a9dca0", "#9fd3e6", "#a7b5ef", "#d2a9ea",
                        "#c9c9c9", "#6f6f6f"];
import { canonicalMarks, keepMarks, looksOf } from "../editor/parts/lattice.js";

const PARTS = ["entries", "corner", "centre", "colours"];
const MAX_MARKS = 36;
const VERSION = "p1.";

// The play rule of a layout, or null when the kind is not played by hand.
export const ruleOf = (layout) => (layout && layout.play) || null;

// Every value an entry may hold at this size, in order.
export function valuesOf(layout, rows) {
  const rule = ruleOf(layout);
  if (!rule || !rule.values) return [];
  if (rule.values === "symbols") {
    const s = (layout.cell && layout.cell.symbols) || "";
    return [...(typeof s === "string" ? s : s[String(rows)] || "")].map((ch) => parseInt(ch, 36));
  }
  const [lo, hi] = rule.values;
  const out = [];
  for (let n = lo; n <= hi && out.length < 1000; n++) out.push(n);
  return out;
}

// How the value n is written in a cell: the kind's mark (nonogram ■ ×), a symbol, or the number.
export function textOf(layout, kindValues, rows, n) {
  const said = (kindValues || {})[n];
  if (said) return said.mark;
  const rule = ruleOf(layout);
  if (rule && rule.values === "symbols") {
    const s = (layout.cell && layout.cell.symbols) || "";
    const all = typeof s === "string" ? s : s[String(rows)] || "";
    return [...all].find((ch) => parseInt(ch, 36) === n) || null;
  }
  return rule && rule.values && n >= rule.values[0] && n <= rule.values[1] ? String(n) : null;
}

// Whether the player may write in (r, c) of this puzzle state.
export function isPlayable(layout, state, r, c) {
  const rule = ruleOf(layout);
  if (!rule || !rule.values || r < 0 || c < 0 || r >= state.rows || c >= state.cols) return false;
  return rule.on === "all" || state.cells[r * state.cols + c] === "";
}

export const blankMaps = () => ({ entries: new Map(), corner: new Map(), centre: new Map(), colours: new Map(), lattice: {} });

export function copyMaps(maps) {
  const out = blankMaps();
  for (const part of PARTS) for (const [k, v] of maps[part]) out[part].set(k, Array.isArray(v) ? v.slice() : v);
  out.lattice = JSON.parse(JSON.stringify(maps.lattice || {}));
  return out;
}

export const isEmpty = (maps) => PARTS.every((part) => !maps[part].size) && !Object.keys(maps.lattice || {}).length;

// The lattice part the player marks (layout.play.lattice), or null.
export function playPart(layout) {
  const rule = ruleOf(layout);
  return (rule && rule.lattice && (layout.parts || []).find((p) => p.key === rule.lattice && p.type === "lattice")) || null;
}

// A play state (from storage or a link: never trusted) as Maps, keeping only what fits the puzzle.
export function playMaps(layout, state, play) {
  const maps = blankMaps();
  if (!play || typeof play !== "object" || !ruleOf(layout)) return maps;
  const allowed = new Set(valuesOf(layout, state.rows));
  const pencil = !!ruleOf(layout).pencil;
  for (const part of PARTS) {
    const items = Array.isArray(play[part]) ? play[part] : [];
    for (const item of items.slice(0, state.rows * state.cols)) {
      if (!Array.isArray(item) || item.length !== 3) continue;
      const [r, c, v] = item;
      if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= state.rows || c >= state.cols) continue;
      let ok;
      if (part === "entries") ok = Number.isInteger(v) && allowed.has(v) && isPlayable(layout, state, r, c);
      else if (part === "colours") ok = Number.isInteger(v) && v >= 1 && v <= COLOURS;
      else ok = pencil && Array.isArray(v) && v.length <= MAX_MARKS && v.every((n) => Number.isInteger(n) && allowed.has(n));
      if (ok) maps[part].set(`${r},${c}`, Array.isArray(v) ? [...new Set(v)].sort((a, b) => a - b) : v);
    }
  }
  const part = playPart(layout);
  if (part) maps.lattice = keepMarks(play.lattice, looksOf(part), { rows: state.rows, cols: state.cols, inner: !!(ruleOf(layout) || {}).inner });
  return maps;
}

// The Maps as a play state, in reading order.
export function playLists(maps) {
  const out = {};
  for (const part of PARTS) {
    const items = [...maps[part]].map(([k, v]) => [...k.split(",").map(Number), Array.isArray(v) ? v.slice() : v]);
    items.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    if (items.length) out[part] = items;
  }
  const names = Object.keys(maps.lattice || {}).sort();          // (a stable order: the layout is not at hand)
  const lattice = canonicalMarks(maps.lattice, Object.fromEntries(names.map((n) => [n, n])));
  if (Object.keys(lattice).length) out.lattice = lattice;
  return out;
}

// The entries as the engine takes them: [r, c, n] in reading order.
export const entriesOf = (maps) => (playLists(maps).entries || []);

// A layout played on the lattice alone (play.lattice, no values): the player's marks are its entries,
// [y, x, v] at their points (gridlogic/layout/play.py): v 1 for a line, border or shade, 2 for a double line,
// 0 for a cross or dot.
export function latticeEntries(layout, maps) {
  const part = playPart(layout);
  if (!part || ruleOf(layout).values) return [];
  const looks = looksOf(part);
  const out = [];
  for (const [name, points] of Object.entries(maps.lattice || {})) {
    if (!looks[name]) continue;
    const v = looks[name] === "double" ? 2 : ["line", "border", "shade"].includes(looks[name]) ? 1 : 0;
    for (const [y, x] of points) out.push([y, x, v]);
  }
  return out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

// The pieces of an extra field (puzlogic) still free: each whole number written there, less the entries.
export function freePieces(state, rule, maps) {
  if (!rule || !rule.pieces || !state.extras) return null;
  const free = (String(state.extras[rule.pieces] || "").match(/\d+/g) || []).map(Number);
  for (const n of maps.entries.values()) {
    const i = free.indexOf(n);
    if (i >= 0) free.splice(i, 1);
  }
  return free.sort((a, b) => a - b);
}

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)));
}

// A play state in a link ("p1.…"), and back (null when damaged).
export const encodePlay = (play) => VERSION + toBase64Url(JSON.stringify(play));

export function decodePlay(text) {
  if (typeof text !== "string" || !text.startsWith(VERSION)) return null;
  try {
    const play = JSON.parse(fromBase64Url(text.slice(VERSION.length)));
    return play && typeof play === "object" && !Array.isArray(play) ? play : null;
  } catch (err) {
    return null;
  }
}
