#!/usr/bin/env python3
"""Persistent matmul benchmark on the GPU machine: the kernel of
examples/matmul_ws_persistent_kernel.py compiled by upstream Triton and by
ours (the triton_mlir plug-in) from the same source and launch, with
cuBLAS (torch.matmul) beside them. One line per (mode, size, config): ms
and TFLOP/s of each, upstream ms / ours ms and cuBLAS ms / ours ms, and
whether the outputs agree (with torch.matmul where upstream's compiler
fails); exits 1 if any differs. Modes: `ws`, the
warp-specialized kernel (4 warps); `flat`, its tile and k loops flattened
and software-pipelined instead (8 warps).

    TRITON_MLIR_BIN=DIR PYTHONPATH=python:examples python3 utils/gpu/bench_ws.py \\
        [--modes ws,flat] [--subtile] [--sizes 8192] \\
        [--configs 128x256x64x3,128x128x64x4] [--samples 200]

Each sample launches the kernels back to back after an L2 flush, in
rotating order; ratios are those of the medians.
"""

import argparse
import sys

import torch
import triton

import triton_mlir
from matmul_ws_persistent_kernel import matmul_ws_persistent_kernel
from timing import attempt, interleaved


MODES = {
    "ws": dict(num_warps=4, WARP_SPECIALIZE=True, FLATTEN=False),
    "flat": dict(num_warps=8, WARP_SPECIALIZE=False, FLATTEN=True),
}


def run(mode, n, config, samples, subtile):
    bm, bn, bk, stages = config
    options = dict(MODES[mode], EPILOGUE_SUBTILE=subtile)
    warps = options.pop("num_warps")
    a = torch.randn((n, n), dtype=torch.float16, device="cuda")
    b = torch.randn((n, n), dtype=torch.float16, device="cuda")
    c = torch.empty((n, n), dtype=torch.float16, device="cuda")
    sms = torch.cuda.get_device_properties("cuda").multi_processor_count
    tiles = triton.cdiv(n, bm) * triton.cdiv(n, bn)
    grid = (min(sms, tiles), )
    # The descriptors are made on the device, in global scratch.
    triton.set_allocator(lambda size, align, stream: torch.empty(
        size, dtype=torch.int8, device="cuda"))
    descs = (a, b, c)
    consts = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, NUM_SMS=sms,
                  NUM_STAGES=stages, **options)

    def launch():
        return matmul_ws_persistent_kernel[grid](*descs, n, n, n,
                                                 num_warps=warps, **consts)

    try:
        up = launch()
    except Exception as e:  # upstream's compiler may fail where ours does not
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        up = None
        print(f"{mode:4s}{'+sub' if subtile else ''} {n:5d} {bm}x{bn}x{bk} s{stages}  upstream fails "
              f"to compile: {first}", flush=True)
    expected = torch.matmul(a, b.T) if up is None else c.clone()
    with triton_mlir.enabled():
        ours = launch()
        got = c.clone()
    ours_ok = getattr(ours.metadata, "triton_mlir", None) is not None
    ws = {"up": up is not None and "ttg.warp_specialize" in up.asm["ttgir"],
          "ours": "ttg.warp_specialize" in ours.asm["ttgir"]}
    args = (*descs, n, n, n, bm, bn, bk, 8, sms, stages,
            options["WARP_SPECIALIZE"], options["FLATTEN"],
            options["EPILOGUE_SUBTILE"])
    grid3 = (grid[0], 1, 1)
    ours_run = ours[grid3]
    fns = {"ours": lambda: ours_run(*args),
           "cublas": lambda: torch.matmul(a, b.T)}
    if up is not None:
        up_run = up[grid3]
        fns["up"] = lambda: up_run(*args)
    ms = interleaved(fns, samples)
    ms.setdefault("up", float("nan"))
    reference = torch.matmul(a, b.T)
    same = (torch.allclose(got.float(), expected.float(), rtol=2e-2, atol=2e-2)
            and torch.allclose(got.float(), reference.float(), rtol=3e-2,
                               atol=3e-2))
    tf = lambda t: 2.0 * n**3 / t / 1e9
    print(f"{mode:4s}{'+sub' if subtile else ''} {n:5d} {bm}x{bn}x{bk} s{stages}  upstream {ms['up']:7.3f} ms "
          f"{tf(ms['up']):6.1f} TF/s  ours {ms['ours']:7.3f} ms "
          f"{tf(ms['ours']):6.1f} TF/s  cuBLAS {ms['cublas']:7.3f} ms "
          f"{tf(ms['cublas']):6.1f} TF/s  up/ours {ms['up'] / ms['ours']:5.3f}"
          f"  cublas/ours {ms['cublas'] / ms['ours']:5.3f}"
          f"  ws up={ws['up']} ours={ws['ours']}"
          f"  {'same' if same else 'DIFFERENT'}{'' if ours_ok else ' NOT-OURS'}",
          flush=True)
    return same and ours_ok


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--modes", default="ws")
    p.add_argument("--subtile", action="store_true",
                   help="store each tile as two halves (EPILOGUE_SUBTILE)")
    p.add_argument("--sizes", default="8192")
    p.add_argument("--configs", default="128x256x64x3,128x128x64x4")
    p.add_argument("--samples", type=int, default=200)
    args = p.parse_args()
    ok = True
    for mode in args.modes.split(","):
        for n in map(int, args.sizes.split(",")):
            for spec in args.configs.split(","):
                config = tuple(int(x) for x in spec.split("x"))
                ok &= attempt(f"{mode:4s} {n:5d} {spec}",
                              lambda: run(mode, n, config, args.samples,
                                          args.subtile))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
