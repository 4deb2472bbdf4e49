#!/usr/bin/env python3
"""Build, serve and test gridlogic.

    python3 build.py [build]          assemble the static site into site/
    python3 build.py serve [--port N] [--csp]
                                      build site/ and serve it on 127.0.0.1 like any plain static
                                      host (--csp: with the strict CSP headers), printing the URL
    python3 build.py test [--full]    install pinned test dependencies, build the site, run every test

Every input of the site is pinned by version and sha256 and cached in .cache/inputs, so a
rebuild needs no network: the Pyodide runtime (npm package, `npm pack`), the wasm wheels of
python-sat and z3-solver, the pure wheels of sympy and mpmath (PyPI, `pip download`), plus a
wheel of gridlogic built here from pysrc/. Only the standard library is used, so this runs on a
fresh machine.
"""

from __future__ import annotations

import argparse
import base64
import csv
import functools
import gzip
import hashlib
import http.server
import importlib.util
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"
CACHE = ROOT / ".cache" / "inputs"
# The compiled SAT module, keyed by its sources, flags and compiler, is kept per user like pip's and npm's
# caches, so another clone on the machine copies it instead of compiling it again.
WASM_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gridlogic" / "wasm"
WEB = ROOT / "web"
SITE = ROOT / "site"
PYSRC = ROOT / "pysrc"
CHROMIUM = Path("/usr/bin/chromium")

PYODIDE_VERSION = "314.0.7"
WASM_PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14",
                 "--implementation", "cp", "--abi", "cp314"]

# Every input of the site: file name, sha256, and how to fetch it with the registry's own client.
INPUTS = {
    "pyodide": {
        "file": f"pyodide-{PYODIDE_VERSION}.tgz",
        "sha256": "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0",
        "npm": f"pyodide@{PYODIDE_VERSION}",
    },
    "python-sat": {
        "file": "python_sat-1.9.dev17-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        "sha256": "8ecf5e9de74844365ff2bef39f2f30791a54895fe6fba5dfd92f1c327673477b",
        "pip": ["python-sat==1.9.dev17", *WASM_PLATFORM],
    },
    "z3-solver": {
        "file": "z3_solver-5.3.3.0-py3-none-pyemscripten_2026_0_wasm32.whl",
        "sha256": "9381d9516345f53b21a8f4df243c5d608e9625aac658c3fb3975457bad260f60",
        "pip": ["z3-solver==5.3.3.0", *WASM_PLATFORM],
    },
    "sympy": {
        "file": "sympy-1.14.0-py3-none-any.whl",
        "sha256": "e091cc3e99d2141a0ba2847328f5479b05d94a6635cb96148ccb3f34671bd8f5",
        "pip": ["sympy==1.14.0"],
    },
    "mpmath": {
        "file": "mpmath-1.3.0-py3-none-any.whl",
        "sha256": "a0b2b9fe80bbcd81a6647ff13108738cfb482d481d826cc0e02f5b35e5c88d2c",
        "pip": ["mpmath==1.3.0"],
    },
    # Sources, not shipped: CaDiCaL and its patch for the page's own SAT module (wasm/cadical.py).
    "python-sat-sdist": {
        "file": "python_sat-1.9.dev17.tar.gz",
        "sha256": "826e9ef8a8086f5139c05eb89aaa05ebfa72f8a622cd7be429d10a2b1cbb1955",
        "pip": ["python-sat==1.9.dev17"],
        "source": True,
    },
}
WHEELS = [name for name, spec in INPUTS.items() if name != "pyodide" and not spec.get("source")]
# The runtime files taken from the npm package (the rest of it is docs, maps and typings), and the
# name each gets in site/pyodide/. The worker is a module worker importing Pyodide's ES module build;
# `.mjs` becomes `.mjs.js` because plain hosts (nginx's default mime.types, among others) serve
# `.mjs` as application/octet-stream, which browsers refuse as a module script, while every host
# serves `.js` as JavaScript. The classic `pyodide.js` is not shipped: classic workers cannot run it.
PYODIDE_FILES = {"pyodide.mjs": "pyodide.mjs.js", "pyodide.asm.mjs": "pyodide.asm.mjs.js",
                 "pyodide.asm.wasm": "pyodide.asm.wasm", "python_stdlib.zip": "python_stdlib.zip",
                 "pyodide-lock.json": "pyodide-lock.json", "package.json": "package.json"}
# Copies under their npm names for Node (tests/node/run_api.mjs imports pyodide.mjs by path); the
# page never asks for them, so they stay out of build.json's file list and the offline cache.
NODE_ONLY = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs")
# Runtime files the site serves gzipped (name + ".gz", build.json's `packed`): the worker's fetch
# unpacks them (worker/fetching.js), and so does the service worker for a request of the plain name
# (sw.js: the worker's import of Pyodide's script), so a host that does not compress sends their gzipped
# bytes before the first answer (docs/benchmarks.md, "The page"). The plain copies stay,
# outside build.json's files and the offline cache: for Node, and for a worker no service worker
# controls (its import of the script).
PACKED = ("pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json", "pyodide/pyodide.asm.mjs.js")
# What the first solve needs, and the wheels of each optional package, loaded only on demand (worker:
# build.json's `lazy[name]`). Which optional packages ship is the registry's word (the `packages` of
# the api's `kinds` op: the kinds' NEEDS and z3 for the smt backend); each must have wheels here.
CORE_WHEELS = ("python-sat",)
LAZY_WHEELS = {"z3": ("z3-solver",), "sympy": ("mpmath", "sympy")}

# The standard library Pyodide ships (python_stdlib.zip, sources) is cut to what can be imported
# here: the closure, over every import statement of the stdlib's own modules (at any depth, in any
# function), of the imports of every shipped wheel, Pyodide's own packages and what Python imports
# at startup. Codecs are looked up by name at run time, so only these are kept (the 8-bit code pages
# of other scripts and the CJK codecs go). tests/test_pyodide.py imports every module of every
# wheel and of the cut standard library and fails on any that misses a module cut away.
STDLIB_STARTUP = ("site", "sitecustomize", "usercustomize", "codecs", "io", "abc", "os", "stat", "posixpath",
                  "genericpath", "_collections_abc", "_sitebuiltins", "zipimport", "importlib.util",
                  "importlib.machinery", "importlib.metadata", "asyncio", "pyodide", "_pyodide",
                  # imported by name at run time (C code or __import__ of a computed name)
                  "_pylong", "_strptime", "_sysconfigdata__emscripten_wasm32-emscripten", "string.templatelib",
                  "ctypes._layout")
STDLIB_CODECS = ("aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_7", "utf_16", "utf_16_be", "utf_16_le",
                 "utf_32", "utf_32_be", "utf_32_le", "charmap", "cp437", "cp1252", "iso8859_1", "iso8859_15", "idna",
                 "punycode", "raw_unicode_escape", "unicode_escape", "undefined", "base64_codec", "hex_codec",
                 "zlib_codec", "bz2_codec", "quopri_codec", "uu_codec", "rot_13")
IMPORT_RE = re.compile(r"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[\w \t,*]+)"
                       r"|import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*))",
                       re.M)

CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
       "connect-src 'self'; img-src 'self' data:; style-src 'self'; font-src 'self'; "
       "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")


def run(cmd: list, **kw) -> None:
    """Run a command, echoing it; stop the build on failure."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def sha256_of(path: Path) -> str:
    """Hex sha256 of a file."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# -- machine setup -------------------------------------------------------------------------------
def ensure_venv(install: bool = True) -> None:
    """A virtual environment with gridlogic (editable) and its pinned test extras."""
    if not VENV_PY.exists():
        run([sys.executable, "-m", "venv", VENV])
    if install:
        run([VENV_PY, "-m", "pip", "install", "-q", "-e", f"{ROOT}[z3,test]"])


def apt_install(*packages: str) -> None:
    """Install Debian packages (we run as root on the project's machines)."""
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run([*sudo, "apt-get", "update", "-qq"], env=env)
    run([*sudo, "apt-get", "install", "-y", "-qq", *packages], env=env)


def ensure_tools(browser: bool) -> None:
    """Node and npm (Pyodide's package and the Node test) and, for tests, Debian's Chromium."""
    missing = [pkg for tool, pkg in (("node", "nodejs"), ("npm", "npm")) if not shutil.which(tool)]
    if browser and not CHROMIUM.exists():
        missing.append("chromium")
    if missing:
        apt_install(*missing)


# -- pinned inputs -------------------------------------------------------------------------------
def fetch_input(name: str) -> Path:
    """The cached, hash-checked file of an input; fetched with npm/pip only when not cached."""
    spec = INPUTS[name]
    target = CACHE / spec["file"]
    if target.exists() and sha256_of(target) == spec["sha256"]:
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        if "npm" in spec:
            if not shutil.which("npm"):
                ensure_tools(browser=False)
            run(["npm", "pack", "--silent", spec["npm"], "--pack-destination", tmp], cwd=tmp)
        else:
            ensure_venv(install=False)
            kind = "--no-binary=:all:" if spec.get("source") else "--only-binary=:all:"
            run([VENV_PY, "-m", "pip", "download", "-q", "--no-deps", kind, "-d", tmp, *spec["pip"]])
        got = Path(tmp) / spec["file"]
        if not got.exists():
            raise SystemExit(f"build: fetching {name} did not produce {spec['file']} "
                             f"(got: {', '.join(os.listdir(tmp))})")
        digest = sha256_of(got)
        if digest != spec["sha256"]:
            raise SystemExit(f"build: {spec['file']} has sha256 {digest}, pinned {spec['sha256']}")
        os.replace(got, target)
    return target


def fetch_inputs() -> dict[str, Path]:
    """Every pinned input, from the cache or the registries."""
    return {name: fetch_input(name) for name in INPUTS}


# -- the gridlogic wheel -------------------------------------------------------------------------
def project_version() -> str:
    """gridlogic's version, read from its __init__ (no import)."""
    for line in (PYSRC / "gridlogic" / "__init__.py").read_text().splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("build: no __version__ in pysrc/gridlogic/__init__.py")


def build_wheel(dest: Path) -> Path:
    """A deterministic pure-Python wheel of pysrc/gridlogic (sources only, fixed timestamps)."""
    version = project_version()
    dist = f"gridlogic-{version}"
    files: list[tuple[str, bytes]] = []
    for path in sorted((PYSRC / "gridlogic").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files.append((path.relative_to(PYSRC).as_posix(), path.read_bytes()))
    # No Requires-Dist: the page installs python-sat itself and sympy only on demand.
    files.append((f"{dist}.dist-info/METADATA",
                  f"Metadata-Version: 2.1\nName: gridlogic\nVersion: {version}\n".encode()))
    files.append((f"{dist}.dist-info/WHEEL", b"Wheel-Version: 1.0\nGenerator: gridlogic-build.py\n"
                  b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    files.append((f"{dist}.dist-info/top_level.txt", b"gridlogic\n"))
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([name, f"sha256={digest}", len(data)])
    writer.writerow([f"{dist}.dist-info/RECORD", "", ""])
    files.append((f"{dist}.dist-info/RECORD", record.getvalue().encode()))
    target = dest / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return target


# -- the standard library ------------------------------------------------------------------------
def module_name(path: str) -> str:
    """`a/b/__init__.py` → `a.b`, `a/c.py` → `a.c`."""
    name = path[:-3].replace("/", ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def imports_in(source: str, module: str, is_package: bool) -> set[str]:
    """Every module an import statement anywhere in `source` names (with `from a import b`, both `a`
    and `a.b`), relative imports resolved. Read with a pattern, not an AST: the sources are
    Python 3.14's, and the result must not depend on the Python running the build."""
    found = set()
    for m in IMPORT_RE.finditer(source):
        if m.group(3):
            found.update(part.split()[0] for part in m.group(3).split(","))
            continue
        base = m.group(1)
        dots = len(base) - len(base.lstrip("."))
        if dots:
            package = module if is_package else module.rpartition(".")[0]
            for _ in range(dots - 1):
                package = package.rpartition(".")[0]
            base = f"{package}.{base[dots:]}" if base[dots:] else package
        found.add(base)
        for part in m.group(2).strip("()").split(","):
            name = part.split()[0] if part.split() else ""
            if name and name != "*":
                found.add(f"{base}.{name}")
    return found


def wheel_imports(wheel: Path) -> set[str]:
    """The modules named by import statements in a wheel's Python files."""
    found = set()
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if name.endswith(".py"):
                found |= imports_in(zf.read(name).decode("utf-8", "replace"), module_name(name),
                                    name.endswith("__init__.py"))
    return found


def trim_stdlib(data: bytes, roots: set[str]) -> tuple[bytes, list[str]]:
    """python_stdlib.zip less the modules no import can reach from `roots` (see STDLIB_STARTUP);
    returns the new archive and the modules left out."""
    source = zipfile.ZipFile(io.BytesIO(data))
    modules = {module_name(i.filename): i for i in source.infolist() if i.filename.endswith(".py")}
    kept: set[str] = set()
    todo: list[str] = []

    def reach(name: str) -> None:
        parts = name.split(".")
        for k in range(1, len(parts) + 1):
            prefix = ".".join(parts[:k])
            if prefix in modules and prefix not in kept:
                kept.add(prefix)
                todo.append(prefix)

    for name in sorted(roots | set(STDLIB_STARTUP) | {f"encodings.{c}" for c in STDLIB_CODECS} | {"encodings"}):
        reach(name)
    for name in modules:
        if name.split(".")[0] in ("pyodide", "_pyodide"):
            reach(name)
    while todo:
        name = todo.pop()
        info = modules[name]
        for imported in imports_in(source.read(info).decode("utf-8", "replace"), name,
                                   info.filename.endswith("__init__.py")):
            reach(imported)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for info in source.infolist():
            if info.filename.endswith(".py") and module_name(info.filename) not in kept:
                continue
            zf.writestr(info, source.read(info), compress_type=info.compress_type, compresslevel=9)
    return out.getvalue(), sorted(set(modules) - kept)


def shipped_imports(inputs: dict[str, Path]) -> set[str]:
    """Every module the shipped Python code names in an import: gridlogic and every wheel."""
    found = set()
    for path in sorted((PYSRC / "gridlogic").rglob("*.py")):
        if "__pycache__" not in path.parts:
            name = module_name(path.relative_to(PYSRC).as_posix())
            found |= imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py")
    for name in WHEELS:
        found |= wheel_imports(inputs[name])
    return found


# -- icons (drawn here, so the repository holds no binaries) -------------------------------------
def png(size: int) -> bytes:
    """The app icon: a 3×3 grid of tiles on a blue ground, as an RGBA PNG."""
    bg, tile, mark = (37, 78, 160, 255), (245, 247, 252, 255), (255, 176, 32, 255)
    rows = []
    pad, gap = size // 8, max(1, size // 40)
    cell = (size - 2 * pad - 2 * gap) // 3
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            color = bg
            gx, gy = x - pad, y - pad
            if 0 <= gx < 3 * cell + 2 * gap and 0 <= gy < 3 * cell + 2 * gap:
                cx, ox = divmod(gx, cell + gap)
                cy, oy = divmod(gy, cell + gap)
                if ox < cell and oy < cell:
                    color = mark if (cx, cy) in ((0, 0), (1, 1), (2, 2)) else tile
            row += bytes(color)
        rows.append(bytes(row))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


# -- the page's SAT module ------------------------------------------------------------------------
def wasm_cadical():
    """wasm/cadical.py, the build step of the page's own CaDiCaL module."""
    spec = importlib.util.spec_from_file_location("gridlogic_wasm_cadical", ROOT / "wasm" / "cadical.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the site ------------------------------------------------------------------------------------
KINDS_SCRIPT = ("import json, sys; sys.path.insert(0, sys.argv[1]); from gridlogic import api; "
                "r = api.handle({'op': 'kinds'}); assert r['ok'], r; print(json.dumps(r['result'], sort_keys=True))")


def kinds_json() -> str:
    """Every kind's layout, rules, needed packages and examples (the api's `kinds` op, run on CPython):
    the page's editor and menus work from it before Pyodide has loaded."""
    ensure_venv(install=False)
    cmd = [str(VENV_PY), "-c", KINDS_SCRIPT, str(PYSRC)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        ensure_venv(install=True)
        done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"build: cannot list the kinds:\n{done.stderr}")
    return done.stdout


def lazy_wheels(packages: list[str]) -> dict[str, tuple[str, ...]]:
    """The wheels of each optional package the registry names; the build stops on one without wheels."""
    missing = [name for name in packages if name not in LAZY_WHEELS]
    if missing:
        raise SystemExit(f"build: no wheels for the optional package(s) {', '.join(missing)} that kinds need "
                         "(add them to LAZY_WHEELS and INPUTS)")
    return {name: LAZY_WHEELS[name] for name in packages}


def stamp_of_sources(web: Path = WEB) -> str:
    """A hash of everything the site is made from (web/, pysrc/, the pins, this file)."""
    h = hashlib.sha256()
    for p in sorted(p for p in web.rglob("*") if p.is_file()):
        h.update(("web/" + p.relative_to(web).as_posix()).encode())
        h.update(p.read_bytes())
    paths = [Path(__file__), *sorted((ROOT / "wasm").glob("*.[cp]*"))]
    paths += sorted(p for p in (PYSRC / "gridlogic").rglob("*.py") if "__pycache__" not in p.parts)
    for p in paths:
        h.update(p.relative_to(ROOT).as_posix().encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def build_site(out: Path = SITE, force: bool = False, web: Path = WEB) -> Path:
    """Assemble the static site into `out` (skipped when nothing it is made from changed); `web` is
    the folder of page files (tests build a changed copy to see an update arrive). One build at a time:
    test processes that find the site stale at once wait for the first one's build, then find it fresh."""
    lock = ROOT / ".cache" / "build.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "w") as held:
        try:
            import fcntl
        except ImportError:                  # (no POSIX locks: builds are not run side by side there)
            return _build_site(out, force, web)
        fcntl.flock(held, fcntl.LOCK_EX)
        return _build_site(out, force, web)


def _build_site(out: Path, force: bool, web: Path) -> Path:
    stamp = stamp_of_sources(web)
    info_path = out / "build.json"
    if not force and info_path.exists():
        try:
            if json.loads(info_path.read_text()).get("stamp") == stamp:
                print(f"site/ is up to date ({out})")
                return out
        except ValueError:
            pass
    inputs = fetch_inputs()
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for src in sorted(web.rglob("*")):
        if src.is_file() and src.suffix != ".md":           # notes for readers of web/ are not served
            dst = tmp / src.relative_to(web)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
    (tmp / "pyodide").mkdir()
    with tarfile.open(inputs["pyodide"]) as tar:
        for name, served in PYODIDE_FILES.items():
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SystemExit(f"build: {name} missing from the pyodide package")
            data = member.read()
            if name == "python_stdlib.zip":
                data, _ = trim_stdlib(data, shipped_imports(inputs))
            (tmp / "pyodide" / served).write_bytes(data)
            if f"pyodide/{name}" in NODE_ONLY:
                (tmp / "pyodide" / name).write_bytes(data)
            if f"pyodide/{served}" in PACKED:
                (tmp / "pyodide" / f"{served}.gz").write_bytes(gzip.compress(data, 9, mtime=0))
    wheels = tmp / "wheels"
    wheels.mkdir()
    for name in WHEELS:
        shutil.copyfile(inputs[name], wheels / inputs[name].name)
    wasm_cadical().build(inputs["python-sat-sdist"], WASM_CACHE, tmp / "sat", apt_install)
    own = build_wheel(wheels)
    kinds = kinds_json()
    lazy = lazy_wheels(json.loads(kinds)["packages"])
    (tmp / "kinds.json").write_text(kinds)
    (tmp / "icons").mkdir(exist_ok=True)
    for size in (192, 512):
        (tmp / "icons" / f"icon-{size}.png").write_bytes(png(size))

    def url(name: str) -> str:
        return f"wheels/{inputs[name].name}"

    files = {}
    for p in sorted(tmp.rglob("*")):
        rel = p.relative_to(tmp).as_posix()
        if p.is_file() and p.name not in ("sw.js", "build.json") and rel not in NODE_ONLY + PACKED:
            files[rel] = {"size": p.stat().st_size, "rev": sha256_of(p)[:16]}
    version = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:12]
    info = {
        "version": version,
        "stamp": stamp,
        "gridlogic": project_version(),
        "pyodide": PYODIDE_VERSION,
        "runtime": [f"pyodide/{n}" + (".gz" if f"pyodide/{n}" in PACKED else "")
                    for n in ("pyodide.asm.mjs.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")],
        "packed": {name: f"{name}.gz" for name in PACKED},
        "core": [url(n) for n in CORE_WHEELS] + [f"wheels/{own.name}"],
        "lazy": {key: [url(n) for n in names] for key, names in lazy.items()},
        "needs": {k["key"]: k["needs"] for k in json.loads(kinds)["kinds"] if k["needs"]},   # imported before their requests
        "files": files,
    }
    (tmp / "build.json").write_text(json.dumps(info, indent=1, sort_keys=True))
    sw = tmp / "sw.js"
    if sw.exists():
        text = sw.read_text()
        if "self.__BUILD__" not in text:
            raise SystemExit("build: web/sw.js lacks the self.__BUILD__ placeholder")
        listed = dict(files)
        listed["build.json"] = {"size": (tmp / "build.json").stat().st_size, "rev": sha256_of(tmp / "build.json")[:16]}
        manifest = {"version": version, "files": listed, "packed": info["packed"],
                    "raw": {packed: sha256_of(tmp / raw)[:16] for raw, packed in info["packed"].items()}}
        sw.write_text(text.replace("self.__BUILD__", json.dumps(manifest, sort_keys=True), 1))
    shutil.rmtree(out, ignore_errors=True)
    os.replace(tmp, out)
    total = sum(v["size"] for v in files.values())
    print(f"built {out} (version {version}, {len(files)} files, {total / 1e6:.1f} MB)")
    return out


# -- serving ---------------------------------------------------------------------------------------
class PlainHandler(http.server.SimpleHTTPRequestHandler):
    """The standard library's static file handler as it is (its own types, no extra headers): the
    site must work from any such host. `quiet` silences the request log."""

    quiet = True

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the stdlib's name
        if not self.quiet:
            super().log_message(format, *args)


class StrictHandler(PlainHandler):
    """The same files with the strictest headers the site supports: the CSP (which also binds the
    workers, unlike the page's <meta>), nosniff, no-referrer and revalidation on every load."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
        ".webmanifest": "application/manifest+json", ".whl": "application/zip", ".zip": "application/zip",
        ".svg": "image/svg+xml", ".css": "text/css", ".html": "text/html; charset=utf-8",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        super().end_headers()


class Server(http.server.ThreadingHTTPServer):
    """The standard library's threading server, silent when a browser goes away mid-answer (a reload
    while files load, an aborted fetch): the client's choice, not an error worth a traceback."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):     # (broken pipes and resets among them)
            super().handle_error(request, client_address)


def make_server(directory: Path = SITE, port: int = 0, quiet: bool = True,
                csp: bool = False) -> http.server.ThreadingHTTPServer:
    """An HTTP server for `directory` on 127.0.0.1 (port 0: any free port): plain, or with the
    strict headers when `csp`."""
    base = StrictHandler if csp else PlainHandler
    handler_class = type(base.__name__, (base,), {"quiet": quiet})
    handler = functools.partial(handler_class, directory=str(directory))
    return Server(("127.0.0.1", port), handler)


# -- commands --------------------------------------------------------------------------------------
def cmd_build(args: argparse.Namespace) -> int:
    """Build site/."""
    ensure_tools(browser=False)
    build_site(force=getattr(args, "force", False))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """Build site/ and serve it until interrupted."""
    cmd_build(args)
    server = make_server(SITE, args.port, quiet=False, csp=args.csp)
    how = "with the strict CSP headers" if args.csp else "as a plain static host (no extra headers)"
    print(f"serving gridlogic at http://127.0.0.1:{server.server_address[1]}/ {how}  (Ctrl-C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


APART = "browser or pyodide or timed"      # tests of many processes each (a browser, Node), or a wall clock


def cmd_test(args: argparse.Namespace) -> int:
    """Install what the tests need (venv, Node, Chromium), build the site, then run pytest over tests/: the
    tests of one process on every core (pytest-xdist, a file per worker), then the browser and Pyodide
    tests the same way (a browser or a Node each), then the wall-clock tests one at a time. Extra pytest
    arguments run pytest once, as given."""
    ensure_venv()
    ensure_tools(browser=True)
    build_site()
    env = dict(os.environ)
    if args.full:
        env["GRIDLOGIC_FULL"] = "1"
    # Bytecode, and pytest's rewritten test modules, kept under .cache rather than beside the sources, even
    # where PYTHONDONTWRITEBYTECODE is set: every worker and every CLI a test starts reads them instead of
    # compiling the package and the tests again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(ROOT / ".cache" / "pycache")
    pytest = [str(VENV_PY), "-m", "pytest", "-q", "--durations=20"]
    if args.pytest_args:
        return subprocess.run([*pytest, *args.pytest_args], cwd=ROOT, env=env).returncode
    workers = str(max(1, min(os.cpu_count() or 1, 4)))
    runs = ([*pytest, "-n", workers, "--dist", "loadfile", "-m", f"not ({APART})"],
            [*pytest, "-n", workers, "--dist", "loadfile", "-m", "(browser or pyodide) and not timed"],
            [*pytest, "-m", "timed"])
    codes = [subprocess.run(command, cwd=ROOT, env=env).returncode for command in runs]
    return next((code for code in codes if code), 0)


def main() -> int:
    """Parse the command line and run a subcommand (default: build)."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command")
    b = sub.add_parser("build", help="assemble the static site into site/")
    b.add_argument("--force", action="store_true", help="rebuild even when nothing changed")
    s = sub.add_parser("serve", help="build site/ and serve it on 127.0.0.1")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    s.add_argument("--force", action="store_true", help="rebuild even when nothing changed")
    s.add_argument("--csp", action="store_true",
                   help="send the strict Content-Security-Policy and nosniff headers (default: none)")
    t = sub.add_parser("test", help="run every test")
    t.add_argument("--full", action="store_true", help="full corpus sweeps instead of fixed samples")
    t.add_argument("pytest_args", nargs=argparse.REMAINDER, help="extra arguments for pytest")
    args = p.parse_args()
    if args.command in (None, "build"):
        return cmd_build(args)
    if args.command == "serve":
        return cmd_serve(args)
    return cmd_test(args)


if __name__ == "__main__":
    sys.exit(main())
