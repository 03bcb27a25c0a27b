#!/usr/bin/env python3
"""The compile-only regression set: kernels of real Triton programs (the
front end's TTIR and triton-compile's options), compiled for sm_90 and sm_80
in CI, each within a time limit.

  python3 utils/regression_set.py curate DUMP... --out test/Regression/Inputs
      # DUMP: directories the plug-in filled with TRITON_MLIR_DUMP_DIR set
      # (<name>-<hash>.source and .args); keeps one kernel per distinct
      # TTIR (locations aside) and options, the smallest of each op mix
      # first, then the rest smallest first, up to --max-kb,
      # with the locations kept (diagnostics point at the Python source)
  python3 utils/regression_set.py check test/Regression/Inputs --arch sm_90
      # compiles each kernel with its options for --arch, --timeout seconds
      # at most each; prints one line per failure and 'N passed, N failed'
      # [--jobs N] [--grep REGEX] [--slowest N]: side by side, only the
      # kernels whose TTIR matches; the N slowest timed again alone

`seed` compiles a few kernels of this repository's own (the layouts and ops
the suite showed broken) through the plug-in on the CPU, to start a set
before a GPU machine dumps the suite's.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def strip_locations(text: str) -> str:
    text = re.sub(r"^#loc\d*\s*=.*$\n?", "", text, flags=re.M)
    return re.sub(r"\s*loc\((?:[^()]|\([^()]*\))*\)", "", text)


def curate(args):
    seen = {}
    for d in args.dumps:
        for source in sorted(Path(d).glob("*.source")):
            opts = source.with_suffix(".args")
            if not opts.is_file():
                continue
            key = (strip_locations(source.read_text()), opts.read_text())
            size = source.stat().st_size
            if key not in seen or size < seen[key][0]:
                seen[key] = (size, source, opts)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    budget = args.max_kb * 1024
    used = sum(f.stat().st_size for f in out.glob("*.source"))
    added = 0
    # One kernel of each op mix first (the smallest), then the rest by
    # size: the suite's many near-identical small kernels do not crowd out
    # the dots, scans and reductions. The mix is read off the TTIR the key
    # already holds.
    op_name = re.compile(r"\b(?:tt|ttg|ttng|arith|math|scf)\.[a-z_]+")
    first, rest, mixes = [], [], set()
    for (ttir, _), entry in sorted(seen.items(), key=lambda kv: kv[1][0]):
        mix = frozenset(op_name.findall(ttir))
        (rest if mix in mixes else first).append(entry)
        mixes.add(mix)
    for size, source, opts in first + rest:
        if used + size > budget:
            continue
        if (out / source.name).exists():
            continue
        shutil.copyfile(source, out / source.name)
        shutil.copyfile(opts, out / opts.name)
        used += size
        added += 1
    print(f"{len(seen)} distinct kernels; added {added}; "
          f"{used / 1024:.0f} kB in {out}")


def compile_one(args, compiler, source):
    """Compiles one kernel; returns (ok, first diagnostic, seconds)."""
    opts = [a for a in source.with_suffix(".args").read_text().split()
            if not a.startswith("--arch=")]
    out = Path(args.work) / source.stem
    cmd = [compiler, str(source), f"--arch={args.arch}", "--no-cache",
           "-o", str(out)] + opts
    start = time.monotonic()
    try:
        res = subprocess.run(cmd, capture_output=True, text=True,
                             timeout=args.timeout)
        ok, why = res.returncode == 0, (res.stderr.strip().splitlines()
                                        or ["no message"])[0]
    except subprocess.TimeoutExpired:
        ok, why = False, f"took more than {args.timeout} s"
    return ok, why, time.monotonic() - start


def check(args):
    compiler = str(Path(args.bin) / "triton-compile")
    sources = sorted(Path(args.dir).glob("*.source"))
    if args.grep:
        pattern = re.compile(args.grep)
        sources = [s for s in sources if pattern.search(s.read_text())]
    if not sources:
        print(f"regression_set: no kernels in {args.dir}", file=sys.stderr)
        return 2
    passed = failed = 0
    timed = {}
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for source, (ok, why, elapsed) in zip(
                sources, pool.map(lambda s: compile_one(args, compiler, s),
                                  sources)):
            timed[source] = elapsed
            if ok:
                passed += 1
            else:
                failed += 1
                print(f"FAIL {source.name} ({args.arch}): {why}")
    slowest = sorted(timed, key=timed.get, reverse=True)[:2 * args.slowest]
    if args.jobs > 1:
        # Kernels compiled side by side slow each other down: the slowest
        # are timed again one at a time.
        for source in slowest:
            timed[source] = compile_one(args, compiler, source)[2]
    slowest = sorted(slowest, key=timed.get, reverse=True)[:args.slowest]
    print("slowest: " + ", ".join(f"{s.name} {timed[s]:.2f} s"
                                  for s in slowest))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def seed(args):
    env = dict(os.environ, TRITON_MLIR_DUMP_DIR=args.dump,
               TRITON_MLIR_BIN=args.bin,
               TRITON_CACHE_DIR=os.path.join(args.dump, ".cache"))
    res = subprocess.run([args.python, str(ROOT / "utils" / "regression_seed.py"),
                          str(ROOT)], env=env)
    return res.returncode


def main():
    p = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("curate")
    c.add_argument("dumps", nargs="+")
    c.add_argument("--out", required=True)
    c.add_argument("--max-kb", type=int, default=4096)
    k = sub.add_parser("check")
    k.add_argument("dir")
    k.add_argument("--arch", default="sm_90")
    k.add_argument("--bin", default=str(ROOT / "build" / "bin"))
    k.add_argument("--timeout", type=float, default=60)
    k.add_argument("--work", default="/tmp/triton-regression")
    k.add_argument("--jobs", type=int, default=1,
                   help="compile this many side by side (the slowest are "
                   "then timed again alone)")
    k.add_argument("--grep", help="only the kernels whose source matches "
                   "this regular expression")
    k.add_argument("--slowest", type=int, default=3,
                   help="how many of the slowest kernels to name")
    s = sub.add_parser("seed")
    s.add_argument("--dump", required=True)
    s.add_argument("--bin", default=str(ROOT / "build" / "bin"))
    s.add_argument("--python", default=str(ROOT / "build" / "venv" / "bin" /
                                           "python"))
    args = p.parse_args()
    if args.cmd == "curate":
        curate(args)
        return 0
    if args.cmd == "check":
        return check(args)
    return seed(args)


if __name__ == "__main__":
    sys.exit(main())
