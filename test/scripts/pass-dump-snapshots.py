#!/usr/bin/env python3
"""Checks every IR snapshot of a Triton MLIR_ENABLE_DUMP pass dump.

A dump (`mlir_pass_dump.txt[.gz]`) holds the IR before every pass, each
snapshot opening with a `// -----// IR Dump Before PASS (flag) ...` line.
Each snapshot is fed to triton-opt, which must parse and verify it. Snapshots
that hold upstream's internal `nvg` dialect ops (which we do not define) are
counted as skipped. Prints one line per dump: "OK <name>: N parsed, M skipped
(nvg)" or "FAIL <name>: ..." and exits 1 on any failure.
"""
import argparse
import gzip
import os
import re
import subprocess
import sys

HEADER = re.compile(r"^// -----// IR Dump Before (\S+) .*$", re.M)
NVG_OP = re.compile(r"\bnvg\.[a-z_]+")


def snapshots(text):
    starts = [m for m in HEADER.finditer(text)]
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        yield match.group(1), text[match.end():end]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--triton-opt", default="triton-opt")
    parser.add_argument("dumps", nargs="+")
    args = parser.parse_args()
    failed = False
    for path in args.dumps:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as f:
            text = f.read()
        name = os.path.basename(path)
        parsed = skipped = 0
        problems = []
        for index, (pass_name, ir) in enumerate(snapshots(text)):
            if NVG_OP.search(ir):
                skipped += 1
                continue
            proc = subprocess.run([args.triton_opt, "-", "-o", os.devnull],
                                  input=ir, capture_output=True, text=True,
                                  timeout=120)
            if proc.returncode != 0:
                problems.append(f"snapshot {index} (before {pass_name}): "
                                + proc.stderr.strip().splitlines()[0][:300])
            else:
                parsed += 1
        if problems:
            failed = True
            print(f"FAIL {name}: {len(problems)} snapshots rejected; "
                  + "; ".join(problems[:3]))
        else:
            print(f"OK {name}: {parsed} parsed, {skipped} skipped (nvg)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
