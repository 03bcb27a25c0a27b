# What reaches Python when our tools refuse a compile: an exception with our
# diagnostic (the first error with its location, then the reproducer), for
# options we cannot honour and for kernels we reject.
# RUN: rm -rf %t && mkdir -p %t
# RUN: env TRITON_CACHE_DIR=%t/cache TRITON_MLIR_BIN=%triton_tools_dir %triton_python %s %t 2>&1 | FileCheck %s
# A kept reproducer, with the command that replays it.
# RUN: cat %t/cache/triton_mlir/failures/*/command.sh | FileCheck %s --check-prefix=KEPT
# KEPT: triton-compile {{.*}}/failures/{{[0-9a-f]+}}/kernel.source --first-stage=make_ttir

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import triton_mlir  # noqa: E402
from kernels import add_kernel, bad_asm_kernel, compile_for_sm90  # noqa: E402

ADD = ({"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32",
        "BLOCK": "constexpr"}, {"BLOCK": 256})


def attempt(what, fn, signature, constexprs, options=None):
    try:
        compile_for_sm90(fn, signature, constexprs, options)
    except triton_mlir.TritonMLIRError as e:
        print(f"{what}: {type(e).__name__}: {e}")
        return
    print(f"{what}: compiled")


triton_mlir.install()

# An option triton-compile refuses.
# CHECK-LABEL: maxnreg: TritonMLIRError: triton-compile failed: triton-compile: error: --maxnreg=8: expected 24 to 255 registers
# CHECK-NEXT: reproducer: {{.*}}/failures/{{[0-9a-f]+}}/kernel.source
# CHECK-NEXT: command: {{.*}}triton-compile {{.*}}kernel.source --first-stage=make_ttir {{.*}} -o {{.*}}/failures/{{[0-9a-f]+}}/out --arch=sm_90
attempt("maxnreg", add_kernel, *ADD, {"maxnreg": 8})

# Options the plug-in refuses before any tool runs.
# CHECK-LABEL: instrumentation: TritonMLIRError: triton_mlir: instrumentation_mode='consan' is not supported
attempt("instrumentation", add_kernel, *ADD,
        {"instrumentation_mode": "consan"})
# CHECK-LABEL: extern: TritonMLIRError: triton_mlir: the extern library 'mylib' ({{.*}}) is not supported
mylib = os.path.join(sys.argv[1], "mylib.bc")
open(mylib, "wb").close()
attempt("extern", add_kernel, *ADD, {"extern_libs": {"mylib": mylib}})

# A kernel we reject: its inline assembly is no PTX instruction, which
# ptxas says, located in the PTX. Then the reproducer, kept.
# CHECK-LABEL: bad asm: TritonMLIRError: triton-compile failed: triton-compile: error: ptxas failed
# CHECK: ptxas bad_asm_kernel.ptx, line {{[0-9]+}}; error   : Unknown modifier '.an'
# CHECK: reproducer: {{.*}}/failures/{{[0-9a-f]+}}/kernel.source
attempt("bad asm", bad_asm_kernel, {"x_ptr": "*i32", "BLOCK": "constexpr"},
        {"BLOCK": 128})

# Options we honour compile.
# CHECK-LABEL: honoured: compiled
attempt("honoured", add_kernel, *ADD,
        {"maxnreg": 128, "enable_fp_fusion": False, "num_stages": 2,
         "ptx_options": "--warn-on-spills"})
triton_mlir.uninstall()

# With the tools missing, install() says where it looked.
os.environ["TRITON_MLIR_BIN"] = os.path.join(sys.argv[1], "nowhere")
try:
    triton_mlir.install()
except triton_mlir.ToolsNotFound as e:
    # CHECK-LABEL: not found: TRITON_MLIR_BIN={{.*}}nowhere: no triton-compile in that directory
    print("not found:", e)
