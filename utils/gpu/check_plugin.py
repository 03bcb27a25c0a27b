#!/usr/bin/env python3
"""GPU check of the triton_mlir plug-in: a few @triton.jit kernels launched
the usual way, once compiled by Triton and once by our tools (the plug-in
installed), their outputs compared. Prints one line per kernel and exits 1
if any differs or is not ours.

    TRITON_MLIR_BIN=DIR PYTHONPATH=python python3 utils/gpu/check_plugin.py
"""

import sys

import torch
import triton
import triton.language as tl

import triton_mlir


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs,
             tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@triton.jit
def softmax_kernel(x_ptr, out_ptr, cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * cols + offs, mask=offs < cols, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    e = tl.exp(x)
    tl.store(out_ptr + row * cols + offs, e / tl.sum(e, axis=0), mask=offs < cols)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                  BN: tl.constexpr, BK: tl.constexpr):
    pm, pn = tl.program_id(0), tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16))


@triton.jit
def cumsum_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.cumsum(tl.load(x_ptr + offs), axis=0))


@triton.jit
def scan2d_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                  AXIS: tl.constexpr, REVERSE: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rm * N + rn)
    tl.store(out_ptr + rm * N + rn, tl.cumsum(x, axis=AXIS, reverse=REVERSE))


def run_scan2d(m, n, axis, reverse, warps):

    def run():
        x = torch.randint(-5, 5, (m, n), device="cuda", dtype=torch.int32)
        out = torch.empty_like(x)
        k = scan2d_kernel[(1, )](x, out, M=m, N=n, AXIS=axis, REVERSE=reverse,
                                 num_warps=warps)
        return k, out

    return run


@triton.jit
def vecadd_stages_kernel(a_ptr, b_ptr, out_ptr, n, num_blocks, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK * num_blocks + tl.arange(0, BLOCK)
    for _ in tl.range(0, num_blocks, num_stages=3):
        mask = offsets < n
        x = tl.load(a_ptr + offsets, mask=mask)
        y = tl.load(b_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x + y, mask=mask)
        offsets += BLOCK


@triton.jit
def compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1


@triton.jit
def misc_kernel(X, Y, Z, A, B, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    # map_elementwise with early returns, packed inline asm, a barrier,
    # fp8 abs (through its bits).
    z = tl.map_elementwise(compare, x, y)
    b = tl.inline_asm_elementwise("and.b32 $0, $1, 0x1F1F1F1F;", "=r,r", [x.to(tl.uint8)],
                                  dtype=tl.uint8, is_pure=True, pack=4)
    tl.debug_barrier()
    a = tl.abs(tl.load(A + offs).to(tl.float8e4nv, bitcast=True)).to(tl.uint8, bitcast=True)
    tl.store(Z + offs, z + b.to(tl.int32))
    tl.store(B + offs, a)


def run_vecadd_stages():
    a = torch.randn(4096, device="cuda", dtype=torch.float16)
    b = torch.randn_like(a)
    out = torch.empty_like(a)
    k = vecadd_stages_kernel[(4, )](a, b, out, a.numel(), 4, BLOCK=256)
    return k, out


def run_misc(warps):

    def run():
        x = torch.randint(-300, 300, (512, ), device="cuda", dtype=torch.int32)
        y = torch.randint(-300, 300, (512, ), device="cuda", dtype=torch.int32)
        a = torch.randint(0, 256, (512, ), device="cuda", dtype=torch.int32).to(torch.uint8)
        z = torch.empty_like(x)
        b = torch.empty_like(a)
        k = misc_kernel[(1, )](x, y, z, a, b, BLOCK=512, num_warps=warps)
        return k, torch.cat([z.float(), b.float()])

    return run


def run_add():
    x = torch.randn(100_000, device="cuda")
    y = torch.randn_like(x)
    out = torch.empty_like(x)
    k = add_kernel[(triton.cdiv(x.numel(), 1024), )](x, y, out, x.numel(), BLOCK=1024)
    return k, out


def run_softmax():
    x = torch.randn(64, 1000, device="cuda")
    out = torch.empty_like(x)
    k = softmax_kernel[(64, )](x, out, 1000, BLOCK=1024)
    return k, out


def run_matmul():
    torch.manual_seed(0)
    a = torch.randn(256, 256, device="cuda", dtype=torch.float16)
    b = torch.randn(256, 256, device="cuda", dtype=torch.float16)
    c = torch.empty(256, 256, device="cuda", dtype=torch.float16)
    k = matmul_kernel[(2, 2)](a, b, c, 256, 256, 256, BM=128, BN=128, BK=32,
                              num_warps=8)
    return k, c


def run_cumsum():
    x = torch.randn(1024, device="cuda")
    out = torch.empty_like(x)
    k = cumsum_kernel[(1, )](x, out, BLOCK=1024)
    return k, out


CASES = [("vector add", run_add), ("softmax", run_softmax),
         ("matmul fp16", run_matmul), ("cumsum 1024", run_cumsum)]
CASES += [("vecadd with num_stages=3 (plain loads pipelined)", run_vecadd_stages)]
CASES += [(f"map_elementwise, packed asm, barrier, fp8 abs, {w} warps", run_misc(w))
          for w in (4, 16)]
CASES += [(f"cumsum {m}x{n} axis {a}{' reverse' if r else ''} {w} warps",
           run_scan2d(m, n, a, r, w))
          for (m, n, w) in [(32, 256, 4), (256, 32, 8), (128, 128, 4),
                            (1, 2048, 4), (2048, 1, 4), (16, 16, 8)]
          for a in (0, 1) for r in (False, True)]


def main():
    torch.manual_seed(0)
    failed = 0
    for name, fn in CASES:
        torch.manual_seed(0)
        _, expected = fn()
        torch.manual_seed(0)
        try:
            with triton_mlir.enabled():
                kernel, got = fn()
        except Exception as e:  # report and go on with the others
            print(f"FAIL {name}: {type(e).__name__}: {str(e).splitlines()[0]}")
            failed += 1
            continue
        torch.cuda.synchronize()
        ours = getattr(kernel.metadata, "triton_mlir", None)
        same = torch.allclose(got.float(), expected.float(), rtol=1e-3, atol=1e-3)
        ok = same and ours is not None
        failed += not ok
        print(f"{'PASS' if ok else 'FAIL'} {name}: ours={ours} "
              f"max|diff|={(got.float() - expected.float()).abs().max().item():.3g}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
