// The givens of another site's link, read without the engine, so that a link pasted while the engine
// starts shows its grid at once (page/open.js draws them; the engine's link_import then reads the whole
// puzzle, its clues and rules, and replaces them). Only plain forms are read here:
// - f-puzzles' JSON (an f-puzzles `?load=` link, a SudokuPad `fpuzzles…`/`fpuz…` id), lz-string base64
//   of {size, grid[r][c]: {value, given}}: twin of gridlogic/kinds/sudoku/links/fpuzzles.py's givens;
// - a puzz.link URL of a kind whose data is Number16 over its cells (kinds.json `puzzlink`: {pid,
//   cells: "number16"}): twin of gridlogic/codecs/puzzlink.py's split_url and decode_number16.
// - SudokuPad's own SCL (`sudokupad.app/scl…`, `ctc…`, `?puzzleid=scl…`), lz-string base64 of its JSON,
//   plain or "zipped" (read by a small parser, below): `cells[r][c].value` a given unless `given: false`;
//   twin of sudokupad.py's puzzle_id, scl_zip.py's read and scl.py's cells.
// Anything else (a SudokuPad payload whose slashes a shortener collapsed, other puzz.link data) or
// anything read in doubt waits for the engine (tests/node/foreign.mjs).
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

// -- SudokuPad's own SCL (`scl…`/`ctc…`): twin of sudokupad.py's puzzle_id, scl_zip.py's read and scl.py's
// cells. Its JSON is plain or "zipped": keys renamed (ce → cells, v → value) and unquoted, the quotes
// swapped, t/f for true/false, bare colours, empty objects in arrays left out. A small parser of that
// form (strings read whole, never searched by pattern), the same steps in the same order as Python's.
const SCL_HOST = /^(?:https?:\/\/)?(?:(?:www|beta)\.)?(?:sudokupad\.app|app\.crackingthecryptic\.com)(\/[^?#]*)?(\?[^#]*)?(?:#.*)?$/is;
const UNZIP = { c: "color", ca: "cages", ct: "center", c1: "borderColor", c2: "backgroundColor", ce: "cells",
                cs: "cellSize", a: "arrows", o: "overlays", u: "underlays", w: "width", h: "height", v: "value",
                vd: "videos", l: "lines", r: "rounded", re: "regions", fs: "fontSize", th: "thickness",
                hl: "headLength", wp: "wayPoints", t: "title", te: "text", d: "duration" };
const MAX_DEPTH = 100;
const HEX6 = /^[0-9a-fA-F]{6}$/;
const BARE = /[#A-Za-z0-9_.+$-]+/y;
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const SPECIAL = { t: true, f: false, true: true, false: false, null: null, "#0": "#000000", "#F": "#FFFFFF" };
const QUOTE = "\ue000";                          // an escaped quote while the quotes are swapped back
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// The SCL payload of a SudokuPad link (its `puzzleid`, else its path less `/puzzle/`, `/sudoku/`), or null.
function sclPayload(text) {
  const m = SCL_HOST.exec(text);
  if (!m) return null;
  let id = null;
  for (const part of (m[2] || "").replace(/^\?+/, "").split("&")) {
    const at = part.indexOf("=");
    if (at >= 0 && part.slice(0, at).toLowerCase() === "puzzleid" && at + 1 < part.length) {
      id = part.slice(at + 1);
      break;
    }
  }
  if (id === null) {
    id = (m[1] || "").replace(/^\/+/, "");
    id = id.replace(/^(?:puzzle|sudoku)\//i, "");          // SudokuPad's app paths, as SUDOKUPAD reads them
  }
  return /^(?:scl|ctc)./s.test(id) ? id.slice(3) : null;
}

// The value of a zipped text (scl_zip.py's read less its first step, JSON.parse), or undefined.
function unzip(text) {
  if (!text.includes('"')) text = text.split("\\'").join(QUOTE).split("'").join('"').split(QUOTE).join("'");
  const skip = (i) => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
    return i;
  };
  const fail = () => { throw new SyntaxError("not zipped JSON"); };
  const string = (i) => {                        // [the string opening at i, where it ends]
    let j = i + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    if (j >= text.length) fail();
    const control = (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");   // read as Python's strict=False
    return [JSON.parse(text.slice(i, j + 1).replace(/[\u0000-\u001f]/g, control)), j + 1];   // a bad escape throws
  };
  const bare = (i) => {
    BARE.lastIndex = i;
    const m = BARE.exec(text);
    if (!m) fail();
    return m[0];
  };
  const after = (i, close) => {                  // [past the `,` or closing bracket, whether it closed]
    if (i < text.length && (text[i] === "," || text[i] === close)) return [i + 1, text[i] === close];
    return fail();
  };
  const value = (i, depth, afterColon) => {
    i = skip(i);
    if (depth > MAX_DEPTH || i >= text.length) fail();
    if (text[i] === '"') return string(i);
    if (text[i] === "{") {
      const out = Object.create(null);
      i = skip(i + 1);
      if (text[i] === "}") return [out, i + 1];
      for (let done = false; !done;) {
        i = skip(i);
        let key;
        if (text[i] === '"') [key, i] = string(i);
        else {
          key = bare(i);
          i += key.length;
        }
        i = skip(i);
        if (text[i] !== ":") fail();
        [out[key], i] = value(i + 1, depth + 1, true);
        [i, done] = after(skip(i), "}");
      }
      return [out, i];
    }
    if (text[i] === "[") {
      const out = [];
      i += 1;
      for (let done = false; !done;) {
        i = skip(i);
        if (i < text.length && (text[i] === "," || text[i] === "]")) out.push(Object.create(null));   // elided
        else {
          let item;
          [item, i] = value(i, depth + 1, false);
          out.push(item);
          i = skip(i);
        }
        [i, done] = after(i, "]");
      }
      return [out, i];
    }
    const word = bare(i);
    if (afterColon && HEX6.test(word)) return ["#" + word, i + word.length];
    if (Object.hasOwn(SPECIAL, word)) return [SPECIAL[word], i + word.length];
    if (JSON_NUMBER.test(word) && word.length <= 40) return [Number(word), i + word.length];
    return fail();
  };
  const longKeys = (v) => {                      // keys back to their names, `123abc` strings to colours
    if (Array.isArray(v)) return v.map(longKeys);
    if (isObject(v)) {
      const out = Object.create(null);
      for (const [k, item] of Object.entries(v)) out[Object.hasOwn(UNZIP, k) ? UNZIP[k] : k] = longKeys(item);
      return out;
    }
    return typeof v === "string" && HEX6.test(v) ? "#" + v : v;
  };
  try {
    const [read, end] = value(0, 0, false);
    return skip(end) === text.length ? longKeys(read) : undefined;
  } catch (err) {
    return undefined;
  }
}

// A cell's given (scl.py's `number(value, size)`): a digit 1..size, 0 for none, null when unsure.
function sclDigit(v, size) {
  if (typeof v === "number") return Number.isInteger(v) && v >= 1 && v <= size ? v : 0;
  if (typeof v !== "string") return 0;
  const m = /^[ \t\r\n]*([0-9]+)[ \t\r\n]*$/.exec(v);
  if (m) return Number(m[1]) <= size ? Number(m[1]) : 0;
  return /[0-9]/.test(v) ? null : 0;             // digits in other white space: left to the engine
}

// {rows, cols, givens} of a SudokuPad SCL link (`scl…`, `ctc…`, `?puzzleid=scl…`), or null.
export function readScl(text) {
  let payload = typeof text === "string" ? sclPayload(text.trim()) : null;
  if (payload === null) return null;
  try {
    if (payload.includes("%")) payload = decodeURIComponent(payload);
  } catch (err) {
    return null;
  }
  const json = decompress(payload, BASE64);      // a payload whose slashes a shortener collapsed: the engine
  if (json === null) return null;
  let data;
  try {
    data = JSON.parse(json);
  } catch (err) {
    data = unzip(json);
  }
  const rows = isObject(data) ? data.cells : null;
  const size = Array.isArray(rows) ? rows.length : 0;
  if (size < 1 || size > MAX_SIZE || rows.some((row) => !Array.isArray(row) || row.length !== size)) return null;
  const givens = [];
  for (const row of rows) {
    for (const cell of row) {
      const v = isObject(cell) ? cell.value : undefined;
      const d = v === undefined || v === null || v === "" ? 0 : sclDigit(v, size);
      if (d === null) return null;
      givens.push(cell.given === false ? 0 : d);
    }
  }
  return { rows: size, cols: size, givens };
}
