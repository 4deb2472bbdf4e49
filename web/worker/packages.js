// Optional packages (z3, sympy): fetched and installed in the background while Python keeps
// answering, then imported into Python when the worker is idle while the page's kind still wants
// them (its last `preload`), or just before a request of a kind that needs them runs (so a solver's
// time never includes an import). Importing sympy takes 6-20 s in wasm: a request of another kind
// never waits for it (a visit to number cross does not slow the next sudoku Solve).
import { download } from "./fetching.js";
import { die, enqueue, settle } from "./queue.js";
import { callApi, failure, invalidateImportCaches, post, state } from "./state.js";

const installs = new Map();            // package → Promise of fetch + install

async function loadWheels(urls) {
  await state.pyodide.loadPackage(urls, { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  invalidateImportCaches();
}

// Fetch and install an optional package once; Python keeps answering meanwhile.
export function install(name) {
  if (!installs.has(name)) {
    const job = (async () => {
      const urls = state.build.lazy[name];
      await download(urls, `Fetching ${name}`);
      post({ type: "load", stage: `Installing ${name}`, loaded: 1, total: 1 });
      await loadWheels(urls);
      state.installed.add(name);
      post({ type: "load", stage: `${name} ready`, loaded: 1, total: 1, done: true });
      settle();
    })();
    installs.set(name, job);
    job.catch(() => installs.delete(name));          // a failed fetch (offline) may be retried later
  }
  return installs.get(name);
}

// Installed, then imported into Python when the worker is idle: resolves once imported.
export function importWhenIdle(name) {
  const { imports } = state;
  if (!imports.has(name)) {
    const entry = { started: false };
    entry.promise = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
    imports.set(name, entry);
    install(name).catch((err) => {
      imports.delete(name);
      entry.reject(err);
    });
  }
  return imports.get(name).promise;
}

// Import one installed, not yet imported package the page still wants (called when the queue has
// been empty a moment).
export function importPending() {
  const { imports, installed } = state;
  if (state.running || state.queue.length || state.dead) return;
  const name = [...imports.keys()].find((n) => installed.has(n) && !imports.get(n).started && state.wanted.has(n));
  if (!name) return;
  imports.get(name).started = true;
  enqueue(3, () => importNow(name));
}

function importNow(name) {
  const entry = state.imports.get(name);
  entry.started = true;
  post({ type: "load", stage: `Importing ${name}`, loaded: 1, total: 1 });
  let response;
  try {
    response = callApi(0, { op: "preload", packages: [name] });
  } catch (err) {
    entry.reject(err);
    die(0, err);
    return false;
  }
  post({ type: "load", stage: `${name} imported`, loaded: 1, total: 1, done: true });
  if (response.ok) entry.resolve(response);
  else entry.reject(new Error(response.error.message));
  return true;
}

// Before a request runs: the installed packages its kind needs (build.json's `needs`) or its backend
// needs are imported now, so that the time a solver reports never includes an import. Others wait.
export function importInstalled(request) {
  const wants = new Set([...((state.build.needs || {})[request.kind] || []), ...needs(request)]);
  for (const [name, entry] of state.imports) {
    if (wants.has(name) && !entry.started && state.installed.has(name) && !importNow(name)) return false;
  }
  return true;
}

// The optional packages a request needs before Python sees it.
export function needs(request) {
  return request.backend === "smt" && state.build.lazy.z3 ? ["z3"] : [];
}

// A `preload` request: answered once the packages it names are imported. It names what the page's
// kind wants now (none: a kind without optional packages), so an import not begun yet waits for a
// request that needs it.
export function preload(id, request) {
  const names = (Array.isArray(request.packages) ? request.packages : [])
    .filter((name) => typeof name === "string" && Object.hasOwn(state.build.lazy, name));
  state.wanted = new Set(names);
  Promise.all(names.map(importWhenIdle)).then(
    () => post({ id, ok: true, result: { op: "preload", packages: names } }),
    (err) => post(failure(id, err)));
  settle();
}
