"""Compiles a @triton.jit kernel for sm_90 through the Triton MLIR toolchain
(no GPU needed) and prints the mark, the kernel's name and the CUBIN's size.

    TRITON_MLIR_BIN=$PWD/build/bin build/venv/bin/python python/examples/compile_add.py
"""
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

import triton_mlir


@triton.jit
def add(x, y, out, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out + offs, tl.load(x + offs, mask=mask) + tl.load(y + offs, mask=mask), mask=mask)


signature = {"x": "*fp32", "y": "*fp32", "out": "*fp32", "n": "i32", "BLOCK": "constexpr"}
with triton_mlir.enabled():  # or triton_mlir.install() ... triton_mlir.uninstall()
    kernel = triton.compile(ASTSource(add, signature, {"BLOCK": 1024}), target=GPUTarget("cuda", 90, 32))
print(f"triton_mlir {kernel.metadata.triton_mlir}: {kernel.metadata.name}, "
      f"{len(kernel.asm['cubin'])} bytes of CUBIN")
