#!/usr/bin/env python3
"""Compares upstream Triton's pass results (run.py passes) with ours.

  compare.py PASSES_JSON INPUT_DIR [--triton-opt PATH]

For every split of every INPUT_DIR/FILE named in PASSES_JSON, runs our
triton-opt with the same pipeline and prints one line: EQ (same IR, same
locations), DIFF (with a diff of the IR printed by our triton-opt, without
locations, or with them when only they differ), or both runs' errors.
"""
import argparse
import difflib
import json
import os
import re
import subprocess


def run(opt, args, text):
    proc = subprocess.run([opt] + args, input=text, capture_output=True,
                          text=True)
    return proc.returncode, proc.stdout, proc.stderr


def diff(theirs, ours):
    return "".join(difflib.unified_diff(theirs.splitlines(True),
                                        ours.splitlines(True), "upstream",
                                        "ours", n=1))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("passes_json")
    parser.add_argument("input_dir")
    parser.add_argument("--triton-opt", default="triton-opt")
    args = parser.parse_args()
    located = ["--mlir-print-debuginfo", "--mlir-print-local-scope"]
    results = json.load(open(args.passes_json))
    for key, entries in results.items():
        name, pipeline = key.split(":")
        text = open(os.path.join(args.input_dir, name)).read()
        splits = re.split(r"^// -----\s*$", text, flags=re.M)
        for i, (split, theirs) in enumerate(zip(splits, entries)):
            label = f"{key} #{i}"
            rc, ours, err = run(args.triton_opt,
                                [f"--pass-pipeline=builtin.module({pipeline})"]
                                + located, split)
            if theirs["rc"] or rc:
                up = theirs["err"].strip().splitlines()[-1:] or [""]
                print(f"ERRORS {label}: upstream rc={theirs['rc']} {up[0]!r}; "
                      f"ours rc={rc} {err.strip().splitlines()[:1]}")
                continue
            # Upstream parsed a temporary file; we parsed stdin.
            their_text = re.sub(r'"/tmp/tmp[^"]*\.mlir"', '"<stdin>"',
                                theirs["out"])
            plain = [run(args.triton_opt, [], t)[1] for t in (their_text, ours)]
            if plain[0] != plain[1]:
                print(f"DIFF {label}\n{diff(*plain)}")
                continue
            locs = [run(args.triton_opt, located, t)[1]
                    for t in (their_text, ours)]
            if locs[0] != locs[1]:
                print(f"DIFF {label} (locations)\n{diff(*locs)}")
            else:
                print(f"EQ {label}")


if __name__ == "__main__":
    main()
