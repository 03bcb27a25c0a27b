#!/usr/bin/env python3
"""Warp-specialized attention benchmark on the GPU machine: the flash
attention forward of examples/attention_ws_kernel.py compiled by upstream
Triton and by ours (the triton_mlir plug-in) from the same source and
launch, with torch's scaled_dot_product_attention (flash backend) beside
them. One line per (causal, config): ms and TFLOP/s of each, upstream ms /
ours ms and SDPA ms / ours ms, and the largest difference of ours and of
upstream's output from SDPA's; exits 1 if ours differs by more than 0.02.

    TRITON_MLIR_BIN=DIR PYTHONPATH=python:examples:utils/gpu \\
        python3 utils/gpu/bench_attention_ws.py [--shape 4,32,4096,64] \\
        [--configs 128x128x2,128x64x3] [--samples 100]

A config is BLOCK_M x BLOCK_N x num_stages (4 warps). Timing as
bench_ws.py: rotating back-to-back launches after an L2 flush, medians.
"""

import argparse
import sys

import torch
import triton
from torch.nn.attention import SDPBackend, sdpa_kernel

import triton_mlir
from attention_ws_kernel import attention_ws_kernel
from timing import attempt, interleaved


def run(shape, causal, config, samples):
    z, h, n, d = shape
    bm, bn, stages = config
    torch.manual_seed(0)
    q, k, v = (torch.randn((z, h, n, d), dtype=torch.float16, device="cuda")
               for _ in range(3))
    o = torch.empty_like(q)
    sm_scale = d**-0.5
    triton.set_allocator(lambda size, align, stream: torch.empty(
        size, dtype=torch.int8, device="cuda"))
    grid = (triton.cdiv(n, bm), z * h, 1)

    def launch():
        return attention_ws_kernel[grid](q, k, v, o, sm_scale, z * h, n,
                                         HEAD_DIM=d, BLOCK_M=bm, BLOCK_N=bn,
                                         CAUSAL=causal, NUM_STAGES=stages,
                                         num_warps=4)

    up = launch()
    expected = o.clone()
    with triton_mlir.enabled():
        ours = launch()
        got = o.clone()
    ours_ok = getattr(ours.metadata, "triton_mlir", None) is not None
    ws = {"up": "ttg.warp_specialize" in up.asm["ttgir"],
          "ours": "ttg.warp_specialize" in ours.asm["ttgir"]}
    args = (q, k, v, o, sm_scale, z * h, n, d, bm, bn, causal, stages)
    up_run, ours_run = up[grid], ours[grid]

    def sdpa():
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            return torch.nn.functional.scaled_dot_product_attention(
                q, k, v, is_causal=causal, scale=sm_scale)

    reference = sdpa()
    ms = interleaved({
        "up": lambda: up_run(*args),
        "ours": lambda: ours_run(*args),
        "sdpa": sdpa,
    }, samples)
    err_ours = (got.float() - reference.float()).abs().max().item()
    err_up = (expected.float() - reference.float()).abs().max().item()
    same = err_ours <= 2e-2
    flop = 4.0 * z * h * n * n * d * (0.5 if causal else 1.0)
    tf = lambda t: flop / t / 1e9
    print(f"{'causal' if causal else 'full  '} {bm}x{bn} s{stages}  upstream "
          f"{ms['up']:7.3f} ms {tf(ms['up']):6.1f} TF/s  ours {ms['ours']:7.3f}"
          f" ms {tf(ms['ours']):6.1f} TF/s  SDPA {ms['sdpa']:7.3f} ms "
          f"{tf(ms['sdpa']):6.1f} TF/s  up/ours {ms['up'] / ms['ours']:5.3f}  "
          f"sdpa/ours {ms['sdpa'] / ms['ours']:5.3f}  ws up={ws['up']} "
          f"ours={ws['ours']}  max error vs SDPA: ours {err_ours:.3g}, "
          f"upstream {err_up:.3g}  {'same' if same else 'DIFFERENT'}"
          f"{'' if ours_ok else ' NOT-OURS'}", flush=True)
    return same and ours_ok


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--shape", default="4,32,4096,64")
    p.add_argument("--configs", default="128x128x2,128x64x3")
    p.add_argument("--samples", type=int, default=100)
    args = p.parse_args()
    shape = tuple(int(x) for x in args.shape.split(","))
    ok = True
    for causal in (False, True):
        for spec in args.configs.split(","):
            config = tuple(int(x) for x in spec.split("x"))
            ok &= attempt(f"{'causal' if causal else 'full  '} {spec}",
                          lambda: run(shape, causal, config, args.samples))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
