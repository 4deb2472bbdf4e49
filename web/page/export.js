// The puzzle for other places: as a link of another site (puzz.link, f-puzzles, SudokuPad, through
// the engine's link_export), shown in the box under the buttons until the puzzle changes, and as
// its text (the text box, Copy text).
import { knownRules } from "./rules.js";
import { copy, setStatus } from "./status.js";
import { $, on, page } from "./store.js";

// The puzzle's text with its rules (for the text box and Copy text), from the engine; null when it
// cannot say.
async function textOf() {
  const known = knownRules();
  let response;
  try {
    response = await page.engine.request({ op: "parse", kind: page.info.key, state: page.editor.getState(),
                                           rules: [...page.rules].filter((r) => known.has(r)) });
  } catch (err) {
    return null;
  }
  if (response.ok) return response.result.text;
  setStatus(`invalid: ${response.error.message}`, "bad");
  return null;
}

// The puzzle as a link of another site (`format`: puzzlink, fpuzzles, sudokupad), shown in the box
// under the buttons, with the puzzle's title, author and rules text where the format has room; null
// when it cannot be made (the status says why).
async function exportAs(format) {
  const about = Object.fromEntries(Object.entries(page.about || {}).filter(([, v]) => v));
  let response;
  try {
    response = await page.engine.request({ op: "link_export", kind: page.info.key, state: page.editor.getState(),
                                           rules: [...page.rules], format, ...about });
  } catch (err) {
    setStatus("the engine restarted before the export: try again", "bad");
    return null;
  }
  if (!response.ok) {
    setStatus(`cannot export: ${response.error.message}`, "bad");
    return null;
  }
  $("puzzlink-out").value = response.result.url;
  return response.result.url;
}

async function exportPuzzlink() {
  if (await exportAs("puzzlink")) setStatus("puzz.link URL ready");
}

async function exportFpuzzles() {
  const url = await exportAs("fpuzzles");
  if (url) await copy(url);
}

async function openSudokupad() {
  const url = await exportAs("sudokupad");
  if (url) {
    window.open(url, "_blank", "noopener");
    setStatus("opened in SudokuPad (a new tab)");
  }
}

// The puzzle's text into the text box, unless the player typed over what the page wrote there last
// (a check or the box's opening answering late never takes away text about to be loaded).
export function showText(text) {
  const box = $("text");
  if (box.value !== page.textWritten && box.value.trim() !== "") return;
  box.value = text;
  page.textWritten = text;
}

// The text box opens with the puzzle's text (unless typed over meanwhile); its Load button is open.js's.
async function toggleText() {
  const box = $("text-box");
  box.hidden = !box.hidden;
  $("show-text").setAttribute("aria-expanded", String(!box.hidden));
  if (box.hidden) return;
  $("text").focus();
  if (!page.engine.ready) $("text").placeholder = "the puzzle's text appears here once the engine has loaded";
  const text = await textOf();
  if (text !== null) showText(text);
}

export function wireExport() {
  $("show-text").addEventListener("click", toggleText);
  $("copy-text").addEventListener("click", async () => {
    const text = await textOf();
    if (text !== null) copy(text);
  });
  $("export").addEventListener("click", exportPuzzlink);
  $("export-fpuzzles").addEventListener("click", exportFpuzzles);
  $("open-sudokupad").addEventListener("click", openSudokupad);
  on("puzzle-changed", () => { $("puzzlink-out").value = ""; });
}
