// The page's codecs against the test vectors their Python twins were recorded with
// (tests/data/record_codec_vectors.py; tests/test_codec_vectors.py runs this and holds Python to the
// same files). Usage: node codec_vectors.mjs STATELINK_JSON PLAY_JSON. Prints one line per section;
// exits 1 on the first disagreement.
//   about      encodeAbout writes each title, author and rules text's segment, decodeAbout reads
//              each segment, damaged ones too, to what Python read;
//   statelink  encodeState writes each payload; decodeState reads it back to its state (every part
//              present; or to its `decoded`, where a strange value is written as none), and reads each damaged, old or junk payload to what Python read (null or a state);
//   play       playMaps / playLists keep of each play state what Python accepts, encodePlay writes
//              its link, decodePlay reads each link, cut or junk, to what Python read.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { decodePlay, encodePlay, playLists, playMaps } from "../../web/codecs/play.js";
import { decodeAbout, decodeState, encodeAbout, encodeState } from "../../web/codecs/statelink.js";

const read = (path) => JSON.parse(readFileSync(path, "utf8"));

// A state as a decoder gives it back: every part of the layout present (absent ones empty).
function withParts(layout, state) {
  if (!layout.parts || !layout.parts.length) return state;
  const given = state.parts || {};
  return { ...state, parts: Object.fromEntries(layout.parts.map((p) => [p.key, given[p.key] || []])) };
}

const links = read(process.argv[2]);
for (const v of links.encode) {
  const layout = links.layouts[v.layout];
  assert.equal(encodeState(layout, v.state), v.payload, `${v.name}: payload`);
  const back = v.decoded !== undefined ? v.decoded : withParts(layout, v.state);
  assert.deepEqual(decodeState(layout, v.payload), back, `${v.name}: read back`);
}
for (const v of links.decode) {
  assert.deepEqual(decodeState(links.layouts[v.layout], v.payload), v.decoded, `${v.layout}: ${v.payload}`);
}
console.log(`statelink: ${links.encode.length} payloads written and read, ${links.decode.length} read`);
for (const v of links.about) {
  if (v.about) assert.equal(encodeAbout(v.about), v.segment, `about ${JSON.stringify(v.about)}: segment`);
  assert.deepEqual(decodeAbout(v.segment), v.read, `about segment ${v.segment}: read`);
}
console.log(`about: ${links.about.length} segments written and read`);

const play = read(process.argv[3]);
for (const v of play.states) {
  const kept = playLists(playMaps(play.layouts[v.layout], v.state, v.given));
  assert.deepEqual(kept, v.kept, `${v.name}: kept of ${JSON.stringify(v.given)}`);
  assert.equal(encodePlay(kept), v.link, `${v.name}: link`);
  assert.deepEqual(decodePlay(v.link), v.kept, `${v.name}: link read back`);
}
for (const v of play.links) assert.deepEqual(decodePlay(v.link), v.read, `play link ${v.link}`);
console.log(`play: ${play.states.length} play states kept and linked, ${play.links.length} links read`);
