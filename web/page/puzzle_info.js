// What a variant link says about its puzzle beside the grid: its title, author and rules text, and
// the warnings of the engine's import (drawings and keys it could not read as rules: nothing is
// dropped silently); for a puzzle the engine made (generate.js), its difficulty word and seed.
// Any other load clears it. Its title, author and rules text are kept in `page.about`: the share
// link carries them (share.js).
import { $, emit, page } from "./store.js";

export function showPuzzleInfo(info) {
  const box = $("puzzle-info");
  const about = info ? { title: info.title || null, author: info.author || null, rules_text: info.rules_text || null } : null;
  const changed = JSON.stringify(about) !== JSON.stringify(page.about);
  page.about = about;
  if (changed) emit("about-changed");
  const has = info && (info.title || info.author || info.rules_text || info.level || (info.warnings || []).length);
  box.hidden = !has;
  if (!has) return;
  $("puzzle-title").textContent = info.title || "";
  $("puzzle-author").textContent = info.author ? `by ${info.author}` : "";
  $("puzzle-rules").textContent = info.rules_text || "";
  $("puzzle-level").hidden = !info.level;
  $("puzzle-level-word").textContent = info.level || "";
  $("puzzle-seed").textContent = Number.isFinite(info.seed) ? ` · seed ${info.seed}` : "";
  const list = $("puzzle-warnings");
  list.replaceChildren(...(info.warnings || []).map((w) => {
    const item = document.createElement("li");
    item.textContent = w;
    return item;
  }));
  $("puzzle-warnings-head").hidden = !(info.warnings || []).length;
}
