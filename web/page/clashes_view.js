// Rule clashes as you go: with "show clashes" on (the default), after each entry the engine's
// `clashes` names the clues and houses the givens and entries already break, from the rules alone
// (gridlogic/clashes.py: nothing is solved, nothing revealed), and their cells are drawn apart from
// mistakes (the editor's markClashes). Off, or before the first entry, nothing is asked and no cell is drawn.
import { $, on, page } from "./store.js";

const CLASHES_MS = 120;           // entries settle this long before they are asked about
const OPTION = "gridlogic:play-clashes";

let timer = 0;
let asked = 0;                    // the last request's number: an older answer never lands over a newer

export function wireClashes() {
  let on_ = true;
  try {
    on_ = localStorage.getItem(OPTION) !== "off";
  } catch (err) { /* storage disabled: on */ }
  $("opt-clashes").checked = on_;
  $("opt-clashes").addEventListener("change", () => {
    try {
      localStorage.setItem(OPTION, $("opt-clashes").checked ? "on" : "off");
    } catch (err) { /* storage disabled: the option lasts this visit */ }
    if ($("opt-clashes").checked) askSoon(0);
    else clear();
  });
  on("puzzle-changed", () => askSoon(CLASHES_MS));
  $("mode-play").addEventListener("click", () => askSoon(0));
  $("mode-edit").addEventListener("click", () => askSoon(0));
  on("engine-ready", () => askSoon(0));
}

function clear() {
  clearTimeout(timer);
  asked++;
  if (page.editor) page.editor.markClashes([]);
}

function askSoon(ms) {
  clearTimeout(timer);
  if (!$("opt-clashes").checked || !page.editor) return;
  timer = setTimeout(ask, ms);
}

async function ask() {
  const editor = page.editor;
  if (!editor || !page.info || !page.engine || !page.engine.ready) return;
  if (page.running) {                              // the engine is busy: ask once it is done
    askSoon(500);
    return;
  }
  if (!editor.canPlay() || editor.mode() !== "play" || !editor.entries().length) {
    editor.markClashes([]);            // no entry yet: nothing asked (the givens' own clashes are Solve's to say)
    return;
  }
  const n = ++asked;
  const key = editor.playKey();
  const request = { op: "clashes", kind: page.info.key, rules: [...page.rules], state: editor.givenState(),
                    entries: editor.entries(), budget_ms: 2000 };
  let response;
  try {
    response = await page.engine.request(request);
  } catch (err) {
    return;
  }
  if (n !== asked || editor !== page.editor || key !== editor.playKey() || !$("opt-clashes").checked) return;
  editor.markClashes(response.ok ? response.result.cells : []);
}
