#!/usr/bin/env python3
"""Checks that IR files load into triton-opt and print stably.

For every file: it parses and verifies; custom-form print -> parse -> print is
a fixpoint (with locations); the generic form is a fixpoint too and parses
back to the same custom form; `--canonicalize --cse` keeps it valid. Prints
one line per file, "OK <name>" or "FAIL <name>: <reason>", and exits 1 when
any file fails.
"""
import argparse
import os
import subprocess
import sys


def run(opt, args, text=None, path=None):
    cmd = [opt] + args + ([path] if path else ["-"])
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True,
                          timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(f"`{' '.join(cmd)}` exited {proc.returncode}: "
                           f"{proc.stderr.strip()[:500]}")
    return proc.stdout


def check(opt, path):
    loc = ["--mlir-print-debuginfo"]
    custom = run(opt, loc, path=path)
    if run(opt, loc, text=custom) != custom:
        return "custom form is not a print -> parse -> print fixpoint"
    generic = run(opt, loc + ["--mlir-print-op-generic"], path=path)
    if run(opt, loc + ["--mlir-print-op-generic"], text=generic) != generic:
        return "generic form is not a print -> parse -> print fixpoint"
    if run(opt, loc, text=generic) != custom:
        return "generic form does not parse back to the custom form"
    canonical = run(opt, ["--canonicalize", "--cse"], path=path)
    run(opt, [], text=canonical)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--triton-opt", default="triton-opt")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failed = False
    for path in args.files:
        name = os.path.basename(path)
        try:
            reason = check(args.triton_opt, path)
        except (RuntimeError, subprocess.TimeoutExpired) as err:
            reason = str(err)
        if reason:
            failed = True
            print(f"FAIL {name}: {reason}")
        else:
            print(f"OK {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
