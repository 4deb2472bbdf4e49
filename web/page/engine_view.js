// The engine as the page shows it: its loading bar and log, readiness, a worker that died or
// failed, the kind's optional packages, and which backend a request asks for. Readiness is the
// `engine-ready` event (the puzzle is checked then).
import { precacheAll } from "../offline.js";
import { setBusy, setStatus } from "./status.js";
import { $, emit, excerpt, formatMs, page } from "./store.js";

// The worker went away under a request (it died, or was replaced): the puzzle is still here.
export function engineLost(err) {
  setBusy(null);
  const died = err && (err.reason === "died" || /died/.test(err.message || ""));
  setStatus(died ? "the engine stopped (out of memory?) and is starting again; your puzzle is kept: try again, perhaps with a smaller budget"
                 : `the request did not finish: ${excerpt((err && err.message) || "the engine restarted", 80)}`, "bad");
}

// A kind's optional packages (its `needs`, e.g. sympy) are fetched and imported in the background; a
// kind without any says so too (packages: []), so an import the engine has not begun waits for a
// kind that needs it.
export function preload() {
  if (page.engine) page.engine.request({ op: "preload", packages: (page.info && page.info.needs) || [] }).catch(() => {});
}

// The engine menu's choice when the kind can use it, else the kind's own (native search).
export function backendFor() {
  const chosen = $("engine").value;
  return page.info.backends && !page.info.backends.includes(chosen) ? page.info.backends[0] : chosen;
}

export function showLoad(visible) {
  $("load").hidden = !visible;
}

const loadLog = [];                 // stages and their times, for the benchmark
window.gridlogicLoadLog = loadLog;
const HIDE_MS = 800;                // a finished stage stays this long, unless another one begins
const QUIET_MS = 60000;             // a stage that says nothing for this long is taken as ended
let loadTimer = 0;

// The bar while the engine loads, and again while an optional package (z3, sympy) is fetched,
// installed and imported. A stage that is `done` hides it shortly whatever runs meanwhile; a message
// that follows restarts it, and its own end (or its silence, once the engine is ready) hides it again.
export function onLoad(m) {
  if (!loadLog.length || loadLog[loadLog.length - 1].stage !== m.stage) loadLog.push({ stage: m.stage, at: m.at });
  showLoad(true);
  const bar = $("load-bar");
  bar.max = m.total || 1;
  bar.value = m.loaded || 0;
  const mb = (x) => (x / 1e6).toFixed(1);
  $("load-text").textContent = m.total > 1 ? `${m.stage}: ${mb(m.loaded)} / ${mb(m.total)} MB` : `${m.stage}…`;
  $("load").setAttribute("aria-valuenow", String(Math.round((100 * (m.loaded || 0)) / (m.total || 1))));
  clearTimeout(loadTimer);
  loadTimer = setTimeout(() => { if (page.engine.ready) showLoad(false); }, m.done ? HIDE_MS : QUIET_MS);
}

export function onReady(m) {
  page.readyAt = performance.now();
  emit("engine-ready");
  clearTimeout(loadTimer);
  showLoad(false);
  document.body.dataset.engine = "ready";
  $("version").textContent = `gridlogic ${m.hello.version} · build ${m.version} · ready in ${formatMs(m.ms)}`;
  const smt = $("engine").querySelector('option[value="smt"]');
  if (!page.running) {
    const s = $("status").textContent;
    if (!s || s.startsWith("Loading") || s.startsWith("editing") || s.startsWith("stopped")) {
      setStatus(s.startsWith("stopped") ? `${s}; engine ready again` : "ready");
    }
  }
  smt.disabled = false;
  if (!document.body.dataset.offline) precacheAll(() => page.engine.busy());
}

// The engine swapped its worker: Stop (said already), a worker that died while nothing ran, or a
// fresh start after a saved state failed ("restarted": said by the loading bar alone, as on a first
// visit, and what was asked is answered once it is ready).
export function onReplaced(reason) {
  if (!page.engine.ready) document.body.dataset.engine = "loading";
  if (reason === "died" && !page.running) {
    setStatus("the engine stopped working and was replaced; your puzzle is kept", "bad");
  }
}

export function onFatal(message) {
  setStatus(`the engine failed: ${message}`, "bad");
  $("load-text").textContent = `failed: ${message}`;
}
