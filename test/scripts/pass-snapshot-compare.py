#!/usr/bin/env python3
"""Runs one of our passes on upstream Triton's input to it and compares.

A Triton MLIR_ENABLE_DUMP=1 pass dump (`mlir_pass_dump.txt[.gz]`) holds the
IR before every pass, each snapshot opening with a line
`// -----// IR Dump Before PASS (flag) ('OP' operation) //----- //`. The
snapshot before the first (or --occurrence-th) module-level run of PASS is
that pass's input, the next snapshot its output in upstream Triton. This script runs our pipeline on
the input and prints both results with our triton-opt, then compares them:

1. without locations: the texts must be identical (ops, order, types,
   layouts, attributes, SSA names);
2. with every location printed inline (--mlir-print-debuginfo
   --mlir-print-local-scope): the texts must be identical too, except for
   locations the dump cannot carry. Block arguments whose location the
   textual IR does not print (scf.for iter_args, for one) are parsed with
   positions in the snapshot text; ops that take their location from such a
   value inherit it. A differing location is accepted only when ours points
   into the input snapshot; such locations are counted in the OK line.

The pipeline may use placeholders filled in per dump:
  {attr:NAME}  module attribute NAME of upstream's output, e.g.
               {attr:ttg.num-warps} -> 8, {attr:ttg.target} -> cuda:90;
  {meta:KEY}   KEY of the kernel's metadata_raw.json or metadata.json beside
               the dump (corpus layout), e.g. {meta:num_warps}; {meta:target}
               gives BACKEND:ARCH.

Prints "OK <kernel>" or "FAIL <kernel>: why" with a unified diff per dump
and exits 1 if any failed.
"""
import argparse
import difflib
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(
    r"^// -----// IR Dump Before (\S+) \(\S*\) \('([^']+)' operation.*$", re.M)
PLACEHOLDER = re.compile(r"\{(attr|meta):([^}]+)\}")
MODULE_ATTRS = re.compile(r"^module attributes \{(.*)\} \{$", re.M)


def read_text(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return f.read()


def kernel_name(path):
    base = os.path.basename(path)
    if base.startswith("mlir_pass_dump"):
        return os.path.basename(os.path.dirname(os.path.abspath(path)))
    return re.sub(r"(\.txt)?(\.gz)?$", "", base)


def find_snapshots(text, pass_name, occurrence=1):
    """The input and upstream output of the occurrence-th module-level run."""
    headers = list(HEADER.finditer(text))
    seen = 0
    for i, match in enumerate(headers):
        if match.group(1) != pass_name or match.group(2) != "builtin.module":
            continue
        seen += 1
        if seen != occurrence:
            continue
        if i + 1 >= len(headers):
            raise ValueError(f"no snapshot follows {pass_name}")
        after = headers[i + 1]
        if after.group(2) != "builtin.module":
            raise ValueError(f"the snapshot after {pass_name} is of "
                             f"'{after.group(2)}', not the module")
        end = headers[i + 2].start() if i + 2 < len(headers) else len(text)
        return text[match.end():after.start()], text[after.end():end]
    raise ValueError(f"no module-level run {occurrence} of {pass_name}")


def module_attribute(ir, name):
    match = MODULE_ATTRS.search(ir)
    if match:
        for entry in re.finditer(r'("[^"]*"|[\w.$-]+) = ("[^"]*"|[^,]+)',
                                 match.group(1)):
            key = entry.group(1).strip('"')
            if key == name:
                return re.sub(r" : i\d+$", "", entry.group(2).strip('"'))
    raise ValueError(f"upstream's output has no module attribute {name}")


def metadata_value(dump_path, key):
    folder = os.path.dirname(os.path.abspath(dump_path))
    for name in ("metadata_raw.json", "metadata.json"):
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        with open(path) as f:
            data = json.load(f)
        if key in data:
            value = data[key]
            if isinstance(value, dict) and "backend" in value:
                return f"{value['backend']}:{value['arch']}"
            return str(value)
    raise ValueError(f"no metadata beside the dump has '{key}'")


def fill_pipeline(pipeline, dump_path, upstream_ir):
    def substitute(match):
        kind, key = match.groups()
        if kind == "attr":
            return module_attribute(upstream_ir, key)
        return metadata_value(dump_path, key)
    return PLACEHOLDER.sub(substitute, pipeline)


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                          timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(" ".join(cmd) + " failed:\n" + proc.stderr.strip())
    return proc.stdout


def loc_spans(line):
    """The `loc(...)` substrings of a line, with balanced parentheses."""
    spans = []
    for start in [m.start() for m in re.finditer(r"\bloc\(", line)]:
        depth, i, quoted = 0, start + 3, False
        while i < len(line):
            c = line[i]
            if quoted:
                if c == "\\":
                    i += 1
                elif c == '"':
                    quoted = False
            elif c == '"':
                quoted = True
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        spans.append(line[start:i + 1])
    # Nested spans (fused or named locations) are checked by their outermost.
    return [s for s in spans if not any(s != o and s in o for o in spans)]


def strip_locs(line, spans):
    for span in spans:
        line = line.replace(span, "loc(?)", 1)
    return line


def unified(ours, theirs, label):
    return "".join(difflib.unified_diff(
        theirs.splitlines(True), ours.splitlines(True),
        f"upstream ({label})", f"ours ({label})", n=2))


def compare(args, dump_path):
    name = kernel_name(dump_path)
    input_ir, upstream_ir = find_snapshots(read_text(dump_path), args.pass_name,
                                           args.occurrence)
    pipeline = fill_pipeline(args.pipeline, dump_path, upstream_ir)
    opt = args.triton_opt
    with tempfile.TemporaryDirectory() as tmp:
        input_path = os.path.join(tmp, f"{name}.input.mlir")
        upstream_path = os.path.join(tmp, f"{name}.upstream.mlir")
        with open(input_path, "w") as f:
            f.write(input_ir)
        with open(upstream_path, "w") as f:
            f.write(upstream_ir)
        ours_path = os.path.join(tmp, f"{name}.ours.mlirbc")
        run([opt, input_path, f"--pass-pipeline={pipeline}",
             "--emit-bytecode", "-o", ours_path])
        plain = []
        located = []
        for path in (ours_path, upstream_path):
            plain.append(run([opt, path]))
            located.append(run([opt, path, "--mlir-print-debuginfo",
                                "--mlir-print-local-scope"]))

    if plain[0] != plain[1]:
        return False, (f"FAIL {name}: IR differs (pipeline {pipeline})\n"
                       + unified(plain[0], plain[1], "no locations"))
    ours_lines = located[0].splitlines()
    theirs_lines = located[1].splitlines()
    if len(ours_lines) != len(theirs_lines):
        return False, (f"FAIL {name}: located IR differs in length\n"
                       + unified(located[0], located[1], "locations"))
    accepted = 0
    bad = 0
    # Our lines, with the accepted differences taken from upstream, so that
    # the diff shows only the offending ones.
    shown = []
    for ours, theirs in zip(ours_lines, theirs_lines):
        shown.append(ours)
        if ours == theirs:
            continue
        ours_spans, theirs_spans = loc_spans(ours), loc_spans(theirs)
        same_shape = (len(ours_spans) == len(theirs_spans) and
                      strip_locs(ours, ours_spans) ==
                      strip_locs(theirs, theirs_spans))
        uncarried = all(o == t or f"{name}.input.mlir\"" in o
                        for o, t in zip(ours_spans, theirs_spans))
        if same_shape and uncarried:
            accepted += 1
            shown[-1] = theirs
        else:
            bad += 1
    if bad:
        return False, (f"FAIL {name}: {bad} lines differ in locations\n"
                       + unified("\n".join(shown) + "\n", located[1],
                                 "locations"))
    note = (f" ({accepted} location(s) the dump cannot carry)"
            if accepted else "")
    return True, f"OK {name}{note}"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--triton-opt", default="triton-opt")
    parser.add_argument("--pass", dest="pass_name", required=True,
                        help="pass name as the dump headers spell it, "
                             "e.g. ConvertTritonToTritonGPU")
    parser.add_argument("--occurrence", type=int, default=1,
                        help="which module-level run of the pass to take "
                             "(1 for the first)")
    parser.add_argument("--pipeline", required=True,
                        help="our pipeline, e.g. 'builtin.module(convert-"
                             "triton-to-tritongpu{target={attr:ttg.target} "
                             "num-warps={attr:ttg.num-warps}})'")
    parser.add_argument("dumps", nargs="+")
    args = parser.parse_args()
    failed = False
    for dump in args.dumps:
        try:
            ok, report = compare(args, dump)
        except (ValueError, RuntimeError, subprocess.TimeoutExpired) as e:
            ok, report = False, f"FAIL {kernel_name(dump)}: {e}"
        print(report, flush=True)
        failed |= not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
