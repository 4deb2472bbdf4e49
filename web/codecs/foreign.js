// The givens of another site's link, read without the engine, so that a link pasted while the engine
// starts shows its grid at once (page/open.js draws them; the engine's link_import then reads the whole
// puzzle, its clues and rules, and replaces them). Only plain forms are read here:
// - f-puzzles' JSON (an f-puzzles `?load=` link, a SudokuPad `fpuzzles…`/`fpuz…` id), lz-string base64
//   of {size, grid[r][c]: {value, given}}: twin of gridlogic/kinds/sudoku/links/fpuzzles.py's givens;
// - a puzz.link URL of a kind whose data is Number16 over its cells (kinds.json `puzzlink`: {pid,
//   cells: "number16"}): twin of gridlogic/links/puzzlink.py's split_url and decode_number16.
// Anything else (SudokuPad's own SCL, other puzz.link data) waits for the engine (tests/node/foreign.mjs).
import { BASE64, URI, decompress } from "./lzstring.js";

const MAX_SIZE = 16;
const FPUZZLES = /^(?:https?:\/\/)?(?:www\.)?f-puzzles\.com\/?\?(?:[^#]*&)?load=([^&#]+)/i;
const SUDOKUPAD = /^(?:https?:\/\/)?(?:(?:www|beta)\.)?(?:sudokupad\.app|app\.crackingthecryptic\.com)(?:\/sudoku|\/puzzle)?\/(?:\?(?:[^#]*&)?puzzleid=)?(fpuzzles|fpuz)([^?#&]+)/i;

// The f-puzzles payload of a link, or null.
function payloadOf(text) {
  const m = FPUZZLES.exec(text) || SUDOKUPAD.exec(text);
  if (!m) return null;
  const payload = m[m.length - 1];
  try {
    return decodeURIComponent(payload);
  } catch (err) {
    return null;
  }
}

// {rows, cols, givens} of an f-puzzles link (givens row-major, 0 for an empty cell), or null.
export function readGivens(text) {
  const payload = typeof text === "string" ? payloadOf(text.trim()) : null;
  if (payload === null) return null;
  const json = decompress(payload, BASE64) ?? decompress(payload, URI);
  if (json === null) return null;
  let data;
  try {
    data = JSON.parse(json);
  } catch (err) {
    return null;
  }
  const size = data && data.size;
  if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE || !Array.isArray(data.grid) || data.grid.length !== size) return null;
  const givens = [];
  for (const row of data.grid) {
    if (!Array.isArray(row) || row.length !== size) return null;
    for (const cell of row) {
      const v = cell && cell.given === true ? cell.value : 0;     // a number, or a string of digits
      const d = typeof v === "number" || (typeof v === "string" && /^\s*\d{1,2}\s*$/.test(v)) ? Number(v) : 0;
      givens.push(Number.isInteger(d) && d >= 1 && d <= size ? d : 0);
    }
  }
  return { rows: size, cols: size, givens };
}

const QUERY = /^(?:[a-z][a-z0-9+.-]*:\/\/[^?#\s]*)?\?(?:type=[a-z]+&)?(.*)$/i;
const HEX = "0123456789abcdef";
const NUMBER16 = { "-": [2, 0], "+": [3, 0], "=": [3, 4096], "%": [3, 8192], "@": [3, 8192], "*": [4, 12240],
                   "$": [5, 77776] };
const isNumber = (word) => /^[0-9]{1,4}$/.test(word);

// Number16 values of `count` cells (null an empty one, -1 a "?"), or null when the data is not that.
function number16(body, count) {
  const values = [];
  let i = 0;
  while (i < body.length && values.length < count) {
    const ch = body[i];
    if (HEX.includes(ch)) {
      values.push(HEX.indexOf(ch));
      i += 1;
    } else if (Object.hasOwn(NUMBER16, ch)) {
      const [width, offset] = NUMBER16[ch];
      const chunk = body.slice(i + 1, i + 1 + width);
      if (chunk.length !== width || [...chunk].some((h) => !HEX.includes(h))) return null;
      values.push(parseInt(chunk, 16) + offset);
      i += 1 + width;
    } else if (ch === ".") {
      values.push(-1);
      i += 1;
    } else if (ch >= "g" && ch <= "z") {
      for (let k = parseInt(ch, 36) - 15; k > 0; k--) values.push(null);
      i += 1;
    } else {
      return null;
    }
  }
  return values.length > count || i < body.length ? null : values;
}

// {rows, cols, givens} of a puzz.link URL whose pid and data `puzzlink` ({pid, cells}) names, or null.
export function readPuzzlink(text, puzzlink) {
  if (!puzzlink || puzzlink.cells !== "number16" || typeof text !== "string") return null;
  const m = QUERY.exec(text.trim());
  if (!m) return null;
  const parts = m[1].split("#")[0].split("/");
  if (parts[0].replace(/_(edit|play)$/, "") !== puzzlink.pid) return null;
  let rest = parts.slice(1);
  while (rest.length && (rest[0].startsWith("v:") || (rest[0] && !isNumber(rest[0])))) rest = rest.slice(1);
  if (rest.length < 2 || !isNumber(rest[0]) || !isNumber(rest[1])) return null;
  const [cols, rows] = [Number(rest[0]), Number(rest[1])];
  const values = number16(rest.slice(2).join("/").replace(/\/+$/, ""), rows * cols);
  if (!values || values.some((v) => v !== null && v < 1)) return null;
  return { rows, cols, givens: [...values.map((v) => v || 0), ...Array(rows * cols - values.length).fill(0)] };
}
