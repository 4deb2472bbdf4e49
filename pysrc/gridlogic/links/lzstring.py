"""lz-string (pieroxy, npm `lz-string` 1.5.0), the compressor f-puzzles and SudokuPad put in their links.

lz-string is LZW over a text's UTF-16 code units. Codes are written with a growing width (2 bits at
first, one more each time the dictionary doubles), each code's bits least significant first, into a
stream packed most significant bit first into characters of 6 bits (`compressToBase64`: the base64
alphabet, `=`-padded) or of 6 bits of another alphabet (`compressToEncodedURIComponent`: `+`, `-`,
`$` for the last three). Code 0 and 1 bring a new 8- or 16-bit character, 2 ends the stream, 3 and
up name a dictionary entry; the entry one past the end is the previous one plus its own first unit.

Reading is bounded: an input of more than MAX_INPUT characters, or one that would unpack to more
than `max_chars` characters (LZW can grow quadratically), is refused with a PuzzleSyntaxError, as
is any broken stream; nothing here loops longer than its input.
"""

from __future__ import annotations

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
    return _decompress(data, BASE64, max_chars)


def decompress_from_encoded_uri_component(data: str, max_chars: int = MAX_CHARS) -> str:
    """The text of lz-string's `compressToEncodedURIComponent` output."""
    return _decompress(data, URI, max_chars)


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


def _decompress(data: str, alphabet: str, max_chars: int) -> str:
    """The text an lz-string stream of 6-bit characters of `alphabet` holds."""
    if not isinstance(data, str):
        raise PuzzleSyntaxError("lz-string data must be text")
    data = data.strip().replace(" ", "+")      # `=` reads as zero bits; what follows the end mark is ignored
    if not data:
        raise PuzzleSyntaxError("lz-string data is empty")
    if len(data) > MAX_INPUT:
        raise PuzzleSyntaxError(f"lz-string data of {len(data):,} characters is too long (at most {MAX_INPUT:,})")
    index = {ch: i for i, ch in enumerate(alphabet)}
    index["="] = 0                           # padding reads as zeros, wherever it stands
    bad = next((i for i, ch in enumerate(data) if ch not in index), len(data))
    stream = "".join(format(index[ch], "06b") for ch in data[:bad])
    valid = len(stream)                      # bits before the first character outside the alphabet
    end = len(data) * 6
    stream += "0" * 32                       # reads past the end see zeros, as in JavaScript
    pos = 0

    def read(n: int) -> int:
        nonlocal pos
        if pos + n > valid and valid < end:
            raise PuzzleSyntaxError(f"lz-string data: character {bad + 1} ({excerpt(data[bad])}) is not one of "
                                    f"its alphabet (A-Z a-z 0-9 {alphabet[-2:]})")
        value = int(stream[pos:pos + n][::-1], 2)
        pos += n
        return value

    def broken(why: str) -> PuzzleSyntaxError:
        return PuzzleSyntaxError(f"not lz-string data: {why} at character {min(pos // 6 + 1, len(data))} "
                                 f"of {len(data):,}")

    first = read(2)
    if first == 2:
        return ""
    if first == 3:
        raise broken("it does not begin with a character")
    entry = chr(read(8 if first == 0 else 16))
    dictionary = ["", "", "", entry]
    w, out, total = entry, [entry], 1
    width, enlarge = 3, 4
    while True:
        if pos >= end:
            raise broken("it stops before its end mark")
        code = read(width)
        if code < 2:
            dictionary.append(chr(read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge -= 1
        elif code == 2:
            return _text("".join(out))
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise broken(f"code {code} names no entry")
        total += len(entry)
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
    if not any("\ud800" <= ch <= "\udfff" for ch in units):
        return units
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
