"""lz-string (pieroxy, npm `lz-string` 1.5.0), the compressor f-puzzles and SudokuPad put in their links.

lz-string is LZW over a text's UTF-16 code units. Codes are written with a growing width (2 bits at
first, one more each time the dictionary doubles), each code's bits least significant first, into a
stream packed most significant bit first into characters of 6 bits (`compressToBase64`: the base64
alphabet, `=`-padded) or of 6 bits of another alphabet (`compressToEncodedURIComponent`: `+`, `-`,
`$` for the last three). Code 0 and 1 bring a new 8- or 16-bit character, 2 ends the stream, 3 and
up name a dictionary entry; the entry one past the end is the previous one plus its own first unit.

Reading is bounded: an input of more than MAX_INPUT characters, or one that would unpack to more
than `max_chars` characters (LZW can grow quadratically), is refused with a PuzzleSyntaxError, as
is any broken stream; nothing here loops longer than its input. `unpack` also says how many characters
of the input were read before the end mark or the fault: a change after them changes nothing read
(codecs/payload.py tries repairs only before that point). Unpacking ticks the active budget
(gridlogic/budget.py) code by code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gridlogic.budget import tick
from gridlogic.errors import PuzzleSyntaxError, excerpt

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
URI = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
MAX_INPUT = 2_000_000          # characters of compressed text read at most
MAX_CHARS = 4_000_000          # characters a decompressed text may have at most (by default)


def compress_to_base64(text: str) -> str:
    """lz-string's `compressToBase64`: the standard base64 alphabet, `=`-padded to a multiple of 4."""
    out = _compress(text, BASE64)
    return out + "=" * (-len(out) % 4)


def compress_to_encoded_uri_component(text: str) -> str:
    """lz-string's `compressToEncodedURIComponent`: an alphabet safe in a URL, no padding."""
    return _compress(text, URI)


def decompress_from_base64(data: str, max_chars: int = MAX_CHARS) -> str:
    """The text of `compressToBase64` output (a space reads as the `+` a form decoder made of it)."""
    return unpack(data, BASE64, max_chars).text_or_raise()


def decompress_from_encoded_uri_component(data: str, max_chars: int = MAX_CHARS) -> str:
    """The text of lz-string's `compressToEncodedURIComponent` output."""
    return unpack(data, URI, max_chars).text_or_raise()


@dataclass(frozen=True)
class Unpacked:
    """What reading a stream gave: its `text`, or the `error` that stopped it; `read`, the characters of
    the input read by then (past its end when the stream ran on into the zeros after it), and `written`,
    the characters unpacked by then."""

    text: str | None
    error: PuzzleSyntaxError | None
    read: int
    written: int

    def text_or_raise(self) -> str:
        """The text, or the error raised."""
        if self.error is not None:
            raise self.error
        return self.text


def unpack(data: str, alphabet: str = BASE64, max_chars: int = MAX_CHARS) -> Unpacked:
    """The text an lz-string stream of 6-bit characters of `alphabet` holds, or why it holds none, and how
    far it was read (see Unpacked)."""
    reader = _Reader(data, alphabet)
    try:
        text = reader.text(max_chars)
    except PuzzleSyntaxError as error:
        return Unpacked(None, error, reader.read, reader.written)
    return Unpacked(text, None, reader.read, len(text))


def _units(text: str) -> list[str]:
    """The UTF-16 code units of a text, each as a one-character string (as JavaScript sees it)."""
    if all(ord(ch) < 0x10000 for ch in text):
        return list(text)
    raw = text.encode("utf-16-be", "surrogatepass")
    return [chr(int.from_bytes(raw[i:i + 2], "big")) for i in range(0, len(raw), 2)]


def _compress(text: str, alphabet: str) -> str:
    """LZW of the text's code units into 6-bit characters of `alphabet`."""
    bits: list[int] = []
    dictionary: dict[str, int] = {}
    fresh: set[str] = set()                  # single units not yet written out literally
    size, width, enlarge = 3, 2, 2

    def put(value: int, n: int) -> None:
        bits.extend((value >> i) & 1 for i in range(n))

    def emit(w: str) -> None:
        nonlocal width, enlarge
        if w in fresh:
            code = ord(w)
            if code < 256:
                put(0, width)
                put(code, 8)
            else:
                put(1, width)
                put(code, 16)
            enlarge -= 1
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
            fresh.discard(w)
        else:
            put(dictionary[w], width)
        enlarge -= 1
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1

    w = ""
    for ch in _units(text):
        if ch not in dictionary:
            dictionary[ch] = size
            size += 1
            fresh.add(ch)
        if w + ch in dictionary:
            w += ch
            continue
        emit(w)
        dictionary[w + ch] = size
        size += 1
        w = ch
    if w:
        emit(w)
    put(2, width)
    bits.extend([0] * (6 - len(bits) % 6))   # a whole zero character when already aligned
    stream = "".join(map(str, bits))
    return "".join(alphabet[int(stream[i:i + 6], 2)] for i in range(0, len(stream), 6))


_BITS = {alphabet: str.maketrans({**{ch: format(i, "06b") for i, ch in enumerate(alphabet)}, "=": "000000"})
         for alphabet in (BASE64, URI)}           # `=` reads as zero bits, wherever it stands
_SURROGATE = re.compile("[\ud800-\udfff]")
_OUTSIDE = {alphabet: re.compile(f"[^{re.escape(alphabet)}=]") for alphabet in (BASE64, URI)}


class _Reader:
    """The bits of a stream, read least significant first from characters of 6 bits, and the codes they make."""

    def __init__(self, data: str, alphabet: str) -> None:
        self.data, self.alphabet, self.pos = data, alphabet, 0
        self.stream, self.valid, self.end, self.bad = "", 0, 0, 0
        self.written = 0                          # characters unpacked so far

    @property
    def read(self) -> int:
        """The characters of the data read so far."""
        return -(-self.pos // 6)

    def bits(self, n: int) -> int:
        """The next n bits as a number (their first bit least significant)."""
        if self.pos + n > self.valid and self.valid < self.end:
            self.pos = self.valid + 1
            raise PuzzleSyntaxError(f"lz-string data: character {self.bad + 1} ({excerpt(self.data[self.bad])}) is "
                                    f"not one of its alphabet (A-Z a-z 0-9 {self.alphabet[-2:]})")
        value = int(self.stream[self.pos:self.pos + n][::-1], 2)
        self.pos += n
        return value

    def broken(self, why: str) -> PuzzleSyntaxError:
        return PuzzleSyntaxError(f"not lz-string data: {why} at character {min(self.pos // 6 + 1, len(self.data))} "
                                 f"of {len(self.data):,}")

    def text(self, max_chars: int) -> str:
        """The text of the stream (a PuzzleSyntaxError when it is broken or unpacks to over `max_chars`)."""
        if not isinstance(self.data, str):
            raise PuzzleSyntaxError("lz-string data must be text")
        data = self.data = self.data.strip().replace(" ", "+")   # what follows the end mark is ignored
        if not data:
            raise PuzzleSyntaxError("lz-string data is empty")
        if len(data) > MAX_INPUT:
            raise PuzzleSyntaxError(f"lz-string data of {len(data):,} characters is too long (at most {MAX_INPUT:,})")
        outside = _OUTSIDE[self.alphabet].search(data)
        self.bad = outside.start() if outside else len(data)
        self.stream = data[:self.bad].translate(_BITS[self.alphabet]) + "0" * 32   # zeros past the end, as in JavaScript
        self.valid, self.end = self.bad * 6, len(data) * 6     # bits before the first character outside the alphabet
        return _text(self._units(max_chars))

    def _units(self, max_chars: int) -> str:
        bits = self.bits
        first = bits(2)
        if first == 2:
            return ""
        if first == 3:
            raise self.broken("it does not begin with a character")
        entry = chr(bits(8 if first == 0 else 16))
        dictionary = ["", "", "", entry]
        w, out, total = entry, [entry], 1
        width, enlarge = 3, 4
        while True:
            tick()
            if self.pos >= self.end:
                raise self.broken("it stops before its end mark")
            code = bits(width)
            if code < 2:
                dictionary.append(chr(bits(8 if code == 0 else 16)))
                code = len(dictionary) - 1
                enlarge -= 1
            elif code == 2:
                return "".join(out)
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
            if code < len(dictionary):
                entry = dictionary[code]
            elif code == len(dictionary):
                entry = w + w[0]
            else:
                raise self.broken(f"code {code} names no entry")
            total += len(entry)
            self.written = total
            if total > max_chars:
                raise PuzzleSyntaxError(f"lz-string data unpacks to more than {max_chars:,} characters")
            out.append(entry)
            dictionary.append(w + entry[0])
            enlarge -= 1
            w = entry
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1


def _text(units: str) -> str:
    """Code units joined into a text: surrogate pairs become their character (a lone one becomes �)."""
    if not _SURROGATE.search(units):
        return units
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
