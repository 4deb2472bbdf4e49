// The parts section of a v3 share link (web/codecs/statelink.js): the typed items of a layout's `parts`
// (cages, lines, dots, outside clues, shapes), written and read with the layout alone.
//
// parts    = "~" section*               one section per part in layout order, the empty ones at
//                                       the end left out ("~" alone: no items at all)
// section  = item* "~"
// item     = LETTER CELLS ["." CELLS] ["-" S "-"] ["!" DIR]
//   LETTER  "a" + the index of the item's choice in the part's choices
//   CELLS   one or more cells, each r + 1 then c + 1 in base 36 (0-9A-Z), W characters each:
//           W = 1 when max(rows, cols) + 1 <= 35, else 2 (outside clues sit on row or column -1)
//   "." CELLS  the item's `more` (an arrow's line, a clone's copy)
//   "-" S "-"  its value, S escaped as in statelink.js
//   "!" DIR    its direction: UL, UR, DL or DR
// A lattice part's section holds its marks instead of items: per choice with points, its letter and a
// bitmap over the points its look may take (editor/parts/lattice.js encodeMarks; the grammar is in
// pysrc/gridlogic/layout/lattice.py write_marks). A vertex part's section holds its numbers at the
// corners: per choice with numbers, its letter and a body over the corners (editor/parts/vertex.js
// encodeNumbers; the grammar is in pysrc/gridlogic/layout/vertex.py write_numbers).
// An item the section cannot hold exactly (a name none of the part's first 26 choices has, no
// cells, a cell beyond row or column -1..rows/cols, a value that is not text, another direction)
// is left out; the editor's own check refuses such items first.
import { SECTION_CHARS, decodeMarks, encodeMarks } from "../editor/parts/lattice.js";
import { SECTION_CHARS as NUMBER_CHARS, decodeNumbers, encodeNumbers } from "../editor/parts/vertex.js";

const B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const DIRECTIONS = ["UL", "UR", "DL", "DR"];
const isDigit36 = (ch) => B36.includes(ch);

const widthOf = (rows, cols) => (Math.max(rows, cols) + 1 <= 35 ? 1 : 2);

// The cells as base-36 pairs, or null when one cannot be written.
function writeCells(cells, rows, cols, w) {
  if (!Array.isArray(cells) || !cells.length) return null;
  let out = "";
  for (const cell of cells) {
    if (!Array.isArray(cell) || cell.length !== 2) return null;
    const [r, c] = cell;
    if (!Number.isInteger(r) || !Number.isInteger(c) || r < -1 || r > rows || c < -1 || c > cols) return null;
    out += (r + 1).toString(36).toUpperCase().padStart(w, "0") + (c + 1).toString(36).toUpperCase().padStart(w, "0");
  }
  return out;
}

function writeItem(part, item, rows, cols, w, escape) {
  if (item === null || typeof item !== "object") return "";
  const index = (part.choices || []).findIndex((choice) => choice.name === item.name);
  if (index < 0 || index >= LETTERS.length) return "";
  const cells = writeCells(item.cells, rows, cols, w);
  if (cells === null) return "";
  let out = LETTERS[index] + cells;
  if (item.more !== undefined && item.more !== null && !(Array.isArray(item.more) && !item.more.length)) {
    const more = writeCells(item.more, rows, cols, w);
    if (more === null) return "";
    out += `.${more}`;
  }
  if (item.value !== undefined && item.value !== null) {
    if (typeof item.value !== "string") return "";
    if (item.value) out += `-${escape(item.value)}-`;
  }
  if (item.direction !== undefined && item.direction !== null) {
    if (!DIRECTIONS.includes(item.direction)) return "";
    out += `!${item.direction}`;
  }
  return out;
}

// The parts section of a state ("" when the layout has no parts); `escape` writes S.
export function writeParts(layout, state, escape) {
  if (!layout.parts || !layout.parts.length) return "";
  const w = widthOf(state.rows, state.cols);
  const given = state.parts || {};
  const sections = layout.parts.map((part) => {
    if (part.type === "lattice") return encodeMarks(part, given[part.key], state.rows, state.cols);
    if (part.type === "vertex") return encodeNumbers(part, given[part.key], state.rows, state.cols);
    const items = Array.isArray(given[part.key]) ? given[part.key] : [];
    return items.map((item) => writeItem(part, item, state.rows, state.cols, w, escape)).join("");
  });
  while (sections.length && !sections[sections.length - 1]) sections.pop();
  return `~${sections.map((s) => `${s}~`).join("")}`;
}

// Cells read from `read` (statelink.js's reader), or null.
function readCells(read, rows, cols, w) {
  const digits = read.span(isDigit36);
  if (!digits || digits.length % (2 * w)) return null;
  const cells = [];
  for (let k = 0; k < digits.length; k += 2 * w) {
    const r = parseInt(digits.slice(k, k + w), 36) - 1;
    const c = parseInt(digits.slice(k + w, k + 2 * w), 36) - 1;
    if (r > rows || c > cols) return null;
    cells.push([r, c]);
  }
  return cells;
}

function readItem(part, read, rows, cols, w) {
  const index = LETTERS.indexOf(read.peek());
  const choices = part.choices || [];
  if (index < 0 || index >= choices.length || !read.take(LETTERS[index])) return null;
  const item = { name: choices[index].name, cells: readCells(read, rows, cols, w) };
  if (!item.cells) return null;
  if (read.take(".")) {
    item.more = readCells(read, rows, cols, w);
    if (!item.more) return null;
  }
  if (read.take("-")) {
    item.value = read.string("-");
    if (!item.value) return null;                  // (an empty value is written as none)
  }
  if (read.take("!")) {
    item.direction = read.span((ch) => "UDLR".includes(ch));
    if (!DIRECTIONS.includes(item.direction)) return null;
  }
  return item;
}

// The parts of a v3 payload after its extras ({key: [item, ...]} for every part), or null.
export function readParts(layout, read, rows, cols) {
  const parts = Object.fromEntries(layout.parts.map((part) => [part.key, part.type === "lattice" || part.type === "vertex" ? {} : []]));
  if (read.done()) return parts;                   // a payload from before the kind had parts
  if (!read.take("~")) return null;
  const w = widthOf(rows, cols);
  for (const part of layout.parts) {
    if (read.done()) break;
    if (part.type === "lattice") {
      const marks = decodeMarks(part, read.span((ch) => SECTION_CHARS.includes(ch)), rows, cols);
      if (!marks || !read.take("~")) return null;
      parts[part.key] = marks;
      continue;
    }
    if (part.type === "vertex") {
      const numbers = decodeNumbers(part, read.span((ch) => NUMBER_CHARS.includes(ch)), rows, cols);
      if (!numbers || !read.take("~")) return null;
      parts[part.key] = numbers;
      continue;
    }
    while (!read.take("~")) {
      const item = readItem(part, read, rows, cols, w);
      if (!item) return null;
      parts[part.key].push(item);
    }
  }
  return parts;
}
