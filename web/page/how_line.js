// One line of how to play beside the grid: the first sentence of the kind's `how_to_play`
// (kinds.json), with a button that opens the whole "How to play" box. Drawn at each kind switch.
import { $, page } from "./store.js";

// The first sentence of a text (all of it when it has one sentence).
export function firstSentence(text) {
  const m = /^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim());
  return (m ? m[0] : text).trim();
}

export function drawHowLine() {
  const line = $("how-line");
  const text = page.info && typeof page.info.how_to_play === "string" ? page.info.how_to_play.trim() : "";
  line.hidden = !text;
  if (!text) return;
  const more = document.createElement("button");
  more.type = "button";
  more.textContent = "More…";
  more.dataset.testid = "how-more";
  more.title = "How to play: the rules and the keys";
  more.addEventListener("click", () => {
    $("help").open = true;
    $("help").scrollIntoView({ block: "nearest" });
  });
  const words = document.createElement("span");
  words.textContent = `How to play: ${firstSentence(text)}`;
  line.replaceChildren(words, more);
}
