// The page's reading of other sites' links without the engine (web/codecs/lzstring.js, foreign.js), on
// the cases tests/test_foreign_links.py hands it. Usage: node foreign.mjs CASES_JSON. Prints a JSON
// object: `lz` (each text decompressed from its base64 and URI forms), `givens` (readGivens of each
// URL, null where it reads none), `puzzlink` (readPuzzlink of each [URL, kinds.json `puzzlink`]) and
// `scl` (readScl of each SudokuPad URL).
import { readFileSync } from "node:fs";
import { readGivens, readPuzzlink, readScl } from "../../web/codecs/foreign.js";
import { BASE64, URI, decompress } from "../../web/codecs/lzstring.js";

const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const lz = cases.lz.map((c) => [decompress(c.base64, BASE64), decompress(c.uri, URI)]);
const givens = cases.urls.map((url) => readGivens(url));
const puzzlink = cases.puzzlink.map(([url, info]) => readPuzzlink(url, info));
const scl = (cases.scl || []).map((url) => readScl(url));
process.stdout.write(JSON.stringify({ lz, givens, puzzlink, scl }));
