// The one puzzle editor: draws any kind's layout (pysrc/gridlogic/layout.py) and edits its state.
// It knows no kind and parses no text format: cells, edge fields, marks between cells, extra fields
// and the size, all from the layout; every question about meaning goes to the engine (app.js).
//
// createEditor(host, kindInfo, {onChange, announce}) → {getState, setState, blank, size, setSize,
//   showBoard, mark, clearMarks, point, highlight, values, candidates, undo, redo, clear, focus,
//   destroy}
//
// Stable hooks for browser tests (data-testid unless said otherwise; r, c, i are 0-based):
//   board              the grid: role=grid, aria-activedescendant names the selected cell; rows
//                      are role=row; cells are `[data-testid=board] .cell[data-r][data-c]`,
//                      role=gridcell, id `cell-R-C`, aria-selected on the selected one.
//     cell text        the value shown: a symbol, a number, or a solved value; empty when none.
//                      A cell in a state with fields holds one `.field[data-field=KEY]` per field
//                      (kakuro: `.field[data-field=down]` bottom-left, `[data-field=right]` top-right).
//     cell attributes  data-value: the raw state value ("" empty, "5", "-", "\\16,7");
//                      data-state: the state key when the value is a state (e.g. "black", "clue").
//     cell classes     empty | given (a value of the puzzle) | solved (a value of the answer shown);
//                      look-black | look-gap | look-clue | look-shaded (the state's look);
//                      black (the answer shows this cell filled/shaded); sel (selected);
//                      bad (an error location); hl (highlighted); bt / bl (a thick box line above /
//                      left); rb / bb (a region border right / below, paint layouts).
//     overlays         `.cell .ov-value` a value per cell; `.cell .cands` candidates, one span each.
//   caption            the highlight's caption (hidden when none).
//   board-live         aria-live region: the selected cell announced as the cursor moves.
//   answer             a line with the answer Board's `answer` (number cross), hidden when none.
//   edge-KEY-I         the edge text field KEY of row/column I (e.g. edge-rows-3, edge-cols-0);
//                      aria-invalid=true and class bad when marked.
//   extra-KEY          an extra text field (e.g. extra-pieces); bad / aria-invalid when marked.
//   field-KEY          the input of field KEY of the selected cell (e.g. field-down, field-right);
//                      shown only while the selected cell is in a state with that field.
//   mark-h-R-C         the gap between (R, C) and (R, C+1); mark-v-R-C between (R, C) and (R+1, C).
//                      Text = its sign ("" none); a click/tap cycles "" → signs in layout order;
//                      classes bad, sel. Keys on the board: a sign of `h` sets the gap right of the
//                      cursor, a sign only in `v` the gap below (the same sign again removes it).
//   keypad             the keypad; buttons key-SYMBOL (each symbol; numbers: key-0 … key-9),
//                      key-state-KEY (each state), key-erase. In paint layouts the symbol buttons
//                      are brushes (aria-pressed=true on the current one).
//   size               the size menu (in index.html); size-rows, size-cols: typed size (free_size;
//                      a square layout shows size-rows only).
// Keys on the board: arrows move, a symbol or digit sets the cell (numbers type digit by digit),
// a state's keys set that state, Backspace/Delete/space/. erase, Home/End; Enter on a cell with
// fields focuses its first field (Enter/Escape there returns to the board). Undo/redo cover cells,
// edges, marks, extras and size together.
