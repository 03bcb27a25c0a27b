#!/usr/bin/env bash
#===- gpu-check-launcher.sh - a C launcher of triton-compile on the GPU ---===#
#
# For the GPU machine (one `device` call): builds test/e2e/launcher's C
# programs against the launchers triton-compile wrote for vector_add and
# matmul (96 KB of shared memory: the launcher opts in above 48 KB) and, on
# sm_90, a TMA copy that takes CUtensorMaps by value (tma_roundtrip, when its
# launcher is there) and one that makes its tensor maps in the global
# scratch its launcher allocates (made_descriptor_copy, when there), with
# the system C compiler, CUDA's cuda.h and the real
# libcuda, runs them and reports. Compile the launchers beforehand, where
# MLIR is, and carry build/launcher:
#   build/bin/triton-compile examples/vector_add_kernel.ttir --emit-c-launcher \
#       --no-cache -o build/launcher
#   build/bin/triton-compile examples/matmul_kernel.ttir --arch=sm_90 \
#       --num-warps=8 --emit-c-launcher --no-cache -o build/launcher
#   build/bin/triton-compile test/e2e/launcher/tma_roundtrip_kernel.ttgir \
#       --arch=sm_90 --emit-c-launcher --no-cache -o build/launcher
#   build/bin/triton-compile \
#       test/tools/triton-compile/Inputs/made_descriptor_copy.ttir \
#       --arch=sm_90 --emit-c-launcher --no-cache -o build/launcher
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${LAUNCHER_DIR:-$root/build/launcher}"
work="${WORK_DIR:-/tmp/triton-launcher}"
mkdir -p "$work"
cuda="${CUDA_HOME:-/usr/local/cuda}"
libcuda=$(ldconfig -p | awk '/libcuda.so.1 /{print $NF; exit}')
status=0
kernels="vector_add matmul"
[ -f "$dir/tma_roundtrip_kernel.c" ] && kernels="$kernels tma_roundtrip"
[ -f "$dir/made_descriptor_copy.c" ] && kernels="$kernels made_descriptor_copy"
for kernel in $kernels; do
  # The examples' launchers are <kernel>_kernel.c; the test inputs' are
  # named after the kernel itself.
  source="$dir/${kernel}_kernel.c"
  [ -f "$source" ] || source="$dir/${kernel}.c"
  cc -std=c11 -O2 -Wall -Werror -I"$dir" -I"$cuda/include" \
    "$root/test/e2e/launcher/${kernel}_main.c" "$source" \
    -o "$work/${kernel}_main" ${libcuda:+"$libcuda"} -lm
  "$work/${kernel}_main" || status=1
done
exit $status
