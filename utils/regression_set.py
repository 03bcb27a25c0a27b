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

  python3 utils/regression_set.py ptx test/Regression/Inputs --out PTX_DIR
      # each kernel's PTX for --arch (default sm_90), as PTX_DIR/<kernel>.ptx
  python3 utils/regression_set.py diff OLD NEW [--inputs DIR ...]
      # the kernels whose PTX differs between two builds: OLD and NEW are
      # each a folder of PTX written by `ptx`, or a build's bin/ (the
      # kernels of --inputs, default test/Regression/Inputs, are compiled
      # with it); prints 'changed: <kernel>' for each, then the count.
      # [--options '...']: more triton-compile options for every kernel
      # A change that alters kernels' code names them in its note.

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
           "-o", str(out)] + opts + getattr(args, "options", "").split()
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


def kernel_sources(dirs):
    return sorted(s for d in dirs for s in Path(d).glob("*.source"))


def write_ptx(args, bin_dir, out, sources):
    """Compiles each kernel with bin_dir's triton-compile and keeps its PTX
    as out/<kernel>.ptx; returns the kernels that failed to compile."""
    compiler = str(Path(bin_dir) / "triton-compile")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    # Not `out` itself (it is removed at the end): diff writes its PTX
    # folders under the same work folder.
    work = Path(args.work) / (out.name + ".work")
    failed = []

    def one(source):
        ok, why, _ = compile_one(argparse.Namespace(
            work=str(work), arch=args.arch, timeout=args.timeout,
            options=args.options), compiler, source)
        ptx = sorted((work / source.stem).glob("*.ptx"))
        if not ok or len(ptx) != 1:
            failed.append(f"{source.stem}: {why}")
            return
        tmp = out / (source.stem + ".ptx.tmp")
        shutil.copyfile(ptx[0], tmp)
        os.replace(tmp, out / (source.stem + ".ptx"))

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(one, sources))
    shutil.rmtree(work, ignore_errors=True)
    return failed


def ptx(args):
    sources = kernel_sources(args.dirs)
    if not sources:
        print(f"regression_set: no kernels in {' '.join(args.dirs)}", file=sys.stderr)
        return 2
    failed = write_ptx(args, args.bin, args.out, sources)
    for f in failed:
        print(f"FAIL {f}")
    print(f"{len(sources) - len(failed)} kernels' PTX in {args.out}, {len(failed)} failed")
    return 1 if failed else 0


def ptx_text(path):
    """A PTX file without its comment lines (the generator's banner)."""
    return "".join(l for l in path.read_text().splitlines(keepends=True)
                   if not l.lstrip().startswith("//"))


def diff(args):
    sources = kernel_sources(args.inputs)
    dirs = []
    for side in (args.old, args.new):
        side = Path(side)
        if (side / "triton-compile").is_file():
            out = Path(args.work) / ("ptx-" + ("old" if not dirs else "new"))
            shutil.rmtree(out, ignore_errors=True)
            for f in write_ptx(args, side, out, sources):
                print(f"FAIL ({side}) {f}")
            dirs.append(out)
        elif side.is_dir():
            dirs.append(side)
        else:
            print(f"regression_set: {side} is neither a bin/ with triton-compile "
                  f"nor a folder of PTX", file=sys.stderr)
            return 2
    old = {p.stem: p for p in dirs[0].glob("*.ptx")}
    new = {p.stem: p for p in dirs[1].glob("*.ptx")}
    changed = sorted(k for k in old.keys() & new.keys()
                     if ptx_text(old[k]) != ptx_text(new[k]))
    for k in changed:
        print(f"changed: {k}")
    for k in sorted(old.keys() - new.keys()):
        print(f"only in old: {k}")
    for k in sorted(new.keys() - old.keys()):
        print(f"only in new: {k}")
    print(f"{len(changed)} of {len(old.keys() & new.keys())} kernels' PTX changed "
          f"({args.arch})")
    return 0


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
    x = sub.add_parser("ptx", help="write each kernel's PTX")
    x.add_argument("dirs", nargs="+")
    x.add_argument("--out", required=True)
    d = sub.add_parser("diff", help="the kernels whose PTX differs between two builds")
    d.add_argument("old", help="a folder of PTX (from `ptx`) or a build's bin/")
    d.add_argument("new", help="a folder of PTX (from `ptx`) or a build's bin/")
    d.add_argument("--inputs", nargs="+", default=[str(ROOT / "test" / "Regression" /
                                                      "Inputs")])
    for q in (x, d):
        q.add_argument("--arch", default="sm_90")
        q.add_argument("--bin", default=str(ROOT / "build" / "bin"))
        q.add_argument("--timeout", type=float, default=60)
        q.add_argument("--work", default="/tmp/triton-regression")
        q.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
        q.add_argument("--options", default="",
                       help="more triton-compile options for every kernel "
                       "(e.g. '--line-info=false')")
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
    if args.cmd == "ptx":
        return ptx(args)
    if args.cmd == "diff":
        return diff(args)
    return seed(args)


if __name__ == "__main__":
    sys.exit(main())
