# The plug-in compiles a @triton.jit kernel for sm_90 with our tools (no GPU
# needed): the kernel is marked as ours, Triton's metadata is filled, and the
# CUBIN is the one triton-compile makes from the same front-end TTIR.
# RUN: rm -rf %t && mkdir -p %t
# RUN: env TRITON_CACHE_DIR=%t/cache TRITON_MLIR_BIN=%triton_tools_dir TRITON_MLIR_DUMP_DIR=%t/dump %triton_python %s %t | FileCheck %s
# With TRITON_MLIR_DUMP_DIR, each kernel's TTIR and options are kept (the
# compile-only regression set is made of them), named by their contents.
# RUN: ls %t/dump | FileCheck %s --check-prefix=DUMPED
# DUMPED: add_kernel-{{[0-9a-f]+}}.args
# DUMPED-NEXT: add_kernel-{{[0-9a-f]+}}.source
# DUMPED-NOT: add_kernel
# RUN: cat %t/dump/add_kernel-*.args | FileCheck %s --check-prefix=ARGS
# ARGS: --arch=sm_90
# ARGS-NEXT: --num-warps=8
# ARGS-NOT: --libdevice
# RUN: xargs -a %t/options triton-compile %t/add_kernel.source --no-cache -o %t/direct
# RUN: cmp %t/direct/add_kernel.cubin %t/plugin.cubin
# RUN: cmp %t/direct/add_kernel.ptx %t/plugin.ptx
# RUN: cmp %t/direct/add_kernel.ttgir %t/plugin.ttgir
# The README's example runs as shown.
# RUN: env TRITON_CACHE_DIR=%t/readme TRITON_MLIR_BIN=%triton_tools_dir %triton_python %triton_src_root/python/examples/compile_add.py | FileCheck %s --check-prefix=README
# README: triton_mlir {{[0-9.]+}}: add, {{[0-9]+}} bytes of CUBIN

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import triton_mlir  # noqa: E402
from kernels import add_kernel, compile_for_sm90  # noqa: E402

out = sys.argv[1]
SIGNATURE = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
             "n": "i32", "BLOCK": "constexpr"}

with triton_mlir.enabled():
    assert triton_mlir.is_installed()
    kernel = compile_for_sm90(add_kernel, SIGNATURE, {"BLOCK": 1024},
                              {"num_warps": 8})
assert not triton_mlir.is_installed()

md = kernel.metadata
# CHECK: mark: 0.1.0
print("mark:", md.triton_mlir)
# CHECK-NEXT: name: add_kernel num_warps: 8 shared: 0 scratch: 0 1
print("name:", md.name, "num_warps:", md.num_warps, "shared:", md.shared,
      "scratch:", md.global_scratch_size, md.global_scratch_align)
# CHECK-NEXT: stages: source ttir ttgir llir ptx cubin
print("stages:", " ".join(kernel.asm.keys()))
# Our TTGIR, as triton-compile prints it.
# CHECK-NEXT: ttgir: #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8]
print("ttgir:", kernel.asm["ttgir"].splitlines()[0])
# CHECK-NEXT: ptx: .visible .entry add_kernel(
print("ptx:", next(l for l in kernel.asm["ptx"].splitlines()
                   if ".entry" in l))
# The CUBIN is an ELF file for sm_90a.
assert kernel.asm["cubin"][:4] == b"\x7fELF"

with open(os.path.join(out, "add_kernel.source"), "w") as f:
    f.write(kernel.asm["source"])
with open(os.path.join(out, "plugin.cubin"), "wb") as f:
    f.write(kernel.asm["cubin"])
for ext in ("ptx", "ttgir"):
    with open(os.path.join(out, "plugin." + ext), "w") as f:
        f.write(kernel.asm[ext])
# The command line the plug-in gave triton-compile for these options.
from triton.backends.nvidia.compiler import CUDABackend  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
options = CUDABackend(GPUTarget("cuda", 90, 32)).parse_options(
    {"num_warps": 8})
with open(os.path.join(out, "options"), "w") as f:
    f.write(" ".join(triton_mlir.command_options(options, 90)))

# Upstream's own compile of the same kernel, after uninstall(), is not ours.
upstream = compile_for_sm90(add_kernel, SIGNATURE, {"BLOCK": 1024},
                            {"num_warps": 8})
# CHECK-NEXT: upstream marked: False
print("upstream marked:", hasattr(upstream.metadata, "triton_mlir"))

# A process started while the plug-in is installed (a pytest-xdist worker)
# inherits $TRITON_CACHE_DIR pointing into our directory; its own install()
# puts its kernels beside the parent's, not one level further down.
import subprocess  # noqa: E402
with triton_mlir.enabled():
    ours_dir = os.environ["TRITON_CACHE_DIR"]
    child = subprocess.run(
        [sys.executable, "-c",
         "import triton_mlir, os; triton_mlir.install(); "
         "print(os.environ['TRITON_CACHE_DIR'])"],
        capture_output=True, text=True, check=True)
# CHECK-NEXT: child cache beside ours: True
print("child cache beside ours:", child.stdout.strip() == ours_dir)
assert os.environ["TRITON_CACHE_DIR"] == os.path.join(out, "cache")
assert "TRITON_MLIR_CACHE_BASE" not in os.environ
