// This page's own link to the puzzle on screen: written to the address bar and the share box at
// every `puzzle-changed`, and copied (with the player's progress after a "/" when asked). The
// links are read back in open.js; their payloads are the codecs' (web/codecs/).
import { encodePlay } from "../codecs/play.js";
import { encodeAbout, encodeState, linkHash } from "../codecs/statelink.js";
import { copy, setStatus } from "./status.js";
import { $, on, page } from "./store.js";

// A link to the puzzle, with its title, author and rules text when it has them; with `progress`, the
// player's entries, marks and colours ride after a "/".
export function shareUrl({ progress = false } = {}) {
  const url = new URL("index.html", location.href);
  const payload = encodeState(page.info.layout, page.editor.getState());
  const about = encodeAbout(page.about);
  const play = progress && page.editor.hasPlay() ? `/${encodePlay(page.editor.getPlay())}` : "";
  url.hash = linkHash(page.info.key, [...page.rules], payload) + (about ? `/${about}` : "") + play;
  return url.href;
}

export function writeUrl() {
  const url = shareUrl();
  if (url !== location.href) {
    try {
      history.replaceState(null, "", url);
    } catch (err) { /* too long for this browser's history: the share box still holds it */ }
  }
  page.lastUrl = location.href;
  $("share").href = url;
  $("share").textContent = url.length > 70 ? `${url.slice(0, 67)}…` : url;
  $("share-url").value = url;
  $("copy-progress-link").hidden = !page.editor.hasPlay();
}

export function wireShare() {
  $("copy-link").addEventListener("click", () => copy($("share-url").value));
  $("copy-progress-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(shareUrl({ progress: true }));
      setStatus("copied the link with your progress");
    } catch (err) {
      $("share-url").value = shareUrl({ progress: true });
      setStatus("copy failed: the link with your progress is in the box above; copy it by hand");
    }
  });
  on("puzzle-changed", writeUrl);
  on("about-changed", writeUrl);
}
