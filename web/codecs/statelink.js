// Share links made from the editing state and the kind's layout alone: `#<kind>[,<rule>...]/v3.<payload>`.
// No engine, no text format: any state the layout allows round-trips exactly (anything else is
// escaped), and a damaged payload decodes to null, never an exception. Python's gridlogic/codecs/page/
// writes and reads the same payloads, byte for byte.
//
// payload  = "v3." ROWS "x" COLS "." cells [marks h] [marks v] [edges...] [extras...] [parts] CHECK
//   cells, marks: one value after another, row by row:
//     a..z      a run of 1..26 empty values
//     0-9, A-Z  a one-character value by the section's code: a symbol or sign in 0-9/A-Z stands for
//               itself, any other one-character symbol, token or sign gets a free code (from Z
//               down); a token with N fields is followed by N field numbers, each ending in "."
//     -S-       any other value, written with S below
//   edges (layout order, one item per row or column) and extras (layout order): S then "-" each;
//   empty extras at the end are left out.
//   parts (when the layout has parts): "~", then per part in layout order its items and "~"; empty
//     sections at the end are left out. An item (statelink_parts.js) is its choice's letter, its
//     cells, then "." and its `more`, "-" S "-" its value, "!" and its direction, each if it has one.
//     A lattice part's section is its marks instead: per choice, its letter and a bitmap in 0-9A-V.
//   S: letters and digits as themselves, a space as ".", any other character as "_" and the two
//      hex digits of each of its UTF-8 bytes.
//   CHECK: two base-36 characters of a hash of everything between "v3." and it (a cut link fails to
//   decode, and the link always ends in a letter or digit, which chat apps keep).
// "v2." payloads (the same without parts) still decode.
import { readParts, writeParts } from "./statelink_parts.js";

const VERSION = "v3.";
const OLD_VERSION = "v2.";
const CODES = "ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210";
const PLAIN = /^[0-9A-Z]$/;
const ALNUM = /[0-9A-Za-z]/;
const MAX_SIDE = 1000;
const FIELD = /([0-9]*)\./y;

const symbolsOf = (layout) => {
  const s = (layout.cell && layout.cell.symbols) || "";
  return typeof s === "string" ? s : Object.values(s).join("");
};

// The section's codes: value → one character, and back. Values in 0-9/A-Z keep themselves.
function codeTable(values) {
  const code = new Map();
  const used = new Set();
  for (const v of values) if (PLAIN.test(v)) { code.set(v, v); used.add(v); }
  const free = [...CODES].filter((ch) => !used.has(ch));
  for (const v of values) if (v.length === 1 && !code.has(v) && free.length) code.set(v, free.shift());
  return { code, value: new Map([...code].map(([v, ch]) => [ch, v])) };
}

function tables(layout) {
  const states = (layout.cell && layout.cell.states) || [];
  const cells = codeTable([...symbolsOf(layout), ...states.map((s) => s.token)]);
  const fields = new Map(states.filter((s) => s.fields && s.fields.length).map((s) => [s.token, s.fields.length]));
  const marks = layout.marks || {};
  return { cells, fields, marks: codeTable([...(marks.h || []), ...(marks.v || [])]) };
}

function escape(text) {
  let out = "";
  for (const ch of text) {
    if (ALNUM.test(ch)) out += ch;
    else if (ch === " ") out += ".";
    else for (const b of new TextEncoder().encode(ch)) out += `_${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function check(body) {
  let h = 7;
  for (let i = 0; i < body.length; i++) h = (h * 31 + body.charCodeAt(i)) % 1296;
  return h.toString(36).toUpperCase().padStart(2, "0");
}

function writeValues(values, table, fields = new Map()) {
  let out = "";
  let run = 0;
  const flush = () => {
    for (; run > 0; run -= 26) out += String.fromCharCode(96 + Math.min(run, 26));
    run = 0;
  };
  for (const v of values) {
    if (v === "") { run += 1; continue; }
    flush();
    const n = fields.get(v[0]);
    const parts = v.slice(1).split(",");
    if (n && table.code.has(v[0]) && parts.length === n && parts.every((p) => /^[0-9]*$/.test(p))) {
      out += table.code.get(v[0]) + parts.map((p) => `${p}.`).join("");
    } else if (!n && table.code.has(v)) {
      out += table.code.get(v);
    } else {
      out += `-${escape(v)}-`;
    }
  }
  flush();
  return out;
}

function edgeCount(edge, rows, cols) {
  return edge.side === "left" || edge.side === "right" ? rows : cols;
}

// The payload ("v3.…") of a state.
export function encodeState(layout, state) {
  const t = tables(layout);
  const { rows, cols } = state;
  let body = `${rows}x${cols}.` + writeValues(state.cells, t.cells, t.fields);
  if (layout.marks) {
    body += writeValues((state.marks || {}).h || [], t.marks) + writeValues((state.marks || {}).v || [], t.marks);
  }
  for (const edge of layout.edges || []) {
    const list = (state.edges || {})[edge.key] || [];
    for (let i = 0; i < edgeCount(edge, rows, cols); i++) body += `${escape(list[i] || "")}-`;
  }
  // Extras up to the last one written (a kind that gains an extra field keeps its older links, and
  // a puzzle that leaves the new field empty keeps the same link).
  const extras = (layout.extras || []).map((extra) => (state.extras || {})[extra.key] || "");
  while (extras.length && !extras[extras.length - 1]) extras.pop();
  for (const value of extras) body += `${escape(value)}-`;
  body += writeParts(layout, state, escape);
  return VERSION + body + check(body);
}

// A reader over the payload body; every method returns null on anything unexpected.
function reader(text) {
  let i = 0;
  const bytes = [];
  const self = {
    done: () => i >= text.length,
    peek: () => text[i],
    // The next character if it is `ch` (taken), else false.
    take(ch) {
      if (text[i] !== ch) return false;
      i += 1;
      return true;
    },
    // The longest run of characters from here that `test` accepts (maybe "").
    span(test) {
      const start = i;
      while (i < text.length && test(text[i])) i += 1;
      return text.slice(start, i);
    },
    // S up to (not including) `end`, decoded.
    string(end) {
      let out = "";
      bytes.length = 0;
      const flush = () => {
        if (!bytes.length) return true;
        try {
          out += new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
        } catch (err) {
          return false;
        }
        bytes.length = 0;
        return true;
      };
      while (i < text.length && text[i] !== end) {
        const ch = text[i];
        if (ch === "_") {
          const hex = text.slice(i + 1, i + 3);
          if (!/^[0-9A-F]{2}$/.test(hex)) return null;
          bytes.push(parseInt(hex, 16));
          i += 3;
          continue;
        }
        if (!flush()) return null;
        if (ch === ".") out += " ";
        else if (ALNUM.test(ch)) out += ch;
        else return null;
        i += 1;
      }
      if (!flush() || text[i] !== end) return null;
      i += 1;
      return out;
    },
    values(count, table, fields = new Map()) {
      const out = [];
      while (out.length < count) {
        const ch = text[i];
        if (ch === undefined) return null;
        i += 1;
        if (ch >= "a" && ch <= "z") {
          for (let k = 0; k <= ch.charCodeAt(0) - 97; k++) out.push("");
        } else if (ch === "-") {
          const v = self.string("-");
          if (v === null || v === "") return null;
          out.push(v);
        } else if (table.value.has(ch)) {
          const v = table.value.get(ch);
          const n = fields.get(v) || 0;
          const parts = [];
          for (let k = 0; k < n; k++) {
            FIELD.lastIndex = i;
            const m = FIELD.exec(text);
            if (!m) return null;
            parts.push(m[1]);
            i = FIELD.lastIndex;
          }
          out.push(n ? v + parts.join(",") : v);
        } else {
          return null;
        }
      }
      return out.length === count ? out : null;
    },
  };
  return self;
}

function blankParts(layout) {
  return Object.fromEntries(layout.parts.map((part) => [part.key, part.type === "lattice" || part.type === "vertex" ? {} : []]));
}

// The state a payload holds (shape only: the editor checks it fits), or null.
export function decodeState(layout, payload) {
  try {
    if (typeof payload !== "string") return null;
    const v3 = payload.startsWith(VERSION);
    if (!v3 && !payload.startsWith(OLD_VERSION)) return null;
    const all = payload.slice(VERSION.length);
    const body = all.slice(0, -2);
    if (all.length < 2 || check(body) !== all.slice(-2)) return null;
    const m = /^(\d{1,4})x(\d{1,4})\./.exec(body);
    if (!m) return null;
    const rows = +m[1];
    const cols = +m[2];
    if (rows < 1 || cols < 1 || rows > MAX_SIDE || cols > MAX_SIDE) return null;
    const t = tables(layout);
    const read = reader(body.slice(m[0].length));
    const state = { rows, cols, cells: read.values(rows * cols, t.cells, t.fields) };
    if (!state.cells) return null;
    if (layout.marks) {
      state.marks = { h: read.values(rows * (cols - 1), t.marks), v: read.values((rows - 1) * cols, t.marks) };
      if (!state.marks.h || !state.marks.v) return null;
    }
    if (layout.edges && layout.edges.length) {
      state.edges = {};
      for (const edge of layout.edges) {
        const list = [];
        for (let k = 0; k < edgeCount(edge, rows, cols); k++) list.push(read.string("-"));
        if (list.includes(null)) return null;
        state.edges[edge.key] = list;
      }
    }
    if (layout.extras && layout.extras.length) {
      state.extras = {};
      for (const extra of layout.extras) {
        const end = read.done() || (v3 && read.peek() === "~");    // (empty ones at the end are left out)
        const v = end ? "" : read.string("-");
        if (v === null) return null;
        state.extras[extra.key] = v;
      }
    }
    if (layout.parts && layout.parts.length) {
      state.parts = v3 ? readParts(layout, read, rows, cols) : blankParts(layout);
      if (!state.parts) return null;
    }
    return read.done() ? state : null;
  } catch (err) {
    return null;
  }
}

// What a link says of its puzzle, in a segment after the payload: "i1." and its title, author and
// rules text in S (trimmed), "~" between them, empty ones at the end left out ("" when all are empty).
// gridlogic/codecs/page/ reads and writes the same segment.
export const ABOUT = "i1.";
const ABOUT_FIELDS = ["title", "author", "rules_text"];

export function encodeAbout(about) {
  const values = ABOUT_FIELDS.map((key) => escape(String((about && about[key]) || "").trim()));
  while (values.length && !values[values.length - 1]) values.pop();
  return values.length ? ABOUT + values.join("~") : "";
}

// {title, author, rules_text} of an "i1." segment (null where empty), or null when it is damaged.
export function decodeAbout(segment) {
  if (typeof segment !== "string" || !segment.startsWith(ABOUT)) return null;
  const fields = segment.slice(ABOUT.length).split("~");
  if (fields.length > ABOUT_FIELDS.length) return null;
  const out = {};
  for (const [k, key] of ABOUT_FIELDS.entries()) {
    const value = k < fields.length ? reader(`${fields[k]}~`).string("~") : "";
    if (value === null) return null;
    out[key] = value || null;
  }
  return out;
}

// `#kind[,rule...]/payload` for the address bar (kind and rules %-escaped where they need it).
export function linkHash(kind, rules, payload) {
  const names = [kind, ...rules].map((s) => encodeURIComponent(s)).join(",");
  return `${names}/${payload}`;
}
