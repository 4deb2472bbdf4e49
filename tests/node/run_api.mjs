// Loads the built site's Pyodide runtime and wheels under Node, then answers api.handle requests
// through the worker's entry point (gridlogic.api.entry).
// Usage: node run_api.mjs SITE_DIR [--lazy z3,sympy] [--wheel] [--abort-at N] < requests.jsonl > responses.jsonl
// The site's own SAT module (sat/cadical.js) is handed to Python as the worker does; --wheel leaves it
// out, so CaDiCaL is python-sat's wheel's (the page's fallback). --abort-at N gives the module's Nth solve
// call an invalid literal, on which CaDiCaL aborts: the module is dead from then on. At exit, stderr's last
// line says how many solve calls reached the module ("sat module solves: N").
// Each input line is one request object; each output line is {"response": ..., "ms": ...} for it (ms: the
// wall milliseconds it took inside).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const site = resolve(process.argv[2] || "site");
const lazyArg = process.argv.indexOf("--lazy");
const lazy = lazyArg > 0 ? process.argv[lazyArg + 1].split(",").filter(Boolean) : [];
const build = JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);

const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/", stdout: () => {}, stderr: () => {} });
const wheels = [...build.core, ...lazy.flatMap((k) => build.lazy[k])];
await pyodide.loadPackage(wheels.map((w) => join(site, w)), { messageCallback: () => {}, errorCallback: (m) => process.stderr.write(m + "\n") });
if (!process.argv.includes("--wheel")) {
  const { loadCadical } = await import(pathToFileURL(join(site, "sat", "cadical.js")).href);
  const sat = await loadCadical(readFileSync(join(site, "sat", "cadical195.wasm")));
  const { solve } = sat;
  const abortArg = process.argv.indexOf("--abort-at");
  const abortAt = abortArg > 0 ? Number(process.argv[abortArg + 1]) : 0;
  let solves = 0;
  sat.solve = (s, assumptions) => (solves++, solve(s, solves === abortAt ? Int32Array.of(0) : assumptions));
  process.on("exit", () => process.stderr.write(`sat module solves: ${solves}\n`));
  pyodide.registerJsModule("cadical_wasm", sat);
}
const handle = pyodide.pyimport("gridlogic.api.entry").handle_json;     // the worker's entry point
const input = readFileSync(0, "utf8");
const out = [];
for (const line of input.split("\n")) {
  if (!line.trim()) continue;
  const start = performance.now();
  const response = JSON.parse(handle(line));
  out.push(JSON.stringify({ response, ms: performance.now() - start }));
}
process.stdout.write(out.join("\n") + "\n");
