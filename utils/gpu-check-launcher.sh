#!/usr/bin/env bash
#===- gpu-check-launcher.sh - a C launcher of triton-compile on the GPU ---===#
#
# For the GPU machine (one `device` call): builds test/e2e/launcher's C
# program against the launcher triton-compile wrote for vector_add, with the
# system C compiler, CUDA's cuda.h and the real libcuda, runs it and reports.
# Compile the launcher beforehand, where MLIR is, and carry build/launcher:
#   build/bin/triton-compile examples/vector_add_kernel.ttir --emit-c-launcher \
#       --no-cache -o build/launcher
#
#===----------------------------------------------------------------------===#
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${LAUNCHER_DIR:-$root/build/launcher}"
work="${WORK_DIR:-/tmp/triton-launcher}"
mkdir -p "$work"
cuda="${CUDA_HOME:-/usr/local/cuda}"
libcuda=$(ldconfig -p | awk '/libcuda.so.1 /{print $NF; exit}')
cc -std=c11 -O2 -Wall -Werror -I"$dir" -I"$cuda/include" \
  "$root/test/e2e/launcher/vector_add_main.c" "$dir/vector_add_kernel.c" \
  -o "$work/vector_add_main" ${libcuda:+"$libcuda"} -lm
"$work/vector_add_main"
