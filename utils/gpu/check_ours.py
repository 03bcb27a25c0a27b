#!/usr/bin/env python3
"""Runs our CUBINs of the corpus kernels with triton-run, checks them against
numpy, and benchmarks them side by side with upstream Triton's CUBINs.

Our CUBINs come from utils/compile-corpus.sh (layout: DIR/<kernel>/<name>.cubin
with metadata.json and signature.json; DIR/<kernel>-large/ for the row
kernels compiled at the corpus's largest row length). Upstream's come from
test/e2e/Inputs/upstream/sm_90 (same layout).

Checks: every kernel at every corpus size (utils/gpu/cases.py), inputs made
with numpy, output compared with a numpy reference by triton-run --check.
Benchmark (--bench): each kernel at its largest corpus size, ours and
upstream's on the same inputs, with triton-run --bench (median over
repetitions, L2 flushed): a warm-up round of each first (not counted, so
neither side meets a cool GPU's boost alone), then --rounds rounds, which of
the two goes first alternating; each side's time is the median of its
rounds, the ratio upstream's over ours (above 1: ours is faster).

Exit status: 0 when every check passes (and, with --bench, every memory-bound
kernel reaches --min-ratio), 1 otherwise.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases  # noqa: E402
from cases import table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UPSTREAM = os.path.join(ROOT, "test", "e2e", "Inputs", "upstream", "sm_90")


def run(binary, folder, name, case, args, extra, report, log):
    """triton-run on one kernel folder; returns (exit code, report dict)."""
    if os.path.exists(report):
        os.remove(report)
    cubin = os.path.join(folder, name + ".cubin")
    if not os.path.exists(cubin):
        # compile_corpus.py compiles the corpus kernels; the examples beside
        # them (matmul_tma) come from the main job's build/examples/sm_90
        # (gpu-check-ours.sh links them in).
        message = f"not compiled: no {cubin}"
        with open(log, "a") as out:
            out.write(message + "\n\n")
        return 2, {"error": message}
    # utils/compile_corpus.py writes metadata.json and signature.json;
    # triton-compile writes <name>.json, which carries the signature.
    metadata = os.path.join(folder, "metadata.json")
    if not os.path.exists(metadata):
        metadata = os.path.join(folder, name + ".json")
    signature = os.path.join(folder, "signature.json")
    command = [binary, cubin, "-m", metadata,
               *(["-s", signature] if os.path.exists(signature) else []),
               "-g", ",".join(map(str, case["grid"])), *args, *extra, "--json", report]
    start = time.time()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, timeout=600)
    with open(log, "a") as out:
        out.write("$ " + " ".join(command) + "\n" + result.stdout +
                  f"(exit code {result.returncode}, {time.time() - start:.1f} s)\n\n")
    data = {}
    if os.path.exists(report):
        with open(report) as f:
            data = json.load(f)
    return result.returncode, data


def save_inputs(case, folder):
    os.makedirs(folder, exist_ok=True)
    args = []
    for arg in case["args"]:
        # NAME=@key, or a descriptor's NAME=desc:BLOCK:@key
        prefix, at, key = arg.rpartition("@")
        if at and key in case["inputs"]:
            path = os.path.join(folder, key + ".npy")
            np.save(path, case["inputs"][key])
            arg = f"{prefix}@{path}"
        args.append(arg)
    return args


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triton-run", required=True)
    parser.add_argument("--ours", required=True, help="folder of our CUBINs")
    parser.add_argument("--upstream", default=UPSTREAM, help="folder of upstream's CUBINs")
    parser.add_argument("--work", required=True, help="folder for inputs and reports")
    parser.add_argument("--only", default="", help="comma-separated kernels")
    parser.add_argument("--sizes", choices=["all", "canonical", "largest"], default="all")
    parser.add_argument("--bench", action="store_true", help="benchmark against upstream")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--min-ratio", type=float, default=0.9,
                        help="least upstream/ours time ratio for memory-bound kernels")
    opts = parser.parse_args()
    only = [k for k in opts.only.split(",") if k] or list(cases.KERNELS)
    os.makedirs(opts.work, exist_ok=True)
    log = os.path.join(opts.work, "triton-run.log")
    open(log, "w").close()
    rng = np.random.default_rng(2026)
    failures = 0
    checks, benches, reports = [], [], {}
    for kernel in only:
        name, sizes = cases.KERNELS[kernel]
        if opts.sizes == "canonical":
            sizes = sizes[:1]
        elif opts.sizes == "largest":
            sizes = sizes[-1:]
        for size in sizes:
            label = f"{kernel} {cases.size_str(size)}"
            folder = os.path.join(opts.work, kernel, cases.size_str(size))
            case = cases.make(kernel, size, rng)
            args = save_inputs(case, folder)
            ref_path = os.path.join(folder, "ref.npy")
            np.save(ref_path, case["ref"])
            extra = ["--check", f"{case['output']}={ref_path}",
                     "--atol", str(case["atol"]), "--rtol", str(case["rtol"])]
            variant = cases.variant(kernel, size)
            code, report = run(opts.triton_run, os.path.join(opts.ours, variant), name, case,
                               args, extra, os.path.join(folder, "ours.json"), log)
            reports[label] = report
            check = (report.get("checks") or [{}])[0]
            ok = code == 0 and check.get("passed", False)
            failures += not ok
            checks.append([label, variant, "x".join(map(str, case["grid"])),
                           f"{case['atol']:.3g}/{case['rtol']:g}",
                           f"{check.get('max_abs_err', float('nan')):.3g}",
                           f"{check.get('mismatches', '-')}/{check.get('elements', '-')}",
                           "PASS" if ok else f"FAIL (exit {code}: {report.get('error', 'see log')})"])
            if opts.bench and size == cases.KERNELS[kernel][1][-1]:
                work = (["--bytes", str(case["bytes"])] if "bytes" in case
                        else ["--flops", str(case["flops"])])
                times = {"upstream": [], "ours": []}
                regs = {}
                sides = [("upstream", opts.upstream), ("ours", opts.ours)]
                for r in range(opts.rounds + 1):
                    for side, base in (sides if r % 2 else sides[::-1]):
                        code, rep = run(opts.triton_run, os.path.join(base, variant), name, case,
                                        args, ["--bench", *work],
                                        os.path.join(folder, side + "-bench.json"), log)
                        if code == 0 and rep.get("bench") and r > 0:
                            times[side].append(rep["bench"]["median_ms"])
                            regs[side] = rep.get("registers", rep.get("kernel_attributes", {}))
                if not times["upstream"] or not times["ours"]:
                    failures += 1
                    benches.append([label, "-", "-", "-", "-", "FAIL (see log)"])
                    continue
                up = statistics.median(times["upstream"])
                ours = statistics.median(times["ours"])
                ratio = up / ours
                unit = "GB/s" if "bytes" in case else "TFLOP/s"
                amount = case.get("bytes", case.get("flops"))
                scale = 1e-9 if "bytes" in case else 1e-12
                rate = lambda ms: f"{amount * scale / (ms * 1e-3):.1f}"
                memory_bound = kernel in cases.MEMORY_BOUND
                ok = ratio >= opts.min_ratio or not memory_bound
                failures += not ok
                reports[label + " bench"] = {"upstream_ms": times["upstream"],
                                             "ours_ms": times["ours"], "ratio": ratio}
                benches.append([label, f"{up:.4f}", f"{ours:.4f}",
                                f"{rate(up)} / {rate(ours)} {unit}", f"{ratio:.3f}",
                                ("PASS" if ok else "BELOW " + str(opts.min_ratio))
                                if memory_bound else "(reported only)"])
    text = f"our sm_90 CUBINs ({os.path.relpath(opts.ours, ROOT)}) run by triton-run, checked against numpy\n"
    text += table(["kernel size", "variant", "grid", "atol/rtol", "max abs err", "mismatches",
                   "result"], checks) + "\n"
    if opts.bench:
        text += ("\nside by side with upstream's CUBINs, same inputs, triton-run --bench "
                 f"(median of {opts.rounds} rounds after a warm-up one, alternating which goes "
                 "first, L2 flushed); ratio = upstream ms / ours ms\n")
        text += table(["kernel size", "upstream ms", "ours ms", "rate upstream / ours", "ratio",
                       "result"], benches) + "\n"
    text += f"\n{'ALL PASS' if failures == 0 else f'{failures} FAILED'}\n"
    print(text, end="")
    with open(os.path.join(opts.work, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(opts.work, "reports.json"), "w") as f:
        json.dump(reports, f, indent=1)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
