// Share links of web/codecs/statelink.js against every kind's layout, under Node (no browser, no engine).
// Usage: node statelink.mjs KINDS_JSON [SEED]. Prints one line per kind; exits 1 on the first failure.
//   - every example state round-trips exactly, and fits its layout (web/editor.js's `fits`);
//   - random states drawn from each layout round-trip exactly, and so do states holding values the
//     layout does not allow (links carry them escaped);
//   - payloads are v3, use only A-Z a-z 0-9 . _ - ~ and end in a letter or digit;
//   - every cut of a payload, and random damage to it, decodes to null or a state, never throws;
//     cuts always give null.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { blankState, fits } from "../../web/editor.js";
import { decodeState, encodeState } from "../../web/codecs/statelink.js";

const kinds = JSON.parse(readFileSync(process.argv[2], "utf8")).kinds;
let seed = Number(process.argv[3] || 12345);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const WILD = ["", " ", "-", "_", ".", ",", "~", "%", "a", "z", "é", "漢", "🧩", "\\", "<", "v", "#", "0", "Z", "/", "?", "&"];
const wild = () => Array.from({ length: int(1, 6) }, () => pick(WILD)).join("");
const SIDES = { left: "rows", right: "rows", top: "cols", bottom: "cols" };

function symbolsOf(layout, rows) {
  const s = (layout.cell && layout.cell.symbols) || "";
  return typeof s === "string" ? s : s[String(rows)] || "";
}

// A state the layout allows (value by value), or with `strange` values it does not.
function randomState(layout, strange) {
  const lo = layout.min_size || { rows: 1, cols: 1 };
  const hi = layout.max_size;
  const sizes = layout.sizes || [];
  let rows;
  let cols;
  if (!layout.free_size || random() < 0.3) ({ rows, cols } = pick(sizes));
  else {
    rows = int(lo.rows, Math.min(hi.rows, random() < 0.1 ? hi.rows : 12));
    cols = layout.square ? rows : int(lo.cols, Math.min(hi.cols, random() < 0.1 ? hi.cols : 12));
  }
  const state = blankState(layout, rows, cols);
  const cell = layout.cell || {};
  const values = [""];
  for (const s of symbolsOf(layout, rows)) values.push(s);
  if (cell.numbers) for (let k = 0; k < 5; k++) values.push(String(int(cell.numbers[0], cell.numbers[1])));
  for (const st of cell.states || []) {
    const fields = st.fields || [];
    values.push(fields.length ? st.token + fields.map((f) => (random() < 0.3 ? "" : String(int(f.min || 0, f.max || 99)))).join(",") : st.token);
  }
  if (cell.word) {                       // words of digits and tokens (tapa's `3?1`)
    const chars = [...values.slice(1).filter((v) => v.length === 1)];
    for (let k = 0; k < 5; k++) values.push(Array.from({ length: int(2, cell.word) }, () => pick(chars)).join(""));
  }
  const editable = cell.editable !== false;
  state.cells = state.cells.map((v) => (strange && random() < 0.1 ? wild() : editable && random() < 0.6 ? pick(values) : v));
  for (const e of layout.edges || []) {
    state.edges[e.key] = state.edges[e.key].map(() => (random() < 0.3 ? "" : strange ? wild() : `${int(0, 20)} ${int(1, 9)}`));
  }
  for (const x of layout.extras || []) state.extras[x.key] = strange ? wild() : random() < 0.5 ? "" : "1 2 3";
  if (layout.marks) {
    for (const way of ["h", "v"]) state.marks[way] = state.marks[way].map(() => (random() < 0.4 ? pick(layout.marks[way]) : ""));
  }
  return state;
}

// A state as the decoder gives it back: every part of the layout present (absent ones empty).
function withParts(layout, state) {
  if (!layout.parts || !layout.parts.length) return state;
  const given = state.parts || {};
  return { ...state, parts: Object.fromEntries(layout.parts.map((p) => [p.key, given[p.key] || []])) };
}

function roundTrip(layout, state, what) {
  const payload = encodeState(layout, state);
  assert.match(payload, /^v3\.[A-Za-z0-9._~-]*[A-Za-z0-9]$/, `${what}: payload characters`);
  assert.deepEqual(decodeState(layout, payload), withParts(layout, state), `${what}: round trip of ${payload.slice(0, 80)}`);
  return payload;
}

function damage(layout, payload, what) {
  for (let n = 0; n < payload.length; n++) {
    assert.equal(decodeState(layout, payload.slice(0, n)), null, `${what}: cut at ${n}`);
  }
  let through = 0;
  const alphabet = "abcz019AZ._-%~";
  for (let k = 0; k < 60; k++) {
    const i = int(0, payload.length - 1);
    const bad = [payload.slice(0, i) + pick([...alphabet]) + payload.slice(i + 1),
                 payload.slice(0, i) + pick([...alphabet]) + payload.slice(i),
                 payload.slice(0, i) + payload.slice(i + 1)];
    for (const p of bad) {
      const got = decodeState(layout, p);                           // must not throw
      if (got !== null && p !== payload) through += 1;
    }
  }
  return through;
}

let through = 0;
let tried = 0;
for (const kind of kinds) {
  const layout = kind.layout;
  let n = 0;
  for (const ex of kind.examples) {
    assert.ok(fits(layout, ex.state), `${kind.key} example ${ex.name}: state does not fit its layout`);
    const payload = roundTrip(layout, ex.state, `${kind.key} example ${ex.name}`);
    through += damage(layout, payload, `${kind.key} example ${ex.name}`);
    tried += 180;
    n += 1;
  }
  for (let k = 0; k < 40; k++) {
    const state = randomState(layout, false);
    assert.ok(fits(layout, state), `${kind.key}: a random state of the layout does not fit it`);
    roundTrip(layout, state, `${kind.key} random ${k}`);
    roundTrip(layout, randomState(layout, true), `${kind.key} strange ${k}`);
    n += 2;
  }
  for (const junk of [null, 5, "", "v2.", "v2.9x9.", "v1.9x9.zzzc", "v2.99999x9.zzzcAA", "v2.-1x9.zzzcAA", "v2.🧩",
                      "v3.", "v3.9x9.", "v4.9x9.zzzcMU", "v3.🧩"]) {
    assert.equal(decodeState(layout, junk), null, `${kind.key}: junk ${junk}`);
  }
  console.log(`${kind.key}: ${n} states round-trip`);
}
// A damaged payload that still decodes needs its check characters to agree by chance (1 in 1296).
assert.ok(through <= tried / 200, `${through} of ${tried} damaged payloads decoded`);
console.log(`damaged payloads decoded: ${through} of ${tried}`);
