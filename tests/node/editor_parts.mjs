// The editor's check of a state's parts (web/editor/schema.js `fits`, the part modules' `check`),
// under Node: reads {layout, states} as JSON from the file named first and prints, one line per
// state, the parts the editor keeps of it (`canonical`) as JSON, or null when it refuses the state.
// With no file: the looks each part module draws, {type: [look, ...]}, as one line of JSON.
import { readFileSync } from "node:fs";
import { MODULES } from "../../web/editor/parts.js";
import { canonical, filled, fits } from "../../web/editor/schema.js";

if (!process.argv[2]) {
  console.log(JSON.stringify(Object.fromEntries(Object.entries(MODULES).map(([type, mod]) => [type, mod.looks]))));
  process.exit(0);
}
const { layout, states } = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const state of states) {
  const full = filled(layout, state);
  console.log(JSON.stringify(fits(layout, full) ? canonical(layout, full).parts : null));
}
