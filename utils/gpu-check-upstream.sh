#!/usr/bin/env bash
#===- gpu-check-upstream.sh - upstream Triton's CUBINs through triton-run -===#
#
# One command for the GPU machine: builds triton-run on its own with cmake,
# runs the 8 sm_90 CUBINs of upstream Triton 3.6 (test/e2e/Inputs/upstream)
# on inputs made with numpy, checks every output against a numpy reference,
# times vector_add 2^28 and matmul 4096^3 against the corpus's do_bench
# numbers, and prints a table. Needs a GPU, cmake, a C++ compiler, python3
# with numpy (and Triton with torch for --live).
#
# Usage: utils/gpu-check-upstream.sh [--no-bench] [--live] [--lit-tools DIR]
#   --no-bench        skip the benchmarks
#   --live            also time the kernels with Triton's do_bench now
#   --lit-tools DIR   also run test/tools/triton-run with lit, GPU tests
#                     included: DIR holds lit/ (lit's Python package) and
#                     bin/ with FileCheck, not and count (their libraries,
#                     if any, in lib/)
# Environment: BUILD_DIR (default /tmp/build-run), WORK_DIR (default
# /tmp/triton-run-check); when OUT is set, the summary, the JSON reports and
# the logs are copied there.
#
# Exit status: 0 when the build, every check and benchmark (and the lit
# tests, if run) pass.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-/tmp/build-run}"
work="${WORK_DIR:-/tmp/triton-run-check}"
check_args=()
lit_tools=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --no-bench|--live) check_args+=("$1") ;;
    --lit-tools) lit_tools="$(cd "$2" && pwd)"; shift ;;
    -h|--help) sed -n '3,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "gpu-check-upstream.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$work"

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
echo "== building triton-run in $build"
if ! { cmake -S "$root/tools/triton-run" -B "$build" "${generator[@]}" \
         -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$build" -j "$(nproc)"; } >"$work/build.log" 2>&1; then
  cat "$work/build.log"
  echo "gpu-check-upstream.sh: the build failed" >&2
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader || true

status=0
echo "== checking the upstream kernels"
python3 "$root/utils/gpu/check_upstream.py" --triton-run "$build/bin/triton-run" \
  --work "$work" "${check_args[@]}" || status=1

if [[ -n "$lit_tools" ]]; then
  echo "== lit: test/tools/triton-run"
  # A site config like the top-level build's, for triton-run alone.
  mkdir -p "$work/lit/test/tools/triton-run"
  cat >"$work/lit/test/lit.site.cfg.py" <<EOF
config.llvm_tools_dir = "$lit_tools/bin"
config.triton_src_root = "$root"
config.triton_obj_root = "$work/lit"
config.triton_tools_dir = "$build/bin"
config.triton_version = "unknown"
config.ptxas_path = ""
import lit.llvm
lit.llvm.initialize(lit_config, config)
lit_config.load_config(config, "$root/test/lit.cfg.py")
EOF
  if LD_LIBRARY_PATH="$lit_tools/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
     PYTHONPATH="$lit_tools" python3 -c 'from lit.main import main; main()' \
       -v "$work/lit/test/tools/triton-run" \
     >"$work/lit.log" 2>&1; then
    tail -n 4 "$work/lit.log"
  else
    grep -E "^(FAIL|UNRESOLVED)|Passed|Failed|Unsupported" "$work/lit.log" || tail -n 40 "$work/lit.log"
    status=1
  fi
fi

if [[ -n "${OUT:-}" ]]; then
  for file in summary.txt reports.json triton-run.log build.log lit.log; do
    [[ -f "$work/$file" ]] && cp "$work/$file" "$OUT/"
  done
fi
exit $status
