// The first visit (nothing saved, no link): today's puzzle of the first kind, easy, opened in play
// mode (generate.js makes it from the date: the same on every device). While the engine starts, the
// blank grid shows; if the player starts on something else meanwhile (another kind, a load, an entry),
// today's puzzle is not forced on them. A later visit opens the player's last puzzle (loads.js).
// The header's "Today's puzzle" opens today's puzzle of the kind on screen, at any visit (the New
// puzzle panel's own button makes it at the size and difficulty chosen there).
import { generate, today } from "./generate.js";
import { current, isBlank } from "./saved.js";
import { $, on, page, STORE } from "./store.js";

export const FIRST_LEVEL = "easy";

// Whether this browser has never saved the page's state (read before anything is saved).
export function isFirstVisit() {
  try {
    return localStorage.getItem(STORE) === null;
  } catch (err) {
    return false;                  // storage disabled: no first-visit puzzle forced on each load
  }
}

const ask = (kind) => ({ kind, constraints: [], daily: today(), level: FIRST_LEVEL, size: null });

// Today's puzzle of the first kind at its standard size, easy, asked for once the engine is ready (a
// link pasted meanwhile goes first), and not if the player started on something else before (another
// kind, a load or an import begun, an entry) or while it was made.
export function openToday() {
  const kind = page.kinds[0].key;
  const seq = page.loadSeq;
  const moved = () => page.loadSeq !== seq || page.info.key !== kind || !isBlank(current());
  let asked = false;
  const go = () => {
    if (asked) return;
    asked = true;
    if (!moved()) generate(ask(kind), { unless: moved, onError: () => {} });
  };
  if (page.engine.ready) go();
  else on("engine-ready", go);
}

// The header's button: shown for kinds the engine makes (kinds.json `generate`), closed while a job runs.
export function wireToday() {
  const button = $("today");
  button.addEventListener("click", () => generate(ask(page.info.key)));
  on("puzzle-changed", () => { button.hidden = !(page.info && page.info.generate); });
  on("actions", () => { button.disabled = !!page.running; });
}
