#!/usr/bin/env python3
"""Runs our make_ttir on the front end's IR and compares with upstream's.

For every `<kernel>.source` (TTIR exactly as upstream Triton's front end
emitted it), `triton-opt --triton-make-ttir` must give what upstream Triton
3.6 gave, `<kernel>.ttir` beside it. Both are printed by our triton-opt and
compared:

1. without locations: the texts must be identical (ops, order, types,
   attributes, SSA names);
2. with every location inline (--mlir-print-debuginfo
   --mlir-print-local-scope): identical too, except for locations that the
   textual IR does not carry. Block arguments printed without a location
   (scf.for iter_args, for one) get positions in whichever file was parsed,
   so one such location may point into the .source where upstream's points
   into the .ttir; those are counted in the OK line, any other difference
   fails.

The compute capability is --compute-capability, or taken from the folder
name (sm_80, large-sm_90, ...). Prints "OK <folder>/<kernel>" or "FAIL
<folder>/<kernel>: why" with a unified diff, and exits 1 if any failed.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

# The location helpers of the pass-dump comparison.
_spec = importlib.util.spec_from_file_location(
    "pass_snapshot_compare",
    os.path.join(os.path.dirname(os.path.abspath(__file__)),
                 "pass-snapshot-compare.py"))
snapshots = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(snapshots)


def capability(path, default):
    if default:
        return default
    folder = os.path.basename(os.path.dirname(os.path.abspath(path)))
    match = re.search(r"sm_(\d+)$", folder)
    if not match:
        raise ValueError(f"cannot tell the compute capability of '{folder}'; "
                         "pass --compute-capability")
    return int(match.group(1))


def compare(args, source):
    folder = os.path.basename(os.path.dirname(os.path.abspath(source)))
    name = os.path.basename(source)[:-len(".source")]
    label = f"{folder}/{name}"
    upstream = source[:-len(".source")] + ".ttir"
    cc = capability(source, args.compute_capability)
    opt = args.triton_opt
    with tempfile.TemporaryDirectory() as tmp:
        ours = os.path.join(tmp, f"{name}.mlirbc")
        snapshots.run([opt, source, f"--triton-make-ttir=compute-capability="
                       f"{cc}", "--emit-bytecode", "-o", ours])
        plain = [snapshots.run([opt, path]) for path in (ours, upstream)]
        located = [snapshots.run([opt, path, "--mlir-print-debuginfo",
                                  "--mlir-print-local-scope"])
                   for path in (ours, upstream)]

    if plain[0] != plain[1]:
        return False, (f"FAIL {label}: IR differs\n" +
                       snapshots.unified(plain[0], plain[1], "no locations"))
    ours_lines = located[0].splitlines()
    theirs_lines = located[1].splitlines()
    if len(ours_lines) != len(theirs_lines):
        return False, (f"FAIL {label}: located IR differs in length\n" +
                       snapshots.unified(located[0], located[1], "locations"))
    source_file = f'{os.path.basename(source)}":'
    ttir_file = f'{os.path.basename(upstream)}":'
    accepted = bad = 0
    shown = []
    for line, theirs in zip(ours_lines, theirs_lines):
        shown.append(line)
        if line == theirs:
            continue
        ours_spans = snapshots.loc_spans(line)
        theirs_spans = snapshots.loc_spans(theirs)
        same_shape = (len(ours_spans) == len(theirs_spans) and
                      snapshots.strip_locs(line, ours_spans) ==
                      snapshots.strip_locs(theirs, theirs_spans))
        uncarried = all(o == t or (source_file in o and ttir_file in t)
                        for o, t in zip(ours_spans, theirs_spans))
        if same_shape and uncarried:
            accepted += 1
            shown[-1] = theirs
        else:
            bad += 1
    if bad:
        return False, (f"FAIL {label}: {bad} lines differ in locations\n" +
                       snapshots.unified("\n".join(shown) + "\n", located[1],
                                         "locations"))
    note = (f" ({accepted} location(s) the text cannot carry)"
            if accepted else "")
    return True, f"OK {label}{note}"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--triton-opt", default="triton-opt")
    parser.add_argument("--compute-capability", type=int, default=None)
    parser.add_argument("sources", nargs="+", help="<kernel>.source files")
    args = parser.parse_args()
    failed = False
    for source in args.sources:
        label = os.path.basename(source)
        try:
            if not source.endswith(".source"):
                raise ValueError("expected a .source file")
            ok, report = compare(args, source)
        except (ValueError, RuntimeError, subprocess.TimeoutExpired) as e:
            ok, report = False, f"FAIL {label}: {e}"
        print(report, flush=True)
        failed |= not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
