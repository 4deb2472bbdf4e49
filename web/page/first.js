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

// Today's puzzle of `kind` at its standard size, easy. `unlessMoved`: not opened if the player
// started on something else while it was made.
function openDailyOf(kind, unlessMoved) {
  const seq = page.loadSeq;
  const moved = () => page.loadSeq !== seq || page.info.key !== kind || !isBlank(current());
  return generate({ kind, constraints: [], daily: today(), level: FIRST_LEVEL, size: null },
                  unlessMoved ? { unless: moved, onError: () => {} } : {});
}

export function openToday() {
  return openDailyOf(page.kinds[0].key, true);
}

// The header's button: shown for kinds the engine makes (kinds.json `generate`), closed while a job runs.
export function wireToday() {
  const button = $("today");
  button.addEventListener("click", () => openDailyOf(page.info.key, false));
  on("puzzle-changed", () => { button.hidden = !(page.info && page.info.generate); });
  on("actions", () => { button.disabled = !!page.running; });
}
