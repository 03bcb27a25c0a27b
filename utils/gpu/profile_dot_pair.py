#!/usr/bin/env python3
"""Launches bench_dots' tutorial matmul once compiled by upstream Triton and
once by ours (in that order, after a warm-up of each), for a profiler to
compare the two launches:

    TRITON_MLIR_BIN=DIR PYTHONPATH=python ncu --kernel-name matmul_kernel \\
        --launch-skip 2 --launch-count 2 --section SpeedOfLight ... \\
        python3 utils/gpu/profile_dot_pair.py --dtype fp8 --size 4096

Launches: upstream warm-up, ours warm-up, upstream, ours.
"""

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_dots  # noqa: E402
import triton_mlir  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dtype", default="fp8", choices=sorted(bench_dots.KINDS))
    p.add_argument("--size", type=int, default=4096)
    args = p.parse_args()
    spec = bench_dots.KINDS[args.dtype]
    n = args.size
    a, b = bench_dots.inputs(args.dtype, n)
    c = torch.empty((n, n), dtype=spec["out"], device="cuda")
    cfg = spec["cfg"]
    grid = ((n // cfg["BLOCK_M"]) * (n // cfg["BLOCK_N"]), )

    def launch():
        bench_dots.matmul_kernel[grid](a, b, c, n, n, n, a.stride(0),
                                       a.stride(1), b.stride(0), b.stride(1),
                                       c.stride(0), c.stride(1),
                                       ACC_TYPE=spec["acc"], **cfg)

    launch()
    with triton_mlir.enabled():
        launch()
    torch.cuda.synchronize()
    launch()
    with triton_mlir.enabled():
        launch()
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
