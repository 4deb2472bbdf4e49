"""Record the real f-puzzles and SudokuPad links of tests/test_links_variants.py, and lz-string vectors.

    python3 tests/data/record_variant_links.py SUDOKUTOOLS ISS SUDOKUSOLVER LZ_STRING

SUDOKUTOOLS, ISS and SUDOKUSOLVER are git clones of SudokuPad/sudokutools, sigh/Interactive-Sudoku-Solver
and dclamage/SudokuSolver (read with `git show` at the commits named below); LZ_STRING is a directory
holding npm's lz-string 1.5.0 (`npm install --prefix DIR lz-string@1.5.0`, then DIR/node_modules/
lz-string). Node runs SudokuPad's own f-puzzles converter (sudokutools' fpuzzlesdecoder.js and
puzzlezipper_lib.js) to make SCL links of some of the f-puzzles ones, and npm's lz-string to make the
vectors. Writes variant_links.json and lzstring_vectors.json beside this file.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COMMITS = {"sudokutools": "f538286431c7b9b2741dba2f6160665c167d4d88",
           "iss": "e373f9811c087246b097eb444d838ab492c55f35",
           "sudokusolver": "226e55bba25e522ce0c1824f9187f8c866383d44"}
# sudokutools src/rulesparser/testfpuzzles.json: names (their start) of the puzzles taken, and the kinds of
# constraint and global rules each has (from the name's own description and the puzzle's rules text).
SUDOKUTOOLS = {
    '"Clipped"': (["arrow", "thermo"], ["king"]),
    '"Bird in a Storm"': (["palindrome", "white"], ["knight", "nonconsecutive", "negative-black"]),
    '"Blitz"': (["killer", "littlekiller", "odd", "even"], []),
    '"Black Kropki X"': (["black", "littlekiller"], ["diagonal+", "diagonal-", "negative-black"]),
    '"Tangled Arrows"': (["odd", "even", "palindrome", "clone", "arrow"], ["diagonal+"]),
    '"XV Kropki X"': (["white", "black", "x", "v"], ["diagonal+", "diagonal-", "negative-xv"]),
    '"Boxes"': (["killer", "quadruple"], []),
    '"Fortress Sudoku"': (["maximum"], []),
    '"Quadiagonal"': (["quadruple"], ["disjoint"]),
    '"Hay Fever"': (["thermo", "between", "white", "black"], []),
    '"Sandwich Sudoku"': (["sandwich"], []),
    '"Peak Sudoku"': (["littlekiller", "v"], []),
    '"Behemoth"': (["killer"], []),
    '"Irregular 7x7 Kropki"': (["white", "black"], []),
    '"6x6 Extreme Killer"': (["killer", "minimum", "maximum"], []),
    '"159"': (["renban", "white", "black"], []),
}
# dclamage/SudokuSolver SudokuTests/Puzzles.cs, uniqueVariantFPuzzles: the comment before each puzzle.
SUDOKUSOLVER = {
    '"Equal Sums"': (["regionsum"], []),
    '"159 Arrows"': (["arrow", "columnindexer"], []),
    '"Tiny Scar"': (["whispers", "xsum"], []),
    "Renban Skyscrapers": (["renban", "skyscraper"], []),
    "Entropic Lines 101": (["entropic"], []),
    "Jumped Joy": (["zipper"], []),
    "Slow Thermo Sudoku": (["slowthermo"], []),
}
ISS = {"Sandwich snipe 18": (["sandwich"], []), "I want to break free": (["thermo"], [])}
# SCL links made by SudokuPad's converter from these (zipped, as SudokuPad stores them; one also plain).
TO_SCL = ('"Clipped"', '"Blitz"', '"Tangled Arrows"', '"XV Kropki X"', '"Boxes"', '"Hay Fever"', '"Peak Sudoku"',
          '"Behemoth"', '"159"')
# The Sudoku-Bench dataset card (huggingface.co/datasets/SakanaAI/Sudoku-Bench), "Example puzzle: Parity Fish".
PARITY_FISH = {
    "name": "Parity Fish", "author": "Marty Sears", "kinds": ["white", "black"], "rules": [],
    "source": "Sudoku-Bench dataset card (SakanaAI), 'Example puzzle: Parity Fish': its encoded_puzzle link",
    "solution": "854369172976251834123478956419582367568937421237146598785694213691823745342715689"}
PARITY_FISH_URL = ("https://sudokupad.app/"
                   "sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeasIHYAjOkID2VACziGVAExhxNKABpEhb"
                   "OjDp1EYDAD2AV0w1C0fAbB6A1gYAEGK4Uy2AbjNlkAdLM8zxAWhoaBjJ0CjpldANsAAs9TGgMHFxbIhJlTAMAG0IYaAA5eMR"
                   "0LNsYC2s7TJyYW3QAB3qs3ABuWwYQLNLYwlsAc0xwWwB3EFjbHtswED6x2oF/djK9CZitKZm5qb0AOwAdKGxbTEJ64iOQHbq"
                   "dlMw9YaVbGj0sg0Qdx/QdsFtizEcfgBmOCA2zMPRwTx7HYAFWGKxMXVqGgAVugTDsjiVdn06sdCD8spdeogDDAjs9MehLrZd"
                   "r1CC5CFdprMsd9aTtenowD8WWMobD4U9CEinrtOTRsASwSl0CMYmNepYKbt1DTKTBCDRoiBGRtWTABXCESKsrVKRKpT9mLKw"
                   "Vl0VZtiqqTS+dhasMYk4uZzbCBapYDMwcqsuT1MJ5lPpXtgQLtoBQyOJAXR2AI+DJ2Hw6DIyAIKIDxAIZIW+BR2GQ6EWKxQS"
                   "3Q+JXy4C+OIZMXmwJxHQyOwKGXK+xWwIU2na83xGRCzJBI32MpmLNin1TFAYthsPU8gB6LcgTwgRB9IyeZ6ILc7QEgADy2HE"
                   "+U8KLOfXni/Qy709XRY1wEAESmw0AAApYN+tgAGL+jEUAAL5KCYEAANoIUoKGoShAC6SjIWhqGYdhOFKHhBEYVhxGEaRxFEZ"
                   "RFEEVRtGYSciFIVQShUHhLECOxSgyHhf5sVhf6cQJ3F4TIrGiUoQkIWJPF4QhLGAlx4hcWQvFKIpwnKcJqlYWJGnSUoWkGap"
                   "cksXQXF8FxFBqeZwmWcJ1m6UotkGfZBnWXJgLiVhXlSV5PFYeI3kIUFUlBQFCFkMFUVSVFslYQhXn6V5RleTpIXqXhQVGUF6"
                   "VRfpUVGVFJkJV5LleW5XmORlLlBW5QXVVFLlRW5UUeQldDBZ1UmdRFfDBf1Un9RFFDBaNUmjfFSGdfpnVGZ16X9fp/VGf16W"
                   "jfpo1GaNJXTc5eGdW5nXVf1Ln9W5/XVaNLmjW5o0eZheiIcAkqIYCnhtZhwwQFQniFkoMQ/X9QWxL+vijVK0DKDQEAAMQsQk"
                   "2BwTIcNgXBAhw1QsEvQBIUfUojnfb9/2A8TIOAwI4P/iu0OY0oiPI6j6OY9jr2RfjhNAyTXPk2DMgQzTcF0wzNAo7DaM0Bj8"
                   "Os7j4j40JRPAwDPP/hTVOQ1AtPw/TEBI6LTOSyzSg44hk0fV9Kuk0roOU/z1NQ0L2si2LEtS1jxts/1v06Yr3Nk6rfMCw7MN"
                   "O7rjPi8z0se7jfHm0ovtBVb/02+rgshwjYf6xHhtRybCF0Pj9kJ8r/sp3bGtaxnesu5H7t5wXMUW/7Se87bQea47Vfh67Rt5"
                   "xQHNN0rLcB239sd+nOvVwbbsy4hfD4z7lsq2X7eV5P3e17PCF/u9i/N8vavl2nwuZzXOd157SheHvQ8H4HY9r870+92zYkN4"
                   "PfvW4fq+d+vWc97nNm3sRLxyXqXb+D9f5P2zjPaOiE/xyxvp/ZOECK5QNPs/QBuNfJx19l5JOXk0EhzRtAi+2DC4f3wVzQhx"
                   "8I6kK3jJXB1CS5/RocHJm9C4EIX7nFShLDARsPHhwjBWDTZKHnkgqhxNBFaxISIrG6FoJAA")
# Short ids of published puzzles: ISS data/example_puzzles.js (Odd & even, Thermo), the Sudoku-Bench card.
SHORT_IDS = ("https://sudokupad.app/8bNmDd4J9G", "https://sudokupad.app/TtTmqGMBDR", "https://sudokupad.app/wsj7iunsg6")
VECTOR_TEXTS = ("a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "hello world",
                '{"size":9,"grid":[[{},{}]]}', "Zahl: 12+34/56 = ?", "é€ — “quotes” ’", "snow ☃ and 😀😀 emoji",
                "abcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabcabc")


def show(repo: str, commit: str, path: str) -> str:
    """A file of a git clone at a commit."""
    return subprocess.run(["git", "-C", repo, "show", f"{commit}:{path}"], capture_output=True, text=True,
                          check=True).stdout


def main() -> None:
    """Gather the links and run Node for the SCL forms and the vectors."""
    sudokutools, iss, sudokusolver, lz = sys.argv[1:5]
    links = []
    for name, payload, *solution in json.loads(show(sudokutools, COMMITS["sudokutools"],
                                                    "src/rulesparser/testfpuzzles.json")):
        key = next((k for k in SUDOKUTOOLS if name.startswith(k)), None)
        if key:
            payload, _, rest = payload.partition('"')          # one entry has its solution inside the payload
            solution = solution[0] if solution and solution[0] else re.sub(r"\D", "", rest)
            if len(solution) > 81 or math.isqrt(len(solution)) ** 2 != len(solution):
                solution = ""                                   # 16×16 digits run together: not readable
            links.append({"name": name, "url": "https://www.f-puzzles.com/?load=" + payload,
                          "source": f"SudokuPad/sudokutools {COMMITS['sudokutools'][:7]} "
                                    "src/rulesparser/testfpuzzles.json", "solution": solution or None,
                          "kinds": SUDOKUTOOLS[key][0], "rules": SUDOKUTOOLS[key][1], "key": key})
    text = show(sudokusolver, COMMITS["sudokusolver"], "SudokuTests/Puzzles.cs")
    text = text[text.index("uniqueVariantFPuzzles"):text.index("inheritanceTestFPuzzles")]
    for comment, payload, solution in re.findall(r'(?://\s*([^\n]*)\n\s*)?\(@?"(N4Ig[^"]*)",\s*@?"(\d+)"\)', text):
        key = next((k for k in SUDOKUSOLVER if comment.startswith(k)), None)
        if key:
            links.append({"name": comment.strip(), "url": "https://www.f-puzzles.com/?load=" + payload,
                          "source": f"dclamage/SudokuSolver {COMMITS['sudokusolver'][:7]} SudokuTests/Puzzles.cs",
                          "solution": solution, "kinds": SUDOKUSOLVER[key][0], "rules": SUDOKUSOLVER[key][1]})
    text = show(iss, COMMITS["iss"], "data/collections.js")
    for m in re.finditer(r"name: '([^']*)',\s*src: (?:\[[^\]]*?)?'(https://www\.f-puzzles\.com/\?load=[^']*)'", text):
        if m[1] in ISS:
            solution = re.search(r"solution: '(\d+)'", text[m.end():])[1]
            links.append({"name": m[1], "url": m[2], "solution": solution, "kinds": ISS[m[1]][0],
                          "rules": ISS[m[1]][1], "source": f"sigh/Interactive-Sudoku-Solver {COMMITS['iss'][:7]} "
                                                          "data/collections.js"})
    scl = convert(sudokutools, lz, [link for link in links if link.get("key") in TO_SCL])
    for link, (zipped, plain) in zip([link for link in links if link.get("key") in TO_SCL], scl):
        # This converter draws clones as shaded cells and drops f-puzzles' `negative`: neither is in the SCL.
        links.append({**link, "name": link["name"] + " (SCL)", "url": "https://sudokupad.app/scl" + zipped,
                      "source": link["source"] + ", made SCL by SudokuPad's converter (sudokutools "
                                "fpuzzlesdecoder.js, puzzlezipper_lib.js) and lz-string 1.5.0", "same_as": link["name"],
                      "kinds": [k for k in link["kinds"] if k != "clone"],
                      "rules": [r for r in link["rules"] if not r.startswith("negative")]})
        if link["key"] == '"Clipped"':
            links.append({**links[-1], "name": link["name"] + " (SCL, not zipped)",
                          "url": "https://sudokupad.app/scl" + plain})
    links.append({**PARITY_FISH, "url": PARITY_FISH_URL})
    for link in links:
        link.pop("key", None)
    (HERE / "variant_links.json").write_text(json.dumps({"links": links, "short_ids": SHORT_IDS}, indent=1,
                                                        ensure_ascii=False) + "\n")
    clipped = next(link["url"].split("?load=", 1)[1] for link in links if link["name"].startswith('"Clipped"'))
    (HERE / "lzstring_vectors.json").write_text(json.dumps(vectors(lz, clipped), indent=1, ensure_ascii=False) + "\n")


def node(script: str, lz: str, data: object, cwd: str | None = None) -> object:
    """The JSON a Node script prints for JSON `data` on its stdin (`LZ` is lz-string)."""
    code = f"const LZ = require({json.dumps(str(Path(lz).resolve()))});\n{script}"
    out = subprocess.run(["node", "-e", code], input=json.dumps(data), capture_output=True, text=True, check=True,
                         cwd=cwd).stdout
    return json.loads(out)


def convert(sudokutools: str, lz: str, links: list[dict]) -> list[tuple[str, str]]:
    """(zipped, plain) SCL payloads of f-puzzles links, as SudokuPad's converter makes them."""
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("fpuzzlesdecoder.js", "puzzlezipper_lib.js", "md5digest.js"):
            Path(tmp, name).write_text(show(sudokutools, COMMITS["sudokutools"], f"src/{name}"))
        script = """
global.md5Digest = require('./md5digest.js');
global.PuzzleZipper = require('./puzzlezipper_lib.js');
const loadFPuzzle = require('./fpuzzlesdecoder.js');
const payloads = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(payloads.map(p => {
  const json = JSON.stringify(loadFPuzzle.parseFPuzzle(p));
  return [LZ.compressToBase64(PuzzleZipper.zip(json)), LZ.compressToBase64(json)];
})));"""
        return node(script, lz, [link["url"].split("?load=", 1)[1] for link in links], cwd=tmp)


def vectors(lz: str, payload: str) -> list[dict]:
    """lz-string's outputs for some texts, and for the JSON of one real f-puzzles puzzle (`payload`)."""
    script = """
const [texts, payload] = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify([...texts, LZ.decompressFromBase64(payload)].map(text => ({text,
  base64: LZ.compressToBase64(text), uri: LZ.compressToEncodedURIComponent(text)}))));"""
    return node(script, lz, [list(VECTOR_TEXTS), payload])


if __name__ == "__main__":
    main()
