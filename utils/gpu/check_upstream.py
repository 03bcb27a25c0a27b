#!/usr/bin/env python3
"""Runs upstream Triton's sm_90 CUBINs with triton-run and checks them.

For each of the 8 kernels in test/e2e/Inputs/upstream/sm_90 (built from
test/e2e/Inputs/upstream/kernels.py by Triton 3.6), makes inputs with numpy
at the size the CUBIN was compiled for (signature.json's example arguments),
computes the reference with numpy, runs triton-run with --check, and prints a
table. Then times vector_add 2^28 and matmul 4096^3 with triton-run --bench
and compares the median with the corpus's do_bench numbers (result.json),
and, with --live, with do_bench run now through Triton on the same GPU.

Exit status: 0 when every check and benchmark passes, 1 otherwise.
Driven by utils/gpu-check-upstream.sh; needs a GPU, numpy (and triton and
torch for --live).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cases import attention, gelu_tanh, softmax_rows, table  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
UPSTREAM = os.path.join(ROOT, "test", "e2e", "Inputs", "upstream")
SM90 = os.path.join(UPSTREAM, "sm_90")
# Where the CUBINs checked come from: upstream's by default, ours with
# --kernels-dir (the same layout: <kernel>/<name>.cubin, metadata.json,
# signature.json).
KERNELS_DIR = SM90
ONLY = set()

# The launch of each kernel as kernels.py's Spec classes make it, at the
# size its CUBIN was compiled for.


def case_vector_add(rng):
    n = 1 << 20
    x = rng.standard_normal(n, dtype=np.float32)
    y = rng.standard_normal(n, dtype=np.float32)
    return dict(metadata="metadata_raw.json", grid=[n // 1024],
                inputs={"x": x, "y": y},
                args=["x=@x", "y=@y", f"out=f32:{n}:zeros", str(n)],
                output="out", ref=x + y, atol=0, rtol=0)


def case_softmax(rng):
    m, n = 4096, 1024
    x = rng.standard_normal((m, n), dtype=np.float32)
    return dict(metadata="metadata.json", grid=[m], inputs={"x": x},
                args=[f"out=f32:{m}x{n}:zeros", "x=@x", str(n), str(n), str(n)],
                output="out", ref=softmax_rows(x.astype(np.float64)),
                atol=1e-6, rtol=1e-4)


def case_matmul(rng):
    m = n = k = 4096
    a = rng.standard_normal((m, k), dtype=np.float32).astype(np.float16)
    b = rng.standard_normal((k, n), dtype=np.float32).astype(np.float16)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    grid = [math.ceil(m / 128) * math.ceil(n / 128)]
    return dict(metadata="metadata_raw.json", grid=grid, inputs={"a": a, "b": b},
                args=["a=@a", "b=@b", f"c=f16:{m}x{n}:zeros", str(m), str(n), str(k),
                      str(k), str(n), str(n)],
                output="c", ref=ref, atol=0.02, rtol=0.01)


def case_row_sum(rng):
    m, n = 4096, 1024
    x = rng.standard_normal((m, n), dtype=np.float32)
    return dict(metadata="metadata.json", grid=[m], inputs={"x": x},
                args=["x=@x", f"out=f32:{m}:zeros", str(n), str(n)],
                output="out", ref=x.astype(np.float64).sum(axis=1), atol=1e-4, rtol=1e-5)


def case_gelu(rng):
    n = 1 << 20
    x = rng.standard_normal(n, dtype=np.float32) * np.float32(3)
    return dict(metadata="metadata_raw.json", grid=[n // 1024], inputs={"x": x},
                args=["x=@x", f"y=f16:{n}:zeros", str(n)],
                output="y", ref=gelu_tanh(x.astype(np.float64)), atol=1e-3, rtol=2e-3)


def case_flash_attention(rng):
    z, h, s, d = 4, 32, 1024, 64
    q, k, v = (rng.standard_normal((z, h, s, d), dtype=np.float32).astype(np.float16)
               for _ in range(3))
    scale = 1.0 / math.sqrt(d)
    ref = attention(q.astype(np.float32), k.astype(np.float32), v.astype(np.float32), scale)
    shape = f"{z}x{h}x{s}x{d}"
    return dict(metadata="metadata.json", grid=[s // 128, z * h],
                inputs={"q": q, "k": k, "v": v},
                args=["q=@q", "k=@k", "v=@v", f"o=f16:{shape}:zeros", repr(scale),
                      str(h * s * d), str(s * d), str(d), str(h), str(s)],
                output="o", ref=ref, atol=2e-3, rtol=1e-2)


def case_transpose(rng):
    m = n = 4096
    x = rng.standard_normal((m, n), dtype=np.float32)
    return dict(metadata="metadata_raw.json", grid=[m // 64, n // 64], inputs={"x": x},
                args=["x=@x", f"out=f32:{n}x{m}:zeros", str(m), str(n), str(n), str(m)],
                output="out", ref=np.ascontiguousarray(x.T), atol=0, rtol=0)


def case_histogram(rng):
    n = 1 << 20
    x = rng.random(n, dtype=np.float32)
    # The kernel's arithmetic: float32 product, truncation, clamp.
    idx = np.clip((x * np.float32(256)).astype(np.int32), 0, 255)
    ref = np.bincount(idx, minlength=256).astype(np.int32)
    return dict(metadata="metadata.json", grid=[n // 1024], inputs={"x": x},
                args=["x=@x", "bins=i32:256:zeros", str(n)],
                output="bins", ref=ref, atol=0, rtol=0)


CASES = [
    ("vector_add", "vector_add_kernel", case_vector_add),
    ("softmax", "softmax_row_kernel", case_softmax),
    ("matmul", "matmul_kernel", case_matmul),
    ("row_sum", "row_sum_kernel", case_row_sum),
    ("gelu", "gelu_tanh_kernel", case_gelu),
    ("flash_attention", "flash_attn_fwd_kernel", case_flash_attention),
    ("transpose", "transpose_kernel", case_transpose),
    ("histogram", "histogram_kernel", case_histogram),
]

# The timed runs: triton-run's arguments, and the corpus entry to compare.
BENCHES = [
    dict(name="vector_add 2^28", kernel="vector_add", cubin="vector_add_kernel",
         size="268435456", grid=[262144], unit="GB/s",
         args=["x=f32:268435456:uniform,seed=1", "y=f32:268435456:uniform,seed=2",
               "out=f32:268435456:zeros", "268435456"],
         work=["--bytes", str(12 * 268435456)]),
    dict(name="matmul 4096^3", kernel="matmul", cubin="matmul_kernel",
         size="4096x4096x4096", grid=[1024], unit="TFLOP/s",
         args=["a=f16:4096x4096:normal,seed=1", "b=f16:4096x4096:normal,seed=2",
               "c=f16:4096x4096:zeros", "4096", "4096", "4096", "4096", "4096", "4096"],
         work=["--flops", str(2 * 4096 ** 3)]),
]


def triton_run(binary, kernel, cubin, metadata, grid, args, extra, report, log):
    """Runs triton-run on one upstream kernel; returns (exit code, report)."""
    folder = os.path.join(KERNELS_DIR, kernel)
    command = [binary, os.path.join(folder, cubin + ".cubin"),
               "-m", os.path.join(folder, metadata),
               "-s", os.path.join(folder, "signature.json"),
               "-g", ",".join(str(g) for g in grid), *args, *extra, "--json", report]
    start = time.time()
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, timeout=300)
    with open(log, "a") as out:
        out.write("$ " + " ".join(command) + "\n" + result.stdout +
                  f"(exit code {result.returncode}, {time.time() - start:.1f} s)\n\n")
    data = {}
    if os.path.exists(report):
        with open(report) as f:
            data = json.load(f)
    return result.returncode, data


def check_kernels(binary, work, log, rows, reports):
    rng = np.random.default_rng(2026)
    failures = 0
    for name, cubin, make in CASES:
        case = make(rng)
        if ONLY and name not in ONLY:
            continue
        folder = os.path.join(work, name)
        os.makedirs(folder, exist_ok=True)
        args = []
        for arg in case["args"]:
            # NAME=@key: the input array `key`, saved as .npy.
            if "=@" in arg:
                buffer, key = arg.split("=@")
                path = os.path.join(folder, key + ".npy")
                np.save(path, case["inputs"][key])
                arg = f"{buffer}=@{path}"
            args.append(arg)
        ref_path = os.path.join(folder, "ref.npy")
        np.save(ref_path, case["ref"])
        extra = ["--check", f"{case['output']}={ref_path}",
                 "--atol", str(case["atol"]), "--rtol", str(case["rtol"])]
        code, report = triton_run(binary, name, cubin, case["metadata"], case["grid"], args,
                                  extra, os.path.join(folder, "report.json"), log)
        reports[name] = report
        check = (report.get("checks") or [{}])[0]
        ok = code == 0 and check.get("passed", False)
        failures += not ok
        rows.append([name, case["metadata"], "x".join(map(str, case["grid"])),
                     f"{case['atol']:g}/{case['rtol']:g}",
                     f"{check.get('max_abs_err', float('nan')):.3g}",
                     f"{check.get('max_rel_err', float('nan')):.3g}",
                     f"{check.get('mismatches', '-')}/{check.get('elements', '-')}",
                     "PASS" if ok else f"FAIL (exit {code}: {report.get('error', 'see log')})"])
    return failures


def corpus_median(kernel, size):
    with open(os.path.join(SM90, kernel, "result.json")) as f:
        result = json.load(f)
    for entry in result["bench"]:
        if entry["size"] == size:
            return entry["triton"]["median_ms"]
    raise KeyError(size)


def live_median(kernel, size):
    """do_bench now, through Triton and torch, on the kernels.py source."""
    import torch
    import triton
    sys.path.insert(0, UPSTREAM)
    import kernels
    spec = kernels.SPEC_BY_NAME[kernel]
    shape = tuple(int(s) for s in size.split("x"))
    data = spec.make(shape[0] if len(shape) == 1 else shape)
    ms = triton.testing.do_bench(lambda: spec.call(data), return_mode="median")
    del data
    torch.cuda.empty_cache()
    return ms


def bench_kernels(binary, work, log, rows, reports, live):
    failures = 0
    for bench in BENCHES:
        report_path = os.path.join(work, bench["kernel"] + "-bench.json")
        code, report = triton_run(binary, bench["kernel"], bench["cubin"], "metadata_raw.json",
                                  bench["grid"], bench["args"], ["--bench", *bench["work"]],
                                  report_path, log)
        reports[bench["name"]] = report
        timing = report.get("bench")
        if code != 0 or not timing:
            failures += 1
            rows.append([bench["name"], "-", "-", "-", "-", "-", "-",
                         f"FAIL (exit {code}: {report.get('error', 'see log')})"])
            continue
        corpus = corpus_median(bench["kernel"], bench["size"])
        ours = timing["median_ms"]
        rate = timing["gbps"] if bench["unit"] == "GB/s" else timing["tflops"]
        live_ms = live_median(bench["kernel"], bench["size"]) if live else None
        ratio = ours / corpus
        overhead = timing["launch_overhead_us"]
        ok = abs(ratio - 1) <= 0.10 and overhead <= 5.0
        failures += not ok
        rows.append([bench["name"], f"{corpus:.4f}",
                     f"{live_ms:.4f}" if live_ms else "-",
                     f"{ours:.4f} (min {timing['min_ms']:.4f}, {timing['reps']} reps)",
                     f"{ratio:.3f}", f"{rate:.1f} {bench['unit']}", f"{overhead:.2f}",
                     "PASS" if ok else "FAIL"])
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triton-run", required=True, help="the triton-run binary")
    parser.add_argument("--work", required=True, help="folder for inputs, references, reports")
    parser.add_argument("--no-bench", action="store_true", help="skip the benchmarks")
    parser.add_argument("--live", action="store_true",
                        help="also run do_bench through Triton now, on the same GPU")
    parser.add_argument("--kernels-dir", default=SM90,
                        help="folder of the CUBINs to check (default: upstream's)")
    parser.add_argument("--only", default="",
                        help="comma-separated kernels to check (default: all)")
    options = parser.parse_args()
    global KERNELS_DIR, ONLY
    KERNELS_DIR = os.path.abspath(options.kernels_dir)
    ONLY = set(k for k in options.only.split(",") if k)
    os.makedirs(options.work, exist_ok=True)
    log = os.path.join(options.work, "triton-run.log")
    open(log, "w").close()
    reports = {}

    checks = []
    failures = check_kernels(options.triton_run, options.work, log, checks, reports)
    text = f"sm_90 CUBINs of {os.path.relpath(KERNELS_DIR, ROOT)} run by triton-run, checked against numpy\n"
    text += table(["kernel", "metadata", "grid", "atol/rtol", "max abs err", "max rel err",
                   "mismatches", "result"], checks) + "\n"
    if not options.no_bench:
        benches = []
        failures += bench_kernels(options.triton_run, options.work, log, benches, reports,
                                  options.live)
        text += ("\ntriton-run --bench (median of repetitions, L2 flushed) against do_bench; "
                 "pass: within 10% of the corpus, launch overhead <= 5 us\n")
        text += table(["benchmark", "corpus ms", "live do_bench ms", "triton-run ms", "ratio",
                       "rate", "launch us", "result"], benches) + "\n"
    text += f"\n{'ALL PASS' if failures == 0 else f'{failures} FAILED'}\n"
    print(text, end="")
    with open(os.path.join(options.work, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(options.work, "reports.json"), "w") as f:
        json.dump(reports, f, indent=1)
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
