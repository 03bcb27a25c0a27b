#!/usr/bin/env python3
"""Every pass of ours on every input we have: no input may crash a pass.

The passes: those `triton-opt --help` lists that MLIR's own `mlir-opt` does
not (our passes and pipelines), each with its default options. The inputs:
every chunk of upstream Triton 3.6's lit tests (`--suite`, as
utils/upstream_lit.py finds it) and every kernel of `test/Regression/Inputs`
that `triton-opt` parses. A pass may refuse an input, with a diagnostic; it
may not crash (a signal, an assertion, a stack dump, `LLVM ERROR`) or run
longer than `--timeout` seconds.

Inputs go to `triton-opt` a group at a time (`-split-input-file`); a group
that crashes or hangs is run again one input at a time to name the input.

  pass_fuzz.py                      all passes, all inputs; exit 1 on a crash
  pass_fuzz.py --passes coalesce    passes whose flag matches
  pass_fuzz.py --inputs-only DIR    only the kernels of DIR (no upstream suite)
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import upstream_lit  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CRASH = re.compile(r"PLEASE submit a bug report|Stack dump|Assertion .* failed|"
                   r"LLVM ERROR|UNREACHABLE executed|terminate called")


def help_flags(tool):
    """The pass and pipeline flags a tool's --help lists."""
    out = subprocess.run([tool, "--help"], capture_output=True, text=True).stdout
    flags, inside = set(), False
    for line in out.splitlines():
        if re.match(r"\s*Compiler passes to run", line):
            inside = True
            continue
        if inside:
            m = re.match(r" {6}--([\w.-]+)\s", line + " ")
            if m:
                flags.add(m.group(1))
            elif re.match(r"\s{0,4}--", line):
                break
    return flags


def our_passes(triton_opt, mlir_opt):
    ours = help_flags(triton_opt)
    if not ours:
        sys.exit(f"pass_fuzz: no passes listed by {triton_opt} --help")
    return sorted(ours - help_flags(mlir_opt))


def gather_inputs(args):
    inputs = []  # (name, text)
    if not args.inputs_only:
        test_dir, _ = upstream_lit.find_suite(args.suite)
        chunks, _ = upstream_lit.collect(test_dir, lambda f, t: "-", None)
        inputs += [(c.name, c.text) for c in chunks if c.file.endswith(".mlir")]
    for d in args.kernels:
        for src in sorted(Path(d).glob("*.source")) + sorted(Path(d).glob("*.mlir")):
            inputs.append((src.relative_to(ROOT).as_posix() if src.is_relative_to(ROOT)
                           else str(src), src.read_text()))
    return inputs


def opt_cmd(args, path, flag=None):
    cmd = [args.triton_opt, str(path), "-split-input-file", "-allow-unregistered-dialect",
           "--mlir-disable-threading", "-o", os.devnull]
    return cmd + ([f"--{flag}"] if flag else [])


def run(cmd, timeout):
    """'ok', 'error', 'crash: <message>' or 'hang'."""
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang"
    out = res.stderr + res.stdout
    m = CRASH.search(out)
    if res.returncode < 0 or m:
        line = next((l for l in out.splitlines() if CRASH.search(l)), None)
        if line is None:
            line = f"killed by signal {-res.returncode}"
        return "crash: " + re.sub(r"\s+", " ", line.strip())[:200]
    return "ok" if res.returncode == 0 else "error"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--bin", default=str(ROOT / "build" / "bin"), help="our tools")
    p.add_argument("--suite", default=str(ROOT.parent / "shared"),
                   help="as utils/upstream_lit.py takes it (default: ../shared)")
    p.add_argument("--kernels", nargs="*", default=[str(ROOT / "test" / "Regression" / "Inputs")],
                   help="folders of kernels (.source, .mlir) to run the passes on too")
    p.add_argument("--inputs-only", action="store_true",
                   help="only the --kernels folders, not the upstream suite")
    p.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt",
                   help="MLIR's own tool, whose passes are not ours")
    p.add_argument("--passes", help="only passes whose flag matches this regex")
    p.add_argument("--group", type=int, default=40, help="inputs per triton-opt run")
    p.add_argument("--timeout", type=float, default=60, help="seconds per input")
    p.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2)
    p.add_argument("--work", help="folder for the grouped inputs (default: temporary)")
    args = p.parse_args()
    args.triton_opt = str(Path(args.bin) / "triton-opt")
    if not Path(args.triton_opt).is_file():
        sys.exit(f"pass_fuzz: no {args.triton_opt}: build first or pass --bin")
    if not Path(args.mlir_opt).is_file():
        sys.exit(f"pass_fuzz: no {args.mlir_opt} (mlir-22-tools), pass --mlir-opt")

    passes = our_passes(args.triton_opt, args.mlir_opt)
    if args.passes:
        passes = [f for f in passes if re.search(args.passes, f)]
    work = Path(args.work or tempfile.mkdtemp(prefix="pass-fuzz-"))
    work.mkdir(parents=True, exist_ok=True)

    # The inputs that parse, each alone first.
    inputs = gather_inputs(args)
    for i, (_, text) in enumerate(inputs):
        (work / f"in{i}.mlir").write_text(text)
    with ThreadPoolExecutor(args.jobs) as pool:
        parsed = list(pool.map(lambda i: run(opt_cmd(args, work / f"in{i}.mlir"), args.timeout),
                               range(len(inputs))))
    keep = [i for i, r in enumerate(parsed) if r == "ok"]
    crashes = [(None, inputs[i][0], r) for i, r in enumerate(parsed) if r.startswith("crash")
               or r == "hang"]
    groups = [keep[k:k + args.group] for k in range(0, len(keep), args.group)]
    for g, members in enumerate(groups):
        (work / f"group{g}.mlir").write_text(
            "\n// -----\n".join(inputs[i][1] for i in members))

    def fuzz(job):
        flag, g = job
        r = run(opt_cmd(args, work / f"group{g}.mlir", flag), args.timeout * len(groups[g]))
        if r in ("ok", "error"):
            return []
        found = []
        for i in groups[g]:
            ri = run(opt_cmd(args, work / f"in{i}.mlir", flag), args.timeout)
            if ri == "hang" or ri.startswith("crash"):
                found.append((flag, inputs[i][0], ri))
        return found or [(flag, f"group {g} (no input alone)", r)]

    jobs = [(flag, g) for flag in passes for g in range(len(groups))]
    with ThreadPoolExecutor(args.jobs) as pool:
        for found in pool.map(fuzz, jobs):
            crashes += found
    runs = len(passes) * len(keep)
    for flag, name, what in crashes:
        print(f"{'hang' if what == 'hang' else 'CRASH'}: --{flag or '(parse)'} on {name}: {what}")
    hangs = sum(1 for c in crashes if c[2] == "hang")
    print(f"pass_fuzz: {len(passes)} passes x {len(keep)} inputs that parse "
          f"(of {len(inputs)}) = {runs} runs: {len(crashes) - hangs} crashes, {hangs} hangs")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
