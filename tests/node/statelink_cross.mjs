// web/codecs/statelink.js on states and payloads given as JSON, for tests/test_statelink_cross.py, which
// runs gridlogic/codecs/page.py on the same ones. Usage: node statelink_cross.mjs CASES_JSON
//   CASES_JSON  {"layouts": [layout, ...], "states": [[i, state], ...], "payloads": [[i, payload], ...]}
//               (i: the index of the layout)
// Prints {"encoded": [payload, ...], "decoded": [state or null, ...]}; a throw fails the run.
import { readFileSync } from "node:fs";
import { decodeState, encodeState } from "../../web/codecs/statelink.js";

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const encoded = cases.states.map(([i, state]) => encodeState(cases.layouts[i], state));
const decoded = cases.payloads.map(([i, payload]) => decodeState(cases.layouts[i], payload));
process.stdout.write(JSON.stringify({ encoded, decoded }));
