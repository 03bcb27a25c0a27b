"""Kernels of this repository's own for the compile-only regression set
(utils/regression_set.py seed runs this with the plug-in's dump on): the
layouts and ops upstream's suite showed broken, compiled for sm_90 through
the plug-in on the CPU. Argument: the repository's root."""
import os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "python"))
import triton, triton.language as tl, triton_mlir
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

@triton.jit
def cumsum2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
             AXIS: tl.constexpr, REVERSE: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + rm * N + rn)
    tl.store(out_ptr + rm * N + rn, tl.cumsum(x, axis=AXIS, reverse=REVERSE))

@triton.jit
def compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1

@triton.jit
def map_kernel(X, Y, Z, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.map_elementwise(compare, tl.load(X + offs), tl.load(Y + offs))
    tl.store(Z + offs, z)

@triton.jit
def asm_kernel(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    y = tl.inline_asm_elementwise("and.b32 $0, $1, 0x1F1F1F1F;", "=r,r", [x],
                                  dtype=tl.uint8, is_pure=True, pack=4)
    tl.debug_barrier()
    tl.store(Y + offs, y)

@triton.jit
def abs_fp8_kernel(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.abs(tl.load(X + offs)))

@triton.jit
def vecadd_stages(a_ptr, b_ptr, out_ptr, n, num_blocks, BLOCK: tl.constexpr,
                  STAGES: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK * num_blocks + tl.arange(0, BLOCK)
    for _ in tl.range(0, num_blocks, num_stages=STAGES, disable_licm=True):
        mask = offsets < n
        x = tl.load(a_ptr + offsets, mask=mask)
        y = tl.load(b_ptr + offsets, mask=mask)
        tl.store(out_ptr + offsets, x + y, mask=mask)
        offsets += BLOCK

def build(fn, sig, consts, attrs=None, **opts):
    triton.compile(ASTSource(fn, sig, consts, attrs=attrs),
                   target=GPUTarget("cuda", 90, 32), options=opts)

with triton_mlir.enabled():
    for m, n, w in [(32, 256, 4), (256, 32, 8), (1, 2048, 4), (16, 16, 8)]:
        for axis in (0, 1):
            build(cumsum2d, {"x_ptr": "*i32", "out_ptr": "*i32", "M": "constexpr",
                             "N": "constexpr", "AXIS": "constexpr",
                             "REVERSE": "constexpr"},
                  {"M": m, "N": n, "AXIS": axis, "REVERSE": axis == 1},
                  num_warps=w)
    build(map_kernel, {"X": "*i32", "Y": "*i32", "Z": "*i32",
                       "BLOCK": "constexpr"}, {"BLOCK": 128})
    build(asm_kernel, {"X": "*u8", "Y": "*u8", "BLOCK": "constexpr"},
          {"BLOCK": 512})
    build(vecadd_stages, {"a_ptr": "*fp16", "b_ptr": "*fp16", "out_ptr": "*fp16",
                          "n": "i32", "num_blocks": "i32", "BLOCK": "constexpr",
                          "STAGES": "constexpr"}, {"BLOCK": 256, "STAGES": 3},
          attrs={(i, ): [["tt.divisibility", 16]] for i in range(4)})
    build(abs_fp8_kernel, {"X": "*fp8e4nv", "Y": "*fp8e4nv",
                           "BLOCK": "constexpr"}, {"BLOCK": 256})
