#!/usr/bin/env python3
"""CUBIN variants of bench_dots.py's pointer matmul kernel, timed beside
upstream's compile and ours: a tool for finding where a kernel's time goes.
A variant is ours' kernel with one thing changed by hand (its TTGIR, LLVM
IR or PTX edited here and compiled with triton-compile or ptxas); it is
launched through ours' compiled kernel (same launcher, same metadata), its
output checked against upstream's, and every kernel timed interleaved as
bench_dots.py times (timing.py). One line per kernel and size: median ms,
TFLOP/s, upstream ms / its ms and the quartiles of the samples' ratios.

    # on the GPU machine: ours' and upstream's compiles, to start from
    TRITON_MLIR_BIN=DIR PYTHONPATH=python python3 utils/gpu/bench_variants.py \\
        --dtype fp8 --dump $OUT/asm
    # here: edit $OUT/asm/ours.ttgir, then
    build/bin/triton-compile -o v1 edited.ttgir    # -> v1/matmul_kernel.cubin
    # on the GPU machine (carry the CUBINs, e.g. under .gpu-stage/):
    TRITON_MLIR_BIN=DIR PYTHONPATH=python python3 utils/gpu/bench_variants.py \\
        --dtype fp8 --sizes 8192,4096 --samples 300 v1=PATH/v1.cubin ...

A variant must be compiled from the same specialization as ours' compile
there (the dumped IR is): the same kernel parameters, num_warps and shared
memory size; the tool checks the output, not the binary's signature.
"""

import argparse
import copy
import os
import sys

import torch

import bench_dots
import triton_mlir
from timing import interleaved_times, median, ratio_quartiles


def setup(kind, n):
    """(launch(), kernel arguments, grid) of bench_dots' pointer kernel."""
    if bench_dots.KINDS[kind].get("tma"):
        raise SystemExit(f"bench_variants: '{kind}' is a tensor-descriptor "
                         "kernel; only the pointer kernel's variants are timed")
    s = bench_dots.setup(kind, n)
    return s["launch"], s["args"], s["grid"], s["c"]


def with_binary(kernel, path):
    """A copy of compiled `kernel` that loads the CUBIN at `path` instead."""
    variant = copy.copy(kernel)
    with open(path, "rb") as f:
        variant.kernel = f.read()
    variant.module = None  # loaded again on the first launch
    variant.function = None
    return variant


def dump(kind, directory):
    launch, _, _, _ = setup(kind, 1024)
    kernels = {"upstream": launch()}
    with triton_mlir.enabled():
        kernels["ours"] = launch()
    os.makedirs(directory, exist_ok=True)
    for who, kernel in kernels.items():
        for ext in ("ttgir", "llir", "ptx", "cubin"):
            mode = "wb" if ext == "cubin" else "w"
            with open(os.path.join(directory, f"{who}.{ext}"), mode) as f:
                f.write(kernel.asm[ext])
    print(f"wrote {directory}/{{upstream,ours}}.{{ttgir,llir,ptx,cubin}}")


def run(kind, n, samples, variants):
    launch, args, grid, c = setup(kind, n)
    up = launch()
    expected = c.clone()
    with triton_mlir.enabled():
        ours = launch()
    kernels = {"up": up, "ours": ours}
    for name, path in variants:
        kernels[name] = with_binary(ours, path)
    runners = {name: k[(grid[0], 1, 1)] for name, k in kernels.items()}
    fns = {name: (lambda r=r: r(*args)) for name, r in runners.items()}
    ok = True
    for name, fn in fns.items():
        c.zero_()
        fn()
        torch.cuda.synchronize()
        if not torch.allclose(c.float(), expected.float(), rtol=2e-2, atol=2e-2):
            print(f"{kind} {n} {name}: output DIFFERS from upstream's", flush=True)
            ok = False
    times = interleaved_times(fns, samples)
    flop = 2.0 * n ** 3
    for name, ts in times.items():
        low, high = ratio_quartiles(times["up"], ts)
        ms = median(ts)
        print(f"{kind:8s} {n:5d} {name:10s} {ms:8.4f} ms {flop / ms / 1e9:7.1f} TF/s"
              f"  up/this {median(times['up']) / ms:6.4f} (quartiles {low:5.3f}..{high:5.3f})",
              flush=True)
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dtype", default="fp8", choices=sorted(bench_dots.KINDS))
    p.add_argument("--sizes", default="8192,4096")
    p.add_argument("--samples", type=int, default=300)
    p.add_argument("--dump", metavar="DIR",
                   help="write upstream's and ours' TTGIR, LLVM IR, PTX and "
                   "CUBIN of the kernel to DIR and exit")
    p.add_argument("variants", nargs="*", metavar="NAME=CUBIN")
    args = p.parse_args()
    if args.dump:
        dump(args.dtype, args.dump)
        return 0
    variants = []
    for spec in args.variants:
        name, sep, path = spec.partition("=")
        if not sep or not name or not os.path.isfile(path):
            p.error(f"'{spec}' is not NAME=CUBIN with an existing CUBIN")
        if name in ("up", "ours"):
            p.error(f"'{name}' names upstream's or ours' own compile")
        variants.append((name, path))
    ok = True
    for n in map(int, args.sizes.split(",")):
        ok &= run(args.dtype, n, args.samples, variants)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
