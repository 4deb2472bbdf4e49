// The page: kind picker, editors, solve/count/stop, share links, persistence, offline support.
// No puzzle rules live here: every question goes to the worker, which asks gridlogic.api.handle.
import { editorFor } from "./editors/registry.js";
import { Engine } from "./engine.js";
import { precacheAll, startOffline } from "./offline.js";
import "./editors/grid.js";
import "./editors/text.js";
import "./editors/kakuro.js";
import "./editors/puzlogic.js";
import "./editors/nonogram.js";
import "./editors/numbercross.js";

const $ = (id) => document.getElementById(id);
const STORE = "gridlogic:v1";
const COUNT_LIMIT = 100000;

// -- state ---------------------------------------------------------------------------------------
let KINDS = [];
let info = null;            // describe() of the current kind, with its examples
let editor = null;
let rules = new Set();
let engine = null;
let running = null;         // {mode, t0} while a request runs
let answer = null;          // the last solve result: boards to browse
let shown = 0;
let saved = loadSaved();

function loadSaved() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || { perKind: {} };
  } catch (err) {
    return { perKind: {} };
  }
}

function save() {
  if (!info || !editor) return;
  saved.kind = info.key;
  saved.engine = $("engine").value;
  saved.perKind = saved.perKind || {};
  saved.perKind[info.key] = { text: editor.getText(), rules: [...rules] };
  try {
    localStorage.setItem(STORE, JSON.stringify(saved));
  } catch (err) { /* storage full or disabled: the URL still holds the puzzle */ }
}

// -- status --------------------------------------------------------------------------------------
function setStatus(text, tone = "") {
  const s = $("status");
  s.textContent = text;
  s.dataset.tone = tone;
}

function setBusy(mode) {
  running = mode ? { mode, t0: performance.now() } : null;
  $("solve").disabled = !!mode;
  $("count").disabled = !!mode;
  $("hint").disabled = !!mode;
  $("stop").disabled = !mode;
  document.body.dataset.busy = mode ? "1" : "";
}

function formatMs(ms) {
  return ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function plural(n, word) {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

// -- kinds, editors, rules ----------------------------------------------------------------------
function expandRules(names) {
  const out = new Set();
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    const alias = info.aliases && info.aliases[name];
    for (const r of alias || [name]) out.add(r);
  }
  return out;
}

function drawRules() {
  const box = $("rules");
  const legend = document.createElement("legend");
  legend.textContent = "Rules";
  box.replaceChildren(legend);
  box.hidden = !(info.rules && info.rules.length);
  for (const rule of info.rules || []) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "checkbox";
    input.value = rule.key;
    input.checked = rules.has(rule.key);
    input.setAttribute("data-testid", `rule-${rule.key}`);
    input.addEventListener("change", () => {
      if (input.checked) rules.add(rule.key);
      else rules.delete(rule.key);
      changed();
    });
    label.append(input, ` ${rule.label || rule.key}`);
    box.append(label);
  }
  for (const [alias, members] of Object.entries(info.aliases || {})) {
    if (members.length < 2) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "chip";
    b.textContent = alias;
    b.title = `${alias} = ${members.join(" + ")}`;
    b.setAttribute("data-testid", `alias-${alias}`);
    b.addEventListener("click", () => {
      const on = members.every((m) => rules.has(m));
      for (const m of members) on ? rules.delete(m) : rules.add(m);
      drawRules();
      changed();
    });
    box.append(b);
  }
}

function drawSizes() {
  const select = $("size");
  select.replaceChildren();
  const current = editor.size();
  let found = false;
  for (const [i, s] of (info.sizes || []).entries()) {
    const o = new Option(s.label, String(i));
    if (current && s.rows === current.rows && s.cols === current.cols) {
      o.selected = true;
      found = true;
    }
    select.append(o);
  }
  if (current && !found) {
    const o = new Option(`${current.cols}×${current.rows}`, "custom");
    o.selected = true;
    select.append(o);
  }
  select.closest("label").hidden = !(info.sizes && info.sizes.length);
}

function drawExamples() {
  const select = $("examples");
  select.replaceChildren(new Option("choose…", ""));
  for (const ex of info.examples || []) {
    const extra = ex.rules.length ? ` (${ex.rules.join(", ")})` : "";
    select.append(new Option(`${ex.name}${extra}`, ex.name));
  }
}

function useKind(key, state) {
  if (editor) {
    save();
    editor.destroy();
  }
  info = KINDS.find((k) => k.key === key) || KINDS[0];
  $("kind").value = info.key;
  rules = new Set(state && state.rules ? expandRules(state.rules) : []);
  const factory = editorFor(info.editor);
  editor = factory($("editor"), info, { onChange: changed, request: (r) => engine.request(r) });
  preload();
  $("engine").disabled = !!(info.backends && !info.backends.includes("sat"));   // native search: no choice
  if (state && state.text) loadText(state.text, { quiet: true });
  drawRules();
  drawSizes();
  drawExamples();
  answer = null;
  showBrowse();
  changed({ keepStatus: true });
}

// Read a puzzle text: the editor reads canonical text itself; anything else goes through `parse`.
async function loadText(text, { quiet = false } = {}) {
  if (editor.setText(text)) {
    drawSizes();
    return true;
  }
  if (!quiet) setStatus(engine.ready ? "reading the puzzle…" : "reading the puzzle (waiting for the engine)…");
  const kind = info.key;
  const response = await engine.request({ op: "parse", kind, text, rules: [...rules] });
  if (kind !== info.key) return false;
  if (!response.ok) {
    setStatus(`invalid: ${response.error.message}`, "bad");
    $("text-box").hidden = false;
    $("text").value = text;
    return false;
  }
  editor.loadBoard(response.result.board);
  drawSizes();
  setStatus("puzzle loaded");
  return true;
}

// -- share links ---------------------------------------------------------------------------------
function shareUrl() {
  const base = new URL("index.html", location.href);
  const payload = editor.encode();
  const ruleList = [...rules];
  if (payload) {
    base.hash = `${info.key}${ruleList.length ? "," + ruleList.join(",") : ""}/${payload}`;
  } else {
    base.searchParams.set("kind", info.key);
    if (ruleList.length) base.searchParams.set("rules", ruleList.join(","));
    base.searchParams.set("p", editor.getText());
  }
  return base.href;
}

function changed({ keepStatus = false } = {}) {
  if (!editor) return;
  drawSizes();                 // editors with their own row/column controls change the size too
  const url = shareUrl();
  history.replaceState(null, "", url);
  $("share").href = url;
  $("share").textContent = url.length > 70 ? `${url.slice(0, 67)}…` : url;
  $("share-url").value = url;
  $("puzzlink-out").value = "";
  if (!$("text-box").hidden && document.activeElement !== $("text")) $("text").value = editor.getText();
  if (!keepStatus && !running) {
    answer = null;
    showBrowse();
    setStatus(engine && engine.ready ? "ready" : "editing (the engine is still loading)");
    $("elapsed").textContent = "";
  }
  save();
}

// What the URL asks for: the long form ?kind=&rules=&p=, or the compact #kind[,rules]/payload.
function fromUrl() {
  const q = new URLSearchParams(location.search);
  if (q.get("kind") && q.has("p")) {
    return { kind: q.get("kind"), rules: (q.get("rules") || "").split(","), text: q.get("p") };
  }
  const hash = decodeURIComponent(location.hash.slice(1));
  const m = /^([a-z0-9_]+)((?:,[a-z0-9_]+)*)\/(.+)$/.exec(hash);
  if (m) return { kind: m[1], rules: m[2].split(",").filter(Boolean), payload: m[3] };
  return null;
}

function openFromUrl(link) {
  const known = KINDS.find((k) => k.key === link.kind);
  if (!known) {
    setStatus(`invalid: the link names an unknown kind (${link.kind})`, "bad");
    return false;
  }
  useKind(known.key, { rules: link.rules });
  if (link.payload !== undefined) {
    if (!editor.decode(link.payload)) setStatus("invalid: the link's puzzle could not be read", "bad");
  } else {
    loadText(link.text).then(() => changed({ keepStatus: true }));
  }
  drawSizes();
  changed({ keepStatus: true });
  return true;
}

// -- solving -------------------------------------------------------------------------------------
function showBrowse() {
  const boards = answer && answer.boards ? answer.boards : [];
  $("browse").hidden = boards.length < 1 || !answer || answer.status === "none";
  $("prev").disabled = shown <= 0;
  $("next").disabled = shown >= boards.length - 1;
  const total = answer && answer.count_complete && answer.count !== undefined ? answer.count : null;
  $("which").textContent = boards.length
    ? `solution ${shown + 1} of ${total !== null ? total.toLocaleString("en") : boards.length}` +
      (total !== null && total > boards.length ? ` (first ${boards.length} kept)` : "")
    : "";
  editor.showBoard(answer && boards[shown] ? boards[shown] : null);
}

function describeAnswer(result, mode) {
  if (mode === "count") {
    const n = result.count;
    if (!result.count_complete) return `multiple: at least ${plural(n, "solution")} (count stopped at the limit)`;
    if (n === 0) return "no solution";
    if (n === 1) return "unique: exactly 1 solution";
    return `multiple: exactly ${plural(n, "solution")}`;
  }
  if (result.status === "unique") return "unique solution";
  if (result.status === "multiple") return "multiple solutions (showing one; Count gives the number)";
  if (result.status === "none") return "no solution";
  return result.status;
}

async function run(mode) {
  if (running) return;
  const request = { op: "solve", kind: info.key, text: editor.getText(), rules: [...rules],
                    backend: backendFor() };
  if (mode === "count") Object.assign(request, { count: true, limit: COUNT_LIMIT, keep: 200 });
  editor.clearMarks();
  answer = null;
  showBrowse();
  setBusy(mode);
  setStatus(engine.ready ? "solving…" : "solving… (waits for the engine to finish loading)", "busy");
  $("elapsed").textContent = "";
  const t0 = performance.now();
  const tick = setInterval(() => {
    $("elapsed").textContent = formatMs(performance.now() - t0);
  }, 100);
  let response;
  try {
    response = await engine.request(request, (p) => {
      if (p.count !== undefined) setStatus(`solving… ${plural(p.count, "solution")} so far`, "busy");
      else if (p.nodes !== undefined) setStatus(`solving… ${p.nodes.toLocaleString("en")} nodes searched`, "busy");
    });
  } catch (err) {
    return;                      // stopped: stop() has already said so
  } finally {
    clearInterval(tick);
  }
  setBusy(null);
  const wall = performance.now() - t0;
  if (!response.ok) {
    const e = response.error;
    setStatus(`invalid: ${e.message}`, "bad");
    editor.mark(e.where || {});
    $("elapsed").textContent = formatMs(wall);
    return;
  }
  const result = response.result;
  answer = result;
  shown = 0;
  setStatus(describeAnswer(result, mode), result.status === "none" ? "bad" : "good");
  $("elapsed").textContent = `${formatMs(wall)} (solver ${formatMs(result.elapsed_ms)})`;
  $("engine-name").textContent = result.engine;
  showBrowse();
}

async function hint() {
  if (running) return;
  setBusy("hint");
  setStatus(engine.ready ? "looking for a hint…" : "looking for a hint (waiting for the engine)…", "busy");
  let response;
  try {
    response = await engine.request({ op: "hint", kind: info.key, text: editor.getText(), rules: [...rules],
                                      backend: backendFor() });
  } catch (err) {
    return;
  }
  setBusy(null);
  if (!response.ok) {
    setStatus(`invalid: ${response.error.message}`, "bad");
    editor.mark(response.error.where || {});
    return;
  }
  const { status, hint: h } = response.result;
  if (h) {
    editor.point(h.r, h.c);
    setStatus(`hint: row ${h.r + 1}, column ${h.c + 1} is ${h.text}`, "good");
  } else if (status === "none") {
    setStatus("no solution: no hint to give", "bad");
  } else if (status === "multiple") {
    setStatus("multiple solutions: no cell is forced yet (add givens)", "");
  } else {
    setStatus("nothing left to fill", "good");
  }
}

// A kind's optional packages (describe()["preload"], e.g. sympy) are fetched and imported in the background.
function preload() {
  if (engine && info.preload) engine.request({ op: "preload", packages: info.preload }).catch(() => {});
}

// The engine menu's choice when the kind can use it, else the kind's own (native search).
function backendFor() {
  const chosen = $("engine").value;
  return info.backends && !info.backends.includes(chosen) ? info.backends[0] : chosen;
}

function stop() {
  if (!running) return;
  engine.restart();
  preload();
  setBusy(null);
  setStatus("stopped (the engine restarts)", "");
  showLoad(true);
}

// -- loading and offline -------------------------------------------------------------------------
function showLoad(visible) {
  $("load").hidden = !visible;
}

const loadLog = [];                 // stages and their times, for the benchmark
window.gridlogicLoadLog = loadLog;

function onLoad(m) {
  if (!loadLog.length || loadLog[loadLog.length - 1].stage !== m.stage) loadLog.push({ stage: m.stage, at: m.at });
  showLoad(true);
  const bar = $("load-bar");
  bar.max = m.total || 1;
  bar.value = m.loaded || 0;
  const mb = (x) => (x / 1e6).toFixed(1);
  $("load-text").textContent = m.total > 1 ? `${m.stage}: ${mb(m.loaded)} / ${mb(m.total)} MB` : `${m.stage}…`;
  $("load").setAttribute("aria-valuenow", String(Math.round((100 * (m.loaded || 0)) / (m.total || 1))));
  if (m.done) setTimeout(() => { if (engine.ready && !running) showLoad(false); }, 800);
}

function onReady(m) {
  showLoad(false);
  document.body.dataset.engine = "ready";
  $("version").textContent = `gridlogic ${m.hello.version} · build ${m.version} · ready in ${formatMs(m.ms)}`;
  const smt = $("engine").querySelector('option[value="smt"]');
  if (!running) {
    const s = $("status").textContent;
    if (!s || s.startsWith("Loading") || s.startsWith("editing") || s.startsWith("stopped")) {
      setStatus(s.startsWith("stopped") ? "stopped; engine ready again" : "ready");
    }
  }
  smt.disabled = false;
  if (!document.body.dataset.offline) precacheAll();
}

function onFatal(message) {
  setStatus(`the engine failed: ${message}`, "bad");
  $("load-text").textContent = `failed: ${message}`;
}

// -- wiring --------------------------------------------------------------------------------------
function wire() {
  $("kind").addEventListener("change", () => {
    useKind($("kind").value, saved.perKind && saved.perKind[$("kind").value]);
    editor.focus();
  });
  $("size").addEventListener("change", () => {
    const v = $("size").value;
    if (v !== "custom") editor.setSize(info.sizes[+v]);
    editor.focus();
  });
  $("examples").addEventListener("change", async () => {
    const ex = info.examples.find((e) => e.name === $("examples").value);
    $("examples").value = "";
    if (!ex) return;
    rules = expandRules(ex.rules);
    drawRules();
    await loadText(ex.text);
    changed();
    editor.focus();
  });
  $("solve").addEventListener("click", () => run("solve"));
  $("count").addEventListener("click", () => run("count"));
  $("stop").addEventListener("click", stop);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", () => editor.undo());
  $("redo").addEventListener("click", () => editor.redo());
  $("clear").addEventListener("click", () => { editor.clear(); editor.focus(); });
  $("prev").addEventListener("click", () => { shown = Math.max(0, shown - 1); showBrowse(); });
  $("next").addEventListener("click", () => {
    shown = Math.min((answer.boards || []).length - 1, shown + 1);
    showBrowse();
  });
  $("back").addEventListener("click", () => { answer = null; showBrowse(); });
  $("engine").addEventListener("change", save);
  $("show-text").addEventListener("click", () => {
    const box = $("text-box");
    box.hidden = !box.hidden;
    $("show-text").setAttribute("aria-expanded", String(!box.hidden));
    if (!box.hidden) {
      $("text").value = editor.getText();
      $("text").focus();
    }
  });
  $("load-text-btn").addEventListener("click", async () => {
    if (await loadText($("text").value)) changed();
  });
  $("copy-text").addEventListener("click", () => copy(editor.getText()));
  $("copy-link").addEventListener("click", () => copy($("share-url").value));
  $("editor").addEventListener("paste", async (event) => {
    const text = event.clipboardData && event.clipboardData.getData("text/plain");
    if (!text || text.trim().length < 2) return;
    event.preventDefault();
    if (await loadText(text)) changed();
  });
  $("import").addEventListener("click", importPuzzlink);
  $("puzzlink-in").addEventListener("keydown", (e) => { if (e.key === "Enter") importPuzzlink(); });
  $("export").addEventListener("click", exportPuzzlink);
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.matches("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) editor.undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) editor.redo();
    else if (key === "enter") run("solve");
    else return;
    event.preventDefault();
  });
  window.addEventListener("hashchange", () => {
    const link = fromUrl();
    if (link && $("share-url").value !== location.href) openFromUrl(link);
  });
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus("copied");
  } catch (err) {
    setStatus("copy failed: select the text and copy it by hand");
  }
}

async function importPuzzlink() {
  const url = $("puzzlink-in").value.trim();
  if (!url) return;
  setStatus(engine.ready ? "importing…" : "importing (waiting for the engine)…");
  const response = await engine.request({ op: "link_import", url });
  if (!response.ok) {
    setStatus(`invalid: ${response.error.message}`, "bad");
    return;
  }
  const r = response.result;
  useKind(r.kind, { rules: r.rules || [] });
  await loadText(r.text);
  changed();
  setStatus("imported");
}

async function exportPuzzlink() {
  const response = await engine.request({ op: "link_export", kind: info.key, text: editor.getText(),
                                          rules: [...rules] });
  if (!response.ok) {
    setStatus(`cannot export: ${response.error.message}`, "bad");
    return;
  }
  $("puzzlink-out").value = response.result.url;
  setStatus("puzz.link URL ready");
}

async function main() {
  KINDS = (await (await fetch("kinds.json")).json()).kinds;
  for (const k of KINDS) $("kind").append(new Option(k.title, k.key));
  wire();
  engine = new Engine({ load: onLoad, ready: onReady, fatal: onFatal });
  const link = fromUrl();
  if (saved.engine) $("engine").value = saved.engine;
  if (!(link && openFromUrl(link))) {
    const key = saved.kind && KINDS.some((k) => k.key === saved.kind) ? saved.kind : KINDS[0].key;
    useKind(key, saved.perKind && saved.perKind[key]);
  }
  setStatus("editing (the engine is still loading)");
  editor.focus();
  // For benchmarks and debugging: the engine's request function (same path as the buttons).
  window.gridlogic = { request: (request) => engine.request(request) };
  await startOffline({
    onOffline: () => {
      document.body.dataset.offline = "ready";
      $("offline").textContent = "Works offline.";
    },
  });
  engine.start();
}

main().catch((err) => setStatus(`the page failed to start: ${err.message}`, "bad"));
