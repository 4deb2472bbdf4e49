// The "numbercross" editor: an N×N grid of regions painted with letters (each letter its own colour)
// and one clue phrase per row, checked as you type by the engine's `parse` (no clue grammar here:
// an unknown phrase comes back as a located error and its row is marked). Solutions draw shaded
// cells black and digits on the region colours; the answer (the sum of all numbers) is shown.
// Mouse/touch: pick a region letter, then click or drag over cells. Keys on the grid: arrows move,
// a letter paints the cell with it (and becomes the brush), Space/Enter paints with the brush,
// Shift+arrows paint while moving. In a clue: Enter or ↓ next row, ↑ previous row.
import { registerEditor } from "./registry.js";
import { addStyle, el } from "./dom.js";

const DEBOUNCE = 300;            // ms of quiet typing before the clues are checked

let uid = 0;

function createNumbercrossEditor(host, info, { onChange, request }) {
  addStyle("numbercross");
  const letters = info.region_symbols || "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const ask = request || ((r) => window.gridlogic.request(r));
  const placeholder = (info.clue_phrases && info.clue_phrases[0]) || "square";
  const first = (info.sizes || []).find((s) => s.rows === info.default_size) || { rows: 5, cols: 5 };
  let n = first.rows;
  let regions = Array(n * n).fill("A");
  let clues = Array(n).fill("");
  let brush = "A";
  let solution = null;
  let cursor = { r: 0, c: 0 };
  let marks = new Map();                  // row → error {message, where} of its clue
  let cellMarks = [];                     // {r, c} from a solve error that names a cell
  let note = "";                          // an error no clue owns
  let seq = 0;                            // validation generation (late answers are dropped)
  let timer = null;
  let stroke = null;                      // {before, changed} while painting with the pointer
  let pending = null;                     // snapshot taken when a clue field got focus
  const past = [];
  const future = [];

  const palette = el("div", { class: "nc-palette", role: "group", "aria-label": "Region brush",
                              "data-testid": "region-palette" });
  const board = el("div", { class: "board nc-board", "data-testid": "board", role: "grid", tabindex: "0",
                            "aria-label": "Number cross regions: arrows move, a letter paints the cell" });
  const clueBox = el("div", { class: "nc-clues", role: "group", "aria-label": "Row clues" });
  const frame = el("div", { class: "nc" });
  frame.append(board, clueBox);
  const listId = `nc-phrases-${++uid}`;
  const datalist = el("datalist", { id: listId });
  for (const phrase of [...(info.clue_examples || []), ...(info.clue_phrases || [])]) {
    datalist.append(el("option", { value: phrase }));
  }
  const errorLine = el("p", { class: "nc-error", "data-testid": "clue-error", role: "alert" });
  const answerLine = el("p", { class: "nc-answer", "data-testid": "answer" });
  const grammar = el("details", { class: "nc-grammar" });
  grammar.append(el("summary", {}, "Clue grammar"), el("pre", {}, info.clue_grammar || ""));
  host.replaceChildren(palette, frame, datalist, errorLine, answerLine, grammar);

  let clueInputs = [];
  const at = (r, c) => r * n + c;

  function colourOf(letter) {
    const i = Math.max(0, letters.indexOf(letter));
    const hue = Math.round((i * 137.508) % 360);
    return `hsl(${hue} 62% ${i % 2 ? 80 : 86}%)`;
  }

  function snapshot() {
    return { n, regions: regions.slice(), clues: clues.slice() };
  }

  function restore(s) {
    n = s.n;
    regions = s.regions.slice();
    clues = s.clues.slice();
    cursor = { r: Math.min(cursor.r, n - 1), c: Math.min(cursor.c, n - 1) };
  }

  function remember(snap = snapshot()) {
    past.push(snap);
    if (past.length > 500) past.shift();
    future.length = 0;
  }

  function edited({ rebuild = false, validate = false } = {}) {
    solution = null;
    cellMarks = [];
    if (rebuild) buildClues();
    draw();
    onChange();
    if (validate) scheduleValidate();
  }

  function change(mutate) {
    remember();
    mutate();
    edited({ rebuild: true, validate: true });
  }

  // -- drawing -----------------------------------------------------------------------------------
  function drawPalette() {
    const used = new Set(regions);
    const shown = [...letters].filter((l) => (l >= "A" && l <= "Z") || used.has(l));
    palette.replaceChildren(...shown.map((l) => {
      const b = el("button", { type: "button", class: "nc-swatch", "data-letter": l, "data-testid": `region-${l}`,
                               "aria-pressed": String(l === brush), "aria-label": `paint region ${l}` }, l);
      b.style.backgroundColor = colourOf(l);
      if (used.has(l)) b.classList.add("used");
      return b;
    }));
  }

  function draw() {
    frame.style.setProperty("--cols", n);
    frame.style.setProperty("--rows", n);
    board.style.setProperty("--cols", n);
    const shown = solution ? solution.cells : null;
    const cells = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const letter = regions[at(r, c)];
        const got = shown && shown[at(r, c)];
        const role = got ? got.role : "empty";
        const cell = el("div", { class: `cell ${role}`, role: "gridcell", "data-r": r, "data-c": c,
                                 "data-region": letter });
        cell.textContent = got && got.text ? got.text : "";
        if (role !== "black") cell.style.backgroundColor = colourOf(letter);
        if (c + 1 < n && regions[at(r, c + 1)] !== letter) cell.classList.add("rb");
        if (r + 1 < n && regions[at(r + 1, c)] !== letter) cell.classList.add("bb");
        if (r === cursor.r && c === cursor.c) {
          cell.classList.add("sel");
          cell.setAttribute("aria-selected", "true");
        }
        if (marks.has(r) || cellMarks.some((m) => (m.r === undefined || m.r === r) && (m.c === undefined || m.c === c))) {
          cell.classList.add("bad");
        }
        const what = role === "black" ? "shaded" : cell.textContent || "empty";
        cell.setAttribute("aria-label", `row ${r + 1} column ${c + 1}: region ${letter}, ${what}`);
        cells.push(cell);
      }
    }
    board.replaceChildren(...cells);
    drawPalette();
    drawClueMarks();
    const answer = solution && solution.answer !== undefined ? solution.answer : null;
    answerLine.textContent = answer !== null ? `answer: ${answer}` : "";
    answerLine.hidden = answer === null;
  }

  function drawClueMarks() {
    clueInputs.forEach((input, r) => {
      const m = marks.get(r);
      input.classList.toggle("bad", !!m);
      input.classList.toggle("todo", !m && !clues[r].trim());
      input.setAttribute("aria-invalid", String(!!m));
      if (m) {
        input.title = m.message;
        if (m.offset !== null) input.dataset.errorCol = String(m.offset + 1);
      } else {
        input.removeAttribute("title");
        delete input.dataset.errorCol;
      }
    });
    const firstMark = [...marks.entries()].sort((a, b) => a[0] - b[0])[0];
    errorLine.textContent = firstMark ? `row ${firstMark[0] + 1}: ${firstMark[1].message}` : note;
    errorLine.hidden = !errorLine.textContent;
  }

  function buildClues() {
    clueInputs = clues.map((text, r) => {
      const input = el("input", { type: "text", class: "nc-clue", list: listId, autocomplete: "off",
                                  spellcheck: "false", "data-testid": `clue-${r}`, "data-r": r,
                                  placeholder: r === 0 ? "e.g. square" : "", "aria-label": `Row ${r + 1} clue` });
      input.value = text;
      input.addEventListener("focus", () => { pending = snapshot(); });
      input.addEventListener("input", () => {
        if (pending) {
          remember(pending);
          pending = null;
        }
        clues[r] = input.value;
        edited({ validate: true });
      });
      input.addEventListener("paste", (event) => {
        const text = event.clipboardData && event.clipboardData.getData("text/plain");
        if (text && !text.trim().includes("\n")) event.stopPropagation();   // one phrase: paste here
      });
      input.addEventListener("keydown", (event) => {
        let next = null;
        if (event.key === "Enter" || event.key === "ArrowDown") next = r + 1;
        else if (event.key === "ArrowUp") next = r - 1;
        else if (event.key === "Escape") next = -1;
        else return;
        event.preventDefault();
        if (next >= 0 && next < n) clueInputs[next].focus();
        else board.focus({ preventScroll: true });
      });
      return input;
    });
    clueBox.replaceChildren(...clueInputs);
  }

  // -- clue checking through the engine ------------------------------------------------------------
  function textWith(clueList) {
    const lines = [];
    for (let r = 0; r < n; r++) lines.push(regions.slice(at(r, 0), at(r, 0) + n).join(""));
    lines.push("");
    clueList.forEach((clue, r) => lines.push(`${r + 1}\t${clue}`));
    return lines.join("\n");
  }

  // Which row a text line (1-based) of textWith() holds the clue of, or null.
  function rowOfLine(line) {
    const r = line - n - 2;
    return line !== undefined && r >= 0 && r < n ? r : null;
  }

  function scheduleValidate() {
    clearTimeout(timer);
    seq += 1;
    timer = setTimeout(validate, DEBOUNCE);
  }

  // Every clue that does not parse is marked: the first error found is stood in for by a known
  // phrase and the text asked again, so one bad clue does not hide the next. Empty clues are
  // "to do", not errors, while typing.
  async function validate() {
    const mine = seq;
    const found = new Map();
    let general = "";
    const trial = clues.map((c) => (c.trim() ? c : placeholder));
    for (let k = 0; k <= n; k++) {
      let response;
      try {
        response = await ask({ op: "parse", kind: info.key, text: textWith(trial) });
      } catch (err) {
        return;                                      // the engine restarted: ask again on the next edit
      }
      if (mine !== seq) return;
      if (response.ok) break;
      const where = response.error.where || {};
      const r = rowOfLine(where.line);
      if (r === null || found.has(r)) {
        general = response.error.message;
        break;
      }
      const offset = where.col !== undefined ? where.col - 1 - `${r + 1}\t`.length : null;
      found.set(r, { message: response.error.message, offset });
      trial[r] = placeholder;
    }
    marks = found;
    note = general;
    draw();
  }

  // -- painting ----------------------------------------------------------------------------------
  function cellAt(x, y) {
    const target = document.elementFromPoint(x, y);
    const cell = target && target.closest && target.closest(".nc-board .cell");
    return cell && board.contains(cell) ? { r: +cell.dataset.r, c: +cell.dataset.c } : null;
  }

  function paint(r, c, letter) {
    if (regions[at(r, c)] === letter) return false;
    regions[at(r, c)] = letter;
    return true;
  }

  function setBrush(letter) {
    brush = letter;
    drawPalette();
  }

  palette.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-letter]");
    if (b) setBrush(b.dataset.letter);
  });

  board.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest(".cell");
    if (!cell || event.button > 0) return;
    event.preventDefault();
    board.focus({ preventScroll: true });
    const r = +cell.dataset.r;
    const c = +cell.dataset.c;
    cursor = { r, c };
    if (board.setPointerCapture) board.setPointerCapture(event.pointerId);  // moves keep coming here
    stroke = { before: snapshot(), changed: paint(r, c, brush) };
    if (stroke.changed) solution = null;
    draw();
  });

  board.addEventListener("pointermove", (event) => {
    if (!stroke) return;
    const hit = cellAt(event.clientX, event.clientY);
    if (!hit || (hit.r === cursor.r && hit.c === cursor.c)) return;
    cursor = hit;
    if (paint(hit.r, hit.c, brush)) {
      stroke.changed = true;
      solution = null;
    }
    draw();
  });

  function endStroke() {
    if (!stroke) return;
    const done = stroke;
    stroke = null;
    if (done.changed) {
      remember(done.before);
      edited({ validate: true });
    }
  }
  window.addEventListener("pointerup", endStroke);
  window.addEventListener("pointercancel", endStroke);

  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const key = event.key;
    if (moves[key]) {
      const [dr, dc] = moves[key];
      cursor = { r: (cursor.r + dr + n) % n, c: (cursor.c + dc + n) % n };
      if (event.shiftKey) paintCursor(brush);
      else draw();
    } else if (key.length === 1 && letters.includes(key)) {
      brush = key;
      paintCursor(key);
    } else if (key === " " || key === "Enter") {
      paintCursor(brush);
    } else {
      return;
    }
    event.preventDefault();
  });

  function paintCursor(letter) {
    const before = snapshot();
    if (paint(cursor.r, cursor.c, letter)) {
      remember(before);
      edited({ validate: true });
    } else {
      draw();
    }
  }

  // The canonical text (what getText writes), read without the engine; else null.
  function readCanonical(text) {
    const lines = text.replace(/\r/g, "").split("\n").map((l) => l.replace(/\s+$/, ""));
    while (lines.length && !lines[0].trim()) lines.shift();
    const size = (lines[0] || "").length;
    if (size < 2 || lines.length < 2 * size + 1) return null;
    const grid = lines.slice(0, size);
    const pattern = new RegExp(`^[${letters}]{${size}}$`);
    if (!grid.every((l) => pattern.test(l))) return null;
    const rest = lines.slice(size).filter((l) => l.trim());
    if (rest.length !== size) return null;
    const read = [];
    for (const [i, line] of rest.entries()) {
      const m = /^(\d+)\t(.*)$/.exec(line);
      if (!m || +m[1] !== i + 1) return null;
      read.push(m[2]);
    }
    return { n: size, regions: grid.join("").split(""), clues: read };
  }

  function resize(size) {
    change(() => {
      const old = { n, regions };
      n = size;
      regions = Array.from({ length: n * n }, (_, i) => {
        const r = Math.floor(i / n);
        const c = i % n;
        return r < old.n && c < old.n ? old.regions[r * old.n + c] : "A";
      });
      clues = Array.from({ length: n }, (_, r) => clues[r] || "");
      cursor = { r: Math.min(cursor.r, n - 1), c: Math.min(cursor.c, n - 1) };
    });
  }

  const api = {
    getText() {
      return textWith(clues);
    },
    setText(text) {
      const read = readCanonical(text);
      if (!read) return false;
      change(() => restore(read));
      return true;
    },
    loadBoard(b) {
      change(() => restore({ n: b.rows, regions: (b.regions || []).join("").split(""), clues: (b.clues || []).slice() }));
    },
    size() {
      return { rows: n, cols: n };
    },
    sizeKey() {
      return String(n);
    },
    setSize(entry) {
      if (entry.rows !== n) resize(entry.rows);
    },
    showBoard(b) {
      solution = b && b.rows === n && b.cols === n ? b : null;
      draw();
    },
    mark(where) {
      cellMarks = [];
      const r = rowOfLine(where.line);
      if (r !== null) {
        marks = new Map(marks);
        if (!marks.has(r)) marks.set(r, { message: "this clue is not valid", offset: null });
      } else if (where.r !== undefined || where.c !== undefined) {
        cellMarks = [{ r: where.r, c: where.c }];
      }
      draw();
      return r !== null || cellMarks.length > 0;
    },
    clearMarks() {
      cellMarks = [];
      draw();
    },
    point(r, c) {
      cursor = { r, c };
      draw();
      board.focus({ preventScroll: true });
    },
    undo() {
      if (!past.length) return;
      future.push(snapshot());
      restore(past.pop());
      edited({ rebuild: true, validate: true });
    },
    redo() {
      if (!future.length) return;
      past.push(snapshot());
      restore(future.pop());
      edited({ rebuild: true, validate: true });
    },
    clear() {
      change(() => {
        regions = Array(n * n).fill("A");
        clues = Array(n).fill("");
      });
    },
    focus() {
      board.focus({ preventScroll: true });
    },
    destroy() {
      clearTimeout(timer);
      seq += 1;
      window.removeEventListener("pointerup", endStroke);
      window.removeEventListener("pointercancel", endStroke);
      host.replaceChildren();
    },
    // Share payload: N/region letters row by row/clues joined by "_", spaces as ".".
    encode() {
      if (!clues.every((c) => /^[A-Za-z0-9 ]*$/.test(c))) return null;
      const words = clues.map((c) => c.trim().split(/\s+/).filter(Boolean).join("."));
      return `${n}/${regions.join("")}/${words.join("_")}`;
    },
    decode(payload) {
      const m = /^(\d+)\/([A-Za-z]+)\/([A-Za-z0-9._]*)$/.exec(payload);
      if (!m) return false;
      const size = +m[1];
      const words = m[3].split("_");
      if (size < 2 || m[2].length !== size * size || words.length !== size) return false;
      if (![...m[2]].every((ch) => letters.includes(ch))) return false;
      change(() => restore({ n: size, regions: m[2].split(""), clues: words.map((w) => w.split(".").join(" ")) }));
      return true;
    },
  };

  buildClues();
  draw();
  return api;
}

registerEditor("numbercross", createNumbercrossEditor);
