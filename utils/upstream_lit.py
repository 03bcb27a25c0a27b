#!/usr/bin/env python3
"""Upstream Triton 3.6's own lit suite through our tools, chunk by chunk.

Runs the `.mlir`/`.ll` tests of Triton's `test/` directory the way upstream's
lit configuration runs them: each file's RUN lines, with our `triton-opt`,
`triton-tensor-layout` (and any other tool of ours) and LLVM 22's
`FileCheck`, `not` and `mlir-translate` on PATH, `FILECHECK_OPTS=
--enable-var-scope`, lit's internal shell. A file whose RUN lines split its
input (`-split-input-file`) is many tests in one; each `// -----` chunk is
run as a test of its own: a copy of the file that keeps the chunk and the
lit directives where they stand and blanks every other line, so that line
numbers stay the file's. In such a copy FileCheck gets
`--allow-unused-prefixes`, and a prefix with no check line in the chunk
checks nothing (the other chunks use it).

Prints a table per directory and per owner (`owners.py` beside the suite
says which issue owns each chunk) and the failures grouped by their first
message.

  upstream_lit.py                       run everything, print the tables
  upstream_lit.py --owner lit -v        one owner, every failing chunk named
  upstream_lit.py --filter 'combine'    files whose path matches
  upstream_lit.py --check LIST          fail if a chunk LIST names fails
  upstream_lit.py --update LIST         add the passing chunks to LIST
  upstream_lit.py --show Triton/combine.mlir:3   one chunk, lit's output

Chunks are named `<path under test/>:<n>`, n counting from 1.

The suite: `--suite DIR`, default `../shared` beside this checkout. DIR is
a folder holding `upstream-lit/triton-3.6/test` (as `../shared` does, with
`upstream-lit/owners.py`), or Triton's `test/` folder itself.
`utils/get_upstream_tests.sh DIR` fetches it at the pinned commit.
"""
import argparse
import collections
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_BIN = Path("/usr/lib/llvm-22/bin")
PINNED = "004d7f5f58c2299a714e20c214893d4907dc8509"

SPLIT_MARK = re.compile(r"^\s*//\s*-----\s*$")
# Lines lit reads wherever they stand (kept in every chunk's copy).
DIRECTIVE = re.compile(r"\b(RUN|REQUIRES|UNSUPPORTED|XFAIL|ALLOW_RETRIES|END)\s*:")
SPLIT_FLAG = re.compile(r"(^|\s)--?split-input-file(\s|$|=)")


def die(msg):
    sys.exit(f"upstream_lit: {msg}")


def find_suite(arg):
    """The suite's test/ folder and the owners module beside it (or None)."""
    base = Path(arg).resolve()
    for test in (base / "upstream-lit" / "triton-3.6" / "test", base / "test", base):
        if (test / "Triton").is_dir() and (test / "TritonGPU").is_dir():
            owners = None
            for cand in (test.parent.parent / "owners.py", test.parent / "owners.py"):
                if cand.is_file():
                    owners = cand
                    break
            return test, owners
    die(f"no suite at {base}: expected upstream-lit/triton-3.6/test (or Triton's test/ "
        f"folder) there.\n  Fetch it with: bash utils/get_upstream_tests.sh {arg}\n"
        f"  (a sparse clone of Triton at {PINNED[:12]}), or pass --suite DIR.")


def load_owner(path):
    if path is None:
        return lambda file, text: "-"
    spec = importlib.util.spec_from_file_location("upstream_lit_owners", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.owner


class Chunk:
    def __init__(self, file, index, lines, first, last):
        self.file = file          # path under test/
        self.index = index        # 1-based
        self.first, self.last = first, last  # line range [first, last) in the file
        self.text = "".join(lines[first:last])
        self.owner = "-"
        self.result = None        # PASS, FAIL, UNSUPPORTED, ...
        self.output = ""

    @property
    def name(self):
        return f"{self.file}:{self.index}"


def run_lines(lines):
    out = []
    for line in lines:
        m = re.search(r"\bRUN:(.*)$", line)
        if m:
            out.append(m.group(1).strip())
    return out


def split_file(rel, lines):
    """The chunks of one file: one, unless its RUN lines split the input."""
    runs = " ".join(run_lines(lines))
    bounds = [0]
    if SPLIT_FLAG.search(runs):
        bounds += [i + 1 for i, l in enumerate(lines) if SPLIT_MARK.match(l)]
    bounds.append(len(lines) + 1)
    chunks = []
    for k in range(len(bounds) - 1):
        chunks.append(Chunk(rel, k + 1, lines, bounds[k], bounds[k + 1] - 1))
    return chunks


def chunk_copy(lines, chunk):
    """The file with only `chunk`'s lines and the lit directives left."""
    out = []
    for i, line in enumerate(lines):
        if chunk.first <= i < chunk.last or DIRECTIVE.search(line):
            out.append(line)
        else:
            out.append("\n")
    return "".join(out)


FILECHECK_WRAPPER = """#!/bin/bash
# FileCheck for one chunk of a split file (utils/upstream_lit.py): a prefix
# that only other chunks of the file use is allowed, and one with no check
# line in this chunk at all checks nothing.
err=$("{filecheck}" --allow-unused-prefixes "$@" 2>&1)
rc=$?
if [ $rc -ne 0 ] && [[ "$err" == *"error: no check strings found with prefix"* ]] &&
   [[ "$err" != *"error: "*"error: "* ]]; then
  exit 0
fi
[ -n "$err" ] && printf '%s\\n' "$err" >&2
exit $rc
"""

LIT_CFG = """# Generated by utils/upstream_lit.py: upstream Triton's lit set-up, our tools.
import lit.formats
config.name = "upstream-triton-3.6"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".ll"]
config.test_source_root = {root!r}
config.test_exec_root = {root!r}
config.environment["PATH"] = {path!r}
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
config.environment["HOME"] = {home!r}
config.substitutions.append(("%shlibdir", {shlib!r}))
config.substitutions.append(("%PATH%", {path!r}))
"""


def first_message(output):
    """What a failing chunk's output says first, with paths and numbers
    blanked, to group failures."""
    text = output.split("--\nExit Code:")[0] if "Exit Code" in output else output
    lines = text.splitlines()
    for pat in ("Assertion", "PLEASE submit a bug report", "Stack dump",
                "LLVM ERROR", "command not found", "Unknown command line argument",
                "error:"):
        for line in lines:
            if pat in line:
                return normalize(line, pat)
    for line in reversed(lines):
        if line.strip():
            return normalize(line, "")
    return "(no output)"


def normalize(line, pat):
    line = re.sub(r"^#( \|)? ", "", line.strip())
    if pat in ("PLEASE submit a bug report", "Stack dump"):
        return "crash (stack dump)"
    line = re.sub(r"\S*/(upstream-lit-work|chunks)[^\s:]*", "<file>", line)
    line = re.sub(r"(/[\w.+-]+)+", "<path>", line)
    line = re.sub(r"<file>:\d+:\d+:", "<file>:", line)
    line = re.sub(r"<stdin>:\d+:\d+:", "<stdin>:", line)
    line = re.sub(r"\d+", "N", line)
    line = line.strip()
    return line[:160]


def classify(output):
    if re.search(r"PLEASE submit a bug report|Stack dump|Assertion .* failed", output):
        return "crash"
    if "LLVM ERROR" in output:
        return "llvm-error"
    if re.search(r"command not found|Unknown command line argument|"
                 r"unknown pass|for the --pass-pipeline option", output):
        return "missing flag or tool"
    if re.search(r"error: (unexpected error|expected error|expected remark|"
                 r"expected warning|unexpected remark|unexpected warning)", output):
        return "diagnostics"
    if "FileCheck" in output:
        return "FileCheck"
    return "other"


def collect(test_dir, owner_of, pattern):
    files = sorted(p for p in test_dir.rglob("*") if p.suffix in (".mlir", ".ll")
                   and p.is_file() and "Inputs" not in p.relative_to(test_dir).parts)
    chunks, sources = [], {}
    for path in files:
        rel = path.relative_to(test_dir).as_posix()
        if pattern and not re.search(pattern, rel):
            continue
        lines = path.read_text().splitlines(keepends=True)
        if not run_lines(lines):
            continue
        sources[rel] = lines
        for c in split_file(rel, lines):
            c.owner = owner_of(rel, c.text)
            chunks.append(c)
    return chunks, sources


def run(chunks, sources, args):
    work = Path(args.work or tempfile.mkdtemp(prefix="upstream-lit-work-"))
    if work.exists():
        shutil.rmtree(work)
    tests = work / "chunks"
    tests.mkdir(parents=True)
    tools = work / "tools"
    tools.mkdir()
    wrapper = tools / "FileCheck"
    wrapper.write_text(FILECHECK_WRAPPER.format(filecheck=LLVM_BIN / "FileCheck"))
    wrapper.chmod(0o755)
    bin_dir = Path(args.bin)
    if not (bin_dir / "triton-opt").is_file():
        die(f"no triton-opt in {bin_dir}: build first (bash utils/setup.sh) or pass --bin")
    path = os.pathsep.join([str(tools), str(bin_dir), str(LLVM_BIN),
                            "/usr/local/bin", "/usr/bin", "/bin"])
    (tests / "lit.cfg.py").write_text(LIT_CFG.format(
        root=str(tests), path=path, home=str(work), shlib=str(bin_dir.parent / "lib")))
    by_test = {}
    for c in chunks:
        d = tests / (c.file + ".chunks") / str(c.index)
        d.mkdir(parents=True, exist_ok=True)
        name = Path(c.file).name
        (d / name).write_text(chunk_copy(sources[c.file], c))
        by_test[f"{c.file}.chunks/{c.index}/{name}"] = c
    results = work / "results.json"
    cmd = [str(args.lit), "-q", f"-j{args.jobs}", "--timeout", str(args.timeout),
           "-o", str(results), str(tests)]
    res = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not results.is_file():
        die(f"lit wrote no results: {' '.join(cmd)}\n{res.stderr.strip()}")
    for t in json.loads(results.read_text())["tests"]:
        name = t["name"].split(" :: ", 1)[1]
        c = by_test.get(name)
        if c is not None:
            c.result = t["code"]
            c.output = t.get("output", "")
    for c in chunks:
        if c.result is None:
            c.result = "NOT RUN"
    if not args.keep and not args.work:
        shutil.rmtree(work)
    return work


def passed(c):
    return c.result in ("PASS", "XPASS")


def table(title, key, chunks):
    groups = collections.OrderedDict()
    for c in sorted(chunks, key=key):
        groups.setdefault(key(c), []).append(c)
    width = max([len(title)] + [len(k) for k in groups])
    print(f"| {title:<{width}} | pass | total |")
    print(f"|{'-' * (width + 2)}|-----:|------:|")
    for k, cs in groups.items():
        print(f"| {k:<{width}} | {sum(map(passed, cs)):>4} | {len(cs):>5} |")
    print(f"| {'all':<{width}} | {sum(map(passed, chunks)):>4} | {len(chunks):>5} |")
    print()


def report(chunks, args):
    table("directory", lambda c: c.file.split("/")[0], chunks)
    table("owner", lambda c: c.owner, chunks)
    failing = [c for c in chunks if not passed(c)]
    if not failing:
        return
    kinds = collections.Counter(classify(c.output) for c in failing)
    print("failing chunks by kind: " + ", ".join(
        f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))))
    print()
    groups = collections.defaultdict(list)
    for c in failing:
        groups[first_message(c.output)].append(c)
    print("failures by first message:")
    for msg, cs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        names = ", ".join(c.name for c in cs[:args.names])
        more = f", ... ({len(cs) - args.names} more)" if len(cs) > args.names else ""
        print(f"  {len(cs):4}  {msg}")
        if args.verbose:
            print(f"        {names}{more}")


def read_list(path):
    if not Path(path).is_file():
        return []
    return [l.split("#")[0].strip() for l in Path(path).read_text().splitlines()
            if l.split("#")[0].strip()]


def write_list(path, names):
    header = ("# Chunks of upstream Triton 3.6's lit suite that pass through our tools\n"
              "# (utils/upstream_lit.py --check this file: each must keep passing;\n"
              "# utils/upstream_lit.py --update this file adds new ones, never drops one).\n")
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(header + "".join(n + "\n" for n in names))
    os.replace(tmp, path)


def chunk_order(name):
    file, _, n = name.rpartition(":")
    return (file, int(n) if n.isdigit() else 0)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--suite", default=str(ROOT.parent / "shared"),
                   help="folder holding upstream-lit/triton-3.6/test (default: ../shared)")
    p.add_argument("--bin", default=str(ROOT / "build" / "bin"),
                   help="our tools (default: build/bin)")
    p.add_argument("--lit", default=str(LLVM_BIN / "lit"), help="lit to run the chunks with")
    p.add_argument("--filter", help="only files whose path under test/ matches this regex")
    p.add_argument("--owner", help="only chunks of this owner (lit, pipeline, ...)")
    p.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2)
    p.add_argument("--timeout", type=int, default=120, help="seconds per chunk")
    p.add_argument("--check", metavar="LIST", help="fail when a chunk LIST names does not pass")
    p.add_argument("--update", metavar="LIST", help="add the chunks that pass to LIST")
    p.add_argument("--show", metavar="CHUNK", help="print one chunk's lit output")
    p.add_argument("--json", metavar="FILE", help="write every chunk's result")
    p.add_argument("--work", help="folder for the chunks' copies (kept; default: a temporary one)")
    p.add_argument("--keep", action="store_true", help="keep the temporary work folder")
    p.add_argument("--names", type=int, default=8, help="chunks named per failure group (-v)")
    p.add_argument("--verbose", "-v", action="store_true", help="name the failing chunks")
    p.add_argument("--quiet", "-q", action="store_true", help="no tables (with --check)")
    args = p.parse_args()

    test_dir, owners = find_suite(args.suite)
    if not Path(args.lit).is_file():
        die(f"no lit at {args.lit} (llvm-22-tools), pass --lit")
    pattern = args.filter
    if args.show:
        pattern = "^" + re.escape(args.show.rpartition(":")[0]) + "$"
    chunks, sources = collect(test_dir, load_owner(owners), pattern)
    if args.show:
        chunks = [c for c in chunks if c.name == args.show]
        if not chunks:
            die(f"no chunk {args.show} (names are <path under test/>:<n>)")
    if args.owner:
        chunks = [c for c in chunks if c.owner == args.owner]
    listed = read_list(args.check) if args.check else []
    if args.check and listed:
        known = {c.name for c in chunks}
        if not (args.filter or args.owner):
            missing = [n for n in listed if n not in known]
            if missing:
                die(f"{args.check} names chunks the suite does not have: {', '.join(missing[:5])}")
    if not chunks:
        die("no chunks selected")

    run(chunks, sources, args)

    if args.show:
        c = chunks[0]
        print(f"{c.name} [{c.owner}]: {c.result}\n{c.output}")
        return 0 if passed(c) else 1
    if not args.quiet:
        print(f"upstream lit suite: {test_dir}")
        print(f"tools: {Path(args.bin).resolve()}, {LLVM_BIN}\n")
        report(chunks, args)
    if args.json:
        Path(args.json).write_text(json.dumps(
            [{"chunk": c.name, "owner": c.owner, "result": c.result,
              "kind": None if passed(c) else classify(c.output),
              "message": None if passed(c) else first_message(c.output)} for c in chunks],
            indent=1))
    status = 0
    by_name = {c.name: c for c in chunks}
    if args.check:
        lost = [n for n in listed if n in by_name and not passed(by_name[n])]
        new = [c.name for c in chunks if passed(c) and c.name not in set(listed)]
        for n in lost:
            print(f"LOST: {n} passes in {args.check} but fails now: "
                  f"{first_message(by_name[n].output)}")
        print(f"{args.check}: {len(listed) - len(lost)} of {len(listed)} listed chunks pass"
              + (f"; {len(new)} more pass (add them: --update)" if new else ""))
        if lost:
            status = 1
    if args.update:
        old = read_list(args.update)
        lost = [n for n in old if n in by_name and not passed(by_name[n])]
        if lost:
            print(f"{args.update}: not updated, {len(lost)} listed chunks fail "
                  f"(first: {lost[0]})")
            return 1
        names = sorted(set(old) | {c.name for c in chunks if passed(c)}, key=chunk_order)
        write_list(args.update, names)
        print(f"{args.update}: {len(names)} chunks ({len(names) - len(old)} added)")
    return status


if __name__ == "__main__":
    sys.exit(main())
