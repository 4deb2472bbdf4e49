// Runs a Python script inside the built site's Pyodide under Node, with a source tree first on sys.path
// (so two versions of the package can be timed in wasm side by side without building either).
// Usage: node pyodide_script.mjs SITE_DIR PYSRC_DIR DATA_DIR SCRIPT [ARGS...]
// DATA_DIR is mounted at the same path inside (the script's input files); the script's own stdout is
// what this prints. The site's own SAT module is registered as the worker does (Python's `cadical_wasm`).
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [site, pysrc, data] = process.argv.slice(2, 5).map((p) => resolve(p));
const SOURCE = "/gridlogic_source";           // where the source tree is mounted inside Pyodide
const script = readFileSync(process.argv[5], "utf8");
const build = JSON.parse(readFileSync(join(site, "build.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/", stdout: (s) => console.log(s),
                                    stderr: (s) => console.error(s) });
await pyodide.loadPackage(build.core.map((w) => join(site, w)), { messageCallback: () => {} });
if (existsSync(join(site, "sat", "cadical.js"))) {
  const { loadCadical } = await import(pathToFileURL(join(site, "sat", "cadical.js")).href);
  pyodide.registerJsModule("cadical_wasm", await loadCadical(readFileSync(join(site, "sat", "cadical195.wasm"))));
}
for (const [from, to] of [[pysrc, SOURCE], [data, data]]) {
  pyodide.FS.mkdirTree(to);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: from }, to);
}
pyodide.globals.set("ARGV", pyodide.toPy(process.argv.slice(5)));
pyodide.runPython(`import sys
sys.argv = list(ARGV)
for name in [m for m in sys.modules if m == "gridlogic" or m.startswith("gridlogic.")]:
    del sys.modules[name]
sys.path.insert(0, "${SOURCE}")`);
pyodide.runPython(script);
