"""puzz.link URLs (REFERENCE-FORMATS.md §1): the envelope, and the data encodings pzprjs shares between genres.

Envelope: `…/p?<pid>[_edit|_play]/[v:<variant>/][<flag>/]<cols>/<rows>/<body>` and `…/p.html?…` (pzv.jp),
with an optional `type=editor&` before the pid. `split_url` reads it, `url` writes it; which kind a pid
is for is the registry's business (gridlogic.links), which says of each flag (`flags_of`) that it was
not read: no kind reads a variant's rules from one.

The encodings (pzprjs src/variety-common/Encode.js), each read from `body` at `at` (`decode_*` answer
the values and where reading stopped) and written by its `encode_*`. Values are listed in pzprjs's
order of the pieces (cells row by row; crosses, the grid's vertices, row by row); an empty piece is
None and pzprjs's "?" (-2) is UNKNOWN:
- Number16: a number per piece: `0`-`f`, `-` and 2 hex digits, `+` and 3, `=` and 3 (+4096), `%` and
  3 (+8192; older pzprjs wrote `@`), `*` and 4 (+12240), `$` and 5 (+77776), `.` UNKNOWN; `g`-`z` a
  run of 1-20 empty pieces. Number16ExCell is the same over the numbers outside the grid (pzprjs
  writes only the forms up to `-`), RoomNumber16 over the rooms (`rooms`: in the order of their first
  cell, a number at that cell).
- 4Cell (and 4Cross, over the crosses): 0-4 or UNKNOWN, one character saying the value and how many
  empty pieces follow it: `0`-`4` none, `5`-`9` one, `a`-`e` two; `.` UNKNOWN; `g`-`z` a run of 1-20.
- Border: the borders between cells, one bit each, five to a base-32 digit (the first bit the
  highest): first those between side-by-side cells (`(r, c) | (r, c+1)`, row by row), then those
  between cells above one another (`(r, c) / (r+1, c)`, row by row).
- Bitmap (pzprjs's decodeBinary): one bit per piece (a cell that is, say, black), five to a base-32
  digit, the first piece in the highest bit; pzprjs writes nothing when no bit is set.
- Circle: three pieces to a base-27 digit (9, 3, 1 for the first, second, third): 1 a white circle,
  2 a black one.
- 1Cell: marks on a sparse few pieces (trees among empty cells): `0`-`h` a mark and the 0-17 unmarked pieces after it,
  `i`-`z` a run of 1-18 unmarked pieces.
- ArrowNumber16: a direction (0 none, 1 up, 2 down, 3 left, 4 right) and a number per clue cell:
  `<d><hex>` (`<d>.` UNKNOWN), `<d+5><2 hex>`, `-<d><3 hex>`; `+` BLANK (a clue cell with neither);
  `a`-`z` a run of 1-26 empty cells.

An encoding that only one genre uses lives in that genre's folder, and uses `refuse`, `unexpected`
and `runs` from here.

Readers refuse a character an encoding never writes (pzprjs skips it), naming its place in the data.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gridlogic.errors import PuzzleSyntaxError, excerpt
from gridlogic.text import is_number, read_number

MAX_SIZE_DIGITS = 4        # cols/rows in a URL: larger sizes are refused by every kind anyway
SITE = "https://puzz.link/p?"
UNKNOWN = "?"              # a piece whose number is hidden: pzprjs's -2, drawn "?"
BLANK = "+"                # an arrow-number cell with neither arrow nor number: pzprjs's -3
DIRECTIONS = ("", "up", "down", "left", "right")
B36 = "0123456789abcdefghijklmnopqrstuvwxyz"

_QUERY = re.compile(r"^(?:[a-z][a-z0-9+.-]*://[^?#\s]*)?\?(?:type=[a-z]+&)?(.*)$", re.I)
_PID = re.compile(r"^(?:type=[a-z]+&)?[A-Za-z0-9_]+/")
_HEX = "0123456789abcdef"
_NUMBER16 = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192), "*": (4, 12240),
             "$": (5, 77776)}


# -- the envelope ----------------------------------------------------------------------------------
def split_url(url: str) -> tuple[str, int, int, str]:
    """(pid, cols, rows, body) of a puzz.link URL, or a PuzzleSyntaxError saying what is off."""
    pid, _, rest = _envelope(url)
    if len(rest) < 2 or not is_number(rest[0]) or not is_number(rest[1]):
        raise PuzzleSyntaxError(f"puzz.link URL for {excerpt(pid)} lacks <cols>/<rows>")
    cols, rows = (read_number(word, MAX_SIZE_DIGITS) for word in rest[:2])
    for word, value in zip(rest[:2], (cols, rows)):
        if value is None:
            raise PuzzleSyntaxError(f"puzz.link URL for {excerpt(pid)}: size {excerpt(word)} is too large")
    return pid, cols, rows, "/".join(rest[2:])


def flags_of(url: str) -> tuple[str, ...]:
    """The variant and genre flags of a puzz.link URL (`v:…` and words such as `o` or `b` before the
    size), as written: pzprjs reads some as rules, some as display settings."""
    return _envelope(url)[1]


def _envelope(url: str) -> tuple[str, tuple[str, ...], list[str]]:
    """The pid, the flags and the words after them (the size, then the data) of a puzz.link URL."""
    text = url.strip()
    m = _QUERY.match(text)
    if not m:
        raise PuzzleSyntaxError(f"not a puzz.link URL (expected …/p?<puzzle>/<cols>/<rows>/<data>): "
                                f"{excerpt(text)}")
    parts = m.group(1).split("#", 1)[0].split("/")
    pid = re.sub(r"_(edit|play)$", "", parts[0])
    rest = parts[1:]
    flags = []
    while rest and (rest[0].startswith("v:") or (rest[0] and not is_number(rest[0]))):
        flags.append(rest.pop(0))
    return pid, tuple(flags), rest


def is_url(text: str) -> bool:
    """True for one word holding `?<pid>/` (a puzz.link or pzv.jp URL, or its query alone)."""
    words = text.split()
    if len(words) != 1:
        return False
    m = _QUERY.match(words[0])
    return m is not None and _PID.match(m.group(1)) is not None


def is_query(query: str) -> bool:
    """True for the query of a URL (after `?`) that starts as puzz.link's does: `[type=…&]<pid>/`."""
    return _PID.match(query) is not None


def url(pid: str, cols: int, rows: int, body: str) -> str:
    """The puzz.link URL of a puzzle's data."""
    return f"{SITE}{pid}/{cols}/{rows}/{body}"


# -- reading and writing pieces ---------------------------------------------------------------------
def refuse(body: str, i: int, why: str) -> PuzzleSyntaxError:
    return PuzzleSyntaxError(f"puzz.link data, character {i + 1}: {why}", col=i + 1)


def unexpected(body: str, i: int) -> PuzzleSyntaxError:
    return refuse(body, i, f"unexpected character {excerpt(body[i])}")


def _hex(body: str, i: int, width: int, what: str) -> int:
    """The `width` hex digits after position i (a PuzzleSyntaxError when they are not all there)."""
    chunk = body[i + 1:i + 1 + width]
    if len(chunk) != width or any(ch not in _HEX for ch in chunk):
        raise refuse(body, i, f"{what!r} needs {width} hex digits")
    return int(chunk, 16)


def runs(count: int, first: int, longest: int) -> str:
    """A run of `count` empty pieces as run characters: B36[first + k - 1] holds k (1..longest)."""
    out = []
    while count > 0:
        k = min(count, longest)
        out.append(B36[first + k - 1])
        count -= k
    return "".join(out)


def decode_number16(body: str, count: int, at: int = 0, forms: str = "-+=%@*$") -> tuple[list, int]:
    """Number16 values for `count` pieces (see the module docstring; `forms` the leading characters of
    longer numbers taken). A run may reach past `count`: the values then hold more than `count` (the
    caller decides); data that ends early holds fewer."""
    values: list = []
    i = at
    while i < len(body) and len(values) < count:
        ch = body[i]
        if ch in _HEX:
            values.append(int(ch, 16))
            i += 1
        elif ch in forms:
            width, offset = _NUMBER16[ch]
            values.append(_hex(body, i, width, ch) + offset)
            i += 1 + width
        elif ch == ".":
            values.append(UNKNOWN)
            i += 1
        elif "g" <= ch <= "z":
            values.extend([None] * (int(ch, 36) - 15))
            i += 1
        else:
            raise unexpected(body, i)
    return values, i


def write_number16(value) -> str:
    """One Number16 value (pzprjs's writeNumber16, its digits padded to the width a reader takes)."""
    if value == UNKNOWN:
        return "."
    if not isinstance(value, int) or value < 0:
        raise ValueError(f"no Number16 form for {value!r}")
    for bound, lead, width, offset in ((16, "", 1, 0), (256, "-", 2, 0), (4096, "+", 3, 0), (8192, "=", 3, 4096),
                                       (12240, "%", 3, 8192), (77776, "*", 4, 12240), (1126352, "$", 5, 77776)):
        if value < bound:
            return lead + format(value - offset, f"0{width}x")
    raise ValueError(f"{value} is past Number16's largest, 1126351")


def encode_number16(values: Sequence) -> str:
    """The Number16 data of the values (None empty), runs of empties as `g`-`z`."""
    out, run = [], 0
    for value in values:
        if value is None:
            run += 1
            continue
        out += [runs(run, 16, 20), write_number16(value)]
        run = 0
    out.append(runs(run, 16, 20))
    return "".join(out)


def decode_number16_excell(body: str, count: int, at: int = 0) -> tuple[list, int]:
    """Number16ExCell: the numbers outside the grid, as Number16 in the forms pzprjs writes there (a hex
    digit, `-` and two, `.`, and runs)."""
    return decode_number16(body, count, at, forms="-")


encode_number16_excell = encode_number16


def decode_room_number16(body: str, rooms: int, at: int = 0) -> tuple[list, int]:
    """RoomNumber16: a Number16 value per room (`rooms` of them, in the order `rooms_of` gives)."""
    return decode_number16(body, rooms, at)


encode_room_number16 = encode_number16


def rooms_of(rows: int, cols: int, vertical: Sequence[bool], horizontal: Sequence[bool]) -> list[list[tuple[int, int]]]:
    """The rooms the borders make (Border's order: `vertical[r * (cols - 1) + c]` between (r, c) and
    (r, c + 1), `horizontal[r * cols + c]` between (r, c) and (r + 1, c)), each a list of cells in
    reading order, the rooms in the order of their first cell (as pzprjs numbers them)."""
    room = [[-1] * cols for _ in range(rows)]
    out: list[list[tuple[int, int]]] = []
    for r0 in range(rows):
        for c0 in range(cols):
            if room[r0][c0] >= 0:
                continue
            room[r0][c0] = len(out)
            todo, cells = [(r0, c0)], []
            while todo:
                r, c = todo.pop()
                cells.append((r, c))
                steps = ((r, c + 1, c + 1 < cols and not vertical[r * (cols - 1) + c]),
                         (r, c - 1, c > 0 and not vertical[r * (cols - 1) + c - 1]),
                         (r + 1, c, r + 1 < rows and not horizontal[r * cols + c]),
                         (r - 1, c, r > 0 and not horizontal[(r - 1) * cols + c]))
                for r2, c2, open_ in steps:
                    if open_ and room[r2][c2] < 0:
                        room[r2][c2] = len(out)
                        todo.append((r2, c2))
            out.append(sorted(cells))
    return out


def decode_4cell(body: str, count: int, at: int = 0) -> tuple[list, int]:
    """4Cell values (0-4, UNKNOWN or None) for `count` pieces; data that ends early leaves the rest empty."""
    values: list = []
    i = at
    while i < len(body) and len(values) < count:
        ch = body[i]
        if "0" <= ch <= "4":
            values.append(int(ch))
        elif "5" <= ch <= "9":
            values += [int(ch) - 5, None]
        elif "a" <= ch <= "e":
            values += [int(ch, 16) - 10, None, None]
        elif ch == ".":
            values.append(UNKNOWN)
        elif "g" <= ch <= "z":
            values += [None] * (int(ch, 36) - 15)
        else:
            raise unexpected(body, i)
        i += 1
    return (values + [None] * count)[:count], i


def encode_4cell(values: Sequence) -> str:
    """The 4Cell data of the values: a value says how many empties (up to two) follow it, as pzprjs's
    encoder does, looking at the pieces after it."""
    out, run, k = [], 0, 0
    while k < len(values):
        value = values[k]
        if value is None:
            run += 1
            k += 1
            continue
        out.append(runs(run, 16, 20))
        run = 0
        if value == UNKNOWN:
            out.append(".")
            k += 1
            continue
        if not (isinstance(value, int) and 0 <= value <= 4):
            raise ValueError(f"no 4Cell form for {value!r}")
        follow = 0
        while follow < 2 and k + 1 + follow < len(values) and values[k + 1 + follow] is None:
            follow += 1
        if follow < 2 and k + 1 + follow >= len(values):
            follow = 2                                  # at the end, pzprjs skips two
        out.append(_HEX[value + 5 * follow])
        k += 1 + follow
    out.append(runs(run, 16, 20))
    return "".join(out)


def decode_4cross(body: str, rows: int, cols: int, at: int = 0) -> tuple[list, int]:
    """4Cross: 4Cell over the (rows + 1) × (cols + 1) crosses (vertices) of a rows × cols grid."""
    return decode_4cell(body, (rows + 1) * (cols + 1), at)


encode_4cross = encode_4cell


def decode_border(body: str, rows: int, cols: int, at: int = 0) -> tuple[list[bool], list[bool], int]:
    """(vertical, horizontal, where reading stopped) of Border data (see `rooms_of` for the order);
    data that ends early leaves the rest unbordered, as pzprjs reads it."""
    vertical, at = decode_bitmap(body, (cols - 1) * rows, at)
    horizontal, at = decode_bitmap(body, cols * (rows - 1), at)
    return vertical, horizontal, at


def encode_border(vertical: Sequence[bool], horizontal: Sequence[bool]) -> str:
    """The Border data of the borders: each side's bits in full (a Bitmap with nothing left out)."""
    return _bit_digits(vertical) + _bit_digits(horizontal)


def decode_circle(body: str, count: int, at: int = 0) -> tuple[list, int]:
    """Circle values (None, 1 white, 2 black) for `count` pieces."""
    values: list = []
    end = min(at + (count + 2) // 3, len(body))
    for i in range(at, end):
        digit = B36.find(body[i])
        if not 0 <= digit < 27:
            raise unexpected(body, i)
        values += [(digit // 9) or None, (digit // 3 % 3) or None, (digit % 3) or None]
    return (values + [None] * count)[:count], end


def encode_circle(values: Sequence) -> str:
    """The Circle data of the values (None, 1 or 2 each)."""
    out = []
    for k in range(0, len(values), 3):
        chunk = [v or 0 for v in values[k:k + 3]]
        if any(v not in (0, 1, 2) for v in chunk):
            raise ValueError(f"no Circle form for {chunk!r}")
        out.append(B36[sum(v * w for v, w in zip(chunk, (9, 3, 1)))])
    return "".join(out)


def decode_arrow_number16(body: str, count: int, at: int = 0) -> tuple[list, int]:
    """ArrowNumber16 values for `count` cells: None, BLANK, or (direction, number or UNKNOWN)."""
    values: list = []
    i = at
    while i < len(body) and len(values) < count:
        ch = body[i]
        if ch == "+":
            values.append(BLANK)
        elif "0" <= ch <= "4":
            if i + 1 >= len(body) or body[i + 1] not in _HEX + ".":
                raise refuse(body, i, f"{ch!r} needs a hex digit or '.' after it")
            values.append((int(ch), UNKNOWN if body[i + 1] == "." else int(body[i + 1], 16)))
            i += 1
        elif "5" <= ch <= "9":
            values.append((int(ch) - 5, _hex(body, i, 2, ch)))
            i += 2
        elif ch == "-":
            if i + 1 >= len(body) or not "0" <= body[i + 1] <= "4":
                raise refuse(body, i, "'-' needs a direction 0-4 after it")
            values.append((int(body[i + 1]), _hex(body, i + 1, 3, "-")))
            i += 4
        elif "a" <= ch <= "z":
            values += [None] * (int(ch, 36) - 9)
        else:
            raise unexpected(body, i)
        i += 1
    return (values + [None] * count)[:count], i


def encode_arrow_number16(values: Sequence) -> str:
    """The ArrowNumber16 data of the values."""
    out, run = [], 0
    for value in values:
        if value is None:
            run += 1
            continue
        out.append(runs(run, 10, 26))
        run = 0
        if value == BLANK:
            out.append("+")
            continue
        direction, number = value
        if not 0 <= direction <= 4:
            raise ValueError(f"no direction {direction!r}")
        if number == UNKNOWN:
            out.append(f"{direction}.")
        elif 0 <= number < 16:
            out.append(f"{direction}{number:x}")
        elif number < 256:
            out.append(f"{direction + 5}{number:02x}")
        elif number < 4096:
            out.append(f"-{direction}{number:03x}")
        else:
            raise ValueError(f"{number} is past ArrowNumber16's largest, 4095")
    out.append(runs(run, 10, 26))
    return "".join(out)


def decode_bitmap(body: str, count: int, at: int = 0) -> tuple[list[bool], int]:
    """Bitmap: a bit per piece for `count` pieces (see the module docstring); data that ends early leaves
    the rest unset."""
    bits: list[bool] = []
    end = min(at + (count + 4) // 5, len(body))
    for i in range(at, end):
        digit = B36.find(body[i])
        if not 0 <= digit < 32:
            raise unexpected(body, i)
        bits += [bool(digit & (16 >> w)) for w in range(5)]
    return (bits + [False] * count)[:count], end


def encode_bitmap(bits: Sequence[bool]) -> str:
    """The Bitmap data of the bits: nothing when none is set, as pzprjs writes it."""
    return _bit_digits(bits) if any(bits) else ""


def _bit_digits(bits: Sequence[bool]) -> str:
    """Five bits a character, the first the highest (B36's 0-v)."""
    return "".join(B36[sum(16 >> w for w, bit in enumerate(bits[k:k + 5]) if bit)] for k in range(0, len(bits), 5))


def decode_1cell(body: str, count: int, at: int = 0) -> tuple[list[bool], int]:
    """1Cell (pzprjs decode1Cell, for a sparse single value such as trees): `0`-`h` a marked piece
    followed by 0-17 unmarked ones, `i`-`z` a run of 1-18 unmarked pieces. The marks of `count` pieces
    (data that ends early leaves the rest unmarked) and where reading stopped."""
    marks = [False] * count
    k, i = 0, at
    while i < len(body) and k < count:
        digit = B36.find(body[i])
        if digit < 0:
            raise unexpected(body, i)
        if digit < 18:
            marks[k] = True
            k += 1 + digit
        else:
            k += digit - 17
        i += 1
    return marks, i


def encode_1cell(marks: Sequence[bool]) -> str:
    """The 1Cell data of the marks: each mark with the unmarked pieces after it (up to 17), longer gaps
    as runs of up to 18."""
    out, k = [], 0
    while k < len(marks) and not marks[k]:              # unmarked pieces before the first mark
        run = min(18, next((j for j in range(k, len(marks)) if marks[j]), len(marks)) - k)
        out.append(B36[17 + run])
        k += run
    while k < len(marks):
        gap = 0
        while gap < 17 and k + 1 + gap < len(marks) and not marks[k + 1 + gap]:
            gap += 1
        out.append(B36[gap])
        k += 1 + gap
        while k < len(marks) and not marks[k]:
            run = min(18, next((j for j in range(k, len(marks)) if marks[j]), len(marks)) - k)
            out.append(B36[17 + run])
            k += run
    return "".join(out)
