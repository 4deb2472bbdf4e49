// The givens of another site's link, read without the engine, so that a link pasted while the engine
// starts shows its grid at once (page/open.js draws them; the engine's link_import then reads the whole
// puzzle, its clues and rules, and replaces them). Only the plain form is read here: f-puzzles' JSON
// (an f-puzzles `?load=` link, a SudokuPad `fpuzzles…`/`fpuz…` id), lz-string base64 of {size,
// grid[r][c]: {value, given}}; anything else (SudokuPad's own SCL, puzz.link) waits for the engine.
// Twin of the givens gridlogic/kinds/sudoku/links/fpuzzles.py reads (tests/node/foreign.mjs).
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

// {size, givens} of a link (givens row-major, 0 for an empty cell), or null when it is none this reads.
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
  return { size, givens };
}
