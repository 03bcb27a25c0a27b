#!/usr/bin/env python3
"""Runs our triton-make-ttgir pipeline on upstream's TTIR, compares to its TTGIR.

For each `<kernel>.ttir` given (upstream Triton 3.6's make_ttir output), the
pipeline runs with the options upstream compiled the kernel with, read from
the `<kernel>.json` beside it (num_warps, num_ctas, num_stages, and arch as
sm<N>):

  triton-opt --triton-make-ttgir="compute-capability=N num-warps=W
             num-ctas=C num-stages=S" <kernel>.ttir

and its output must print exactly as upstream's `<kernel>.ttgir` (found in
--ttgir-dir) prints through our triton-opt: same ops in the same order, same
types, layouts and attributes; then the same again with every location
printed inline.

Prints "OK <kernel>" or "FAIL <kernel>: why" with a unified diff (upstream
first), and exits 1 if any failed.
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys

# Every location printed inline, for the second comparison.
LOCATED = ["--mlir-print-debuginfo", "--mlir-print-local-scope"]


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(" ".join(cmd) + " failed:\n" + proc.stderr.strip())
    return proc.stdout


def compare(args, ttir):
    name = os.path.basename(ttir)[:-len(".ttir")]
    with open(os.path.join(os.path.dirname(ttir), name + ".json")) as f:
        meta = json.load(f)
    capability = int(re.fullmatch(r"sm(\d+)a?", meta["arch"]).group(1))
    options = (f"compute-capability={capability} "
               f"num-warps={meta['num_warps']} num-ctas={meta['num_ctas']} "
               f"num-stages={meta['num_stages']}")
    ttgir = os.path.join(args.ttgir_dir, name + ".ttgir")
    for label, flags in (("TTGIR", []), ("located TTGIR", LOCATED)):
        ours = run([args.triton_opt, ttir, f"--triton-make-ttgir={options}"]
                   + flags)
        theirs = run([args.triton_opt, ttgir] + flags)
        if ours != theirs:
            diff = "".join(difflib.unified_diff(
                theirs.splitlines(True), ours.splitlines(True),
                f"upstream {name}.ttgir", f"ours ({options})", n=2))
            return False, f"FAIL {name}: {label} differs\n{diff}"
    return True, f"OK {name}"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--triton-opt", default="triton-opt")
    parser.add_argument("--ttgir-dir", required=True,
                        help="folder of upstream's <kernel>.ttgir files")
    parser.add_argument("ttir", nargs="+")
    args = parser.parse_args()
    failed = False
    for ttir in args.ttir:
        try:
            ok, report = compare(args, ttir)
        except (OSError, KeyError, ValueError, AttributeError, RuntimeError,
                subprocess.TimeoutExpired) as e:
            ok, report = False, f"FAIL {os.path.basename(ttir)}: {e}"
        print(report, flush=True)
        failed |= not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
