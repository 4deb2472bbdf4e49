// The first visit (nothing saved, no link): today's puzzle of the first kind, easy, opened in play
// mode (generate.js makes it from the date: the same on every device). While the engine starts, the
// blank grid shows; if the player starts on something else meanwhile (another kind, a load, an entry),
// today's puzzle is not forced on them. A later visit opens the player's last puzzle (loads.js).
import { generate, today } from "./generate.js";
import { current, isBlank } from "./saved.js";
import { page, STORE } from "./store.js";

export const FIRST_LEVEL = "easy";

// Whether this browser has never saved the page's state (read before anything is saved).
export function isFirstVisit() {
  try {
    return localStorage.getItem(STORE) === null;
  } catch (err) {
    return false;                  // storage disabled: no first-visit puzzle forced on each load
  }
}

export function openToday() {
  const kind = page.kinds[0].key;
  const seq = page.loadSeq;
  const moved = () => page.loadSeq !== seq || page.info.key !== kind || !isBlank(current());
  return generate({ kind, constraints: [], daily: today(), level: FIRST_LEVEL, size: null },
                  { unless: moved, onError: () => {} });
}
