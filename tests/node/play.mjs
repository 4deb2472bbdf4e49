// The play state of web/codecs/play.js under Node, against every kind's layout: random play states drawn
// around each example (good items and bad ones) go through playMaps and playLists, and links through
// encodePlay / decodePlay. Usage: node play.mjs KINDS_JSON SEED. Prints JSON
// [{kind, state, given, kept}] for tests/test_play.py to hold against gridlogic/layout/play.py; exits 1
// when a link does not round-trip or damage throws.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { decodePlay, encodePlay, playLists, playMaps, valuesOf } from "../../web/codecs/play.js";

const kinds = JSON.parse(readFileSync(process.argv[2], "utf8")).kinds;
let seed = Number(process.argv[3] || 1);
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const WILD = [-1, 0, 1, 2, 9, 10, 36, 99, 100, 1.5, "1", null, [], [1, 2]];

const out = [];
for (const kind of kinds) {
  if (!kind.layout.play) continue;
  for (const example of kind.examples) {
    const state = example.state;
    const values = valuesOf(kind.layout, state.rows);
    const item = (part) => {
      const r = random() < 0.9 ? int(0, state.rows - 1) : pick([-1, state.rows, 1.5]);
      const c = random() < 0.9 ? int(0, state.cols - 1) : pick([-1, state.cols]);
      let v;
      if (part === "entries") v = random() < 0.8 ? pick(values) : pick(WILD);
      else if (part === "colours") v = random() < 0.8 ? int(1, 9) : pick(WILD);
      else v = random() < 0.8 ? Array.from({ length: int(0, 4) }, () => pick(values)) : pick(WILD);
      return random() < 0.95 ? [r, c, v] : [r, c];
    };
    const given = {};
    for (const part of ["entries", "corner", "centre", "colours"]) {
      given[part] = Array.from({ length: int(0, 6) }, () => item(part));
    }
    const kept = playLists(playMaps(kind.layout, state, given));
    assert.deepEqual(decodePlay(encodePlay(kept)), kept);
    const link = encodePlay(kept);
    assert.match(link, /^p1\.[A-Za-z0-9_-]*$/);
    for (let cut = 0; cut < link.length; cut += 7) decodePlay(link.slice(0, cut));      // never throws
    out.push({ kind: kind.key, state, given, kept });
  }
}
console.log(JSON.stringify(out));
