// lz-string's decompression (pieroxy, npm `lz-string` 1.5.0), the compressor f-puzzles and SudokuPad put
// in their links: the twin of gridlogic/codecs/lzstring.py's reading, for drawing a pasted link's givens
// before the engine is ready (foreign.js). LZW over UTF-16 code units; codes of a growing width (2 bits
// at first), each code's bits least significant first, packed 6 bits to a character of `BASE64` or
// `URI`. Code 0 / 1 bring an 8- / 16-bit unit, 2 ends, 3 and up name an entry. Bounded as Python's: a
// broken stream, a character outside the alphabet or more than `maxChars` characters give null.
export const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
export const URI = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";
const MAX_INPUT = 2_000_000;
const MAX_CHARS = 4_000_000;

// The text packed in `data` (lz-string's decompressFromBase64 or decompressFromEncodedURIComponent,
// by `alphabet`), or null when it is not a whole lz-string stream.
export function decompress(data, alphabet = BASE64, maxChars = MAX_CHARS) {
  if (typeof data !== "string") return null;
  const text = data.trim().replace(/ /g, "+").replace(/=+$/, "");
  if (!text || text.length > MAX_INPUT) return null;
  let pos = 0;                                   // bits read
  const end = text.length * 6;
  const bits = (n) => {
    let value = 0;
    for (let i = 0; i < n; i++, pos++) {
      const ch = pos < end ? alphabet.indexOf(text[Math.floor(pos / 6)]) : 0;   // zeros past the end
      if (ch < 0) throw new Error("outside the alphabet");
      if ((ch >> (5 - (pos % 6))) & 1) value |= 1 << i;
    }
    return value;
  };
  try {
    const first = bits(2);
    if (first === 2) return "";
    if (first === 3) return null;
    let w = String.fromCharCode(bits(first === 0 ? 8 : 16));
    const dictionary = ["", "", "", w];
    const out = [w];
    let total = 1;
    let width = 3;
    let enlarge = 4;
    for (;;) {
      if (pos >= end) return null;               // no end mark
      let code = bits(width);
      if (code < 2) {
        dictionary.push(String.fromCharCode(bits(code === 0 ? 8 : 16)));
        code = dictionary.length - 1;
        enlarge -= 1;
      } else if (code === 2) {
        return out.join("");
      }
      if (enlarge === 0) {
        enlarge = 1 << width;
        width += 1;
      }
      let entry;
      if (code < dictionary.length) entry = dictionary[code];
      else if (code === dictionary.length) entry = w + w[0];
      else return null;
      total += entry.length;
      if (total > maxChars) return null;
      out.push(entry);
      dictionary.push(w + entry[0]);
      enlarge -= 1;
      w = entry;
      if (enlarge === 0) {
        enlarge = 1 << width;
        width += 1;
      }
    }
  } catch (err) {
    return null;
  }
}
