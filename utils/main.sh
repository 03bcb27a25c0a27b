#!/usr/bin/env bash
#===- utils/main.sh - the README's main job ------------------------------===#
#
# Installs and builds (utils/setup.sh), then compiles every bundled example
# kernel (examples/*.ttir, TTIR printed by upstream Triton 3.6; num-warps and
# num-stages from examples/kernels.txt) with triton-compile for sm_90 through
# every stage, printing a table of the artifacts' sizes and the stages'
# times. Where a GPU is present it then runs each CUBIN with triton-run on
# numpy inputs and checks it against numpy (utils/gpu/check_ours.py).
#
# Environment: TRITON_BUILD_DIR (default build/), TRITON_OUT_DIR (default
# <build>/examples), TRITON_ARCH (default sm_90).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${TRITON_BUILD_DIR:-$ROOT/build}
OUT_DIR=${TRITON_OUT_DIR:-$BUILD_DIR/examples}
ARCH=${TRITON_ARCH:-sm_90}

bash "$ROOT/utils/setup.sh"

COMPILE="$BUILD_DIR/bin/triton-compile"
mkdir -p "$OUT_DIR"
status=0
printf '%-22s %-6s %10s %9s\n' kernel stage bytes seconds
while read -r folder name warps stages; do
  [[ -z "$folder" || "$folder" == \#* ]] && continue
  src="$ROOT/examples/$name.ttir"
  # The folder layout utils/gpu/check_ours.py reads: <folder>/<name>.*
  out="$OUT_DIR/$ARCH/$folder"
  report="$OUT_DIR/$name.timing.txt"
  if ! "$COMPILE" "$src" --arch="$ARCH" --num-warps="$warps" --num-stages="$stages" \
      --no-cache --timing -o "$out" 2>"$report"; then
    cat "$report"
    printf '%-22s %-6s %10s %9s\n' "$name" '-' FAILED -
    status=1
    continue
  fi
  # Wall time of each stage from the timing report ("  0.0123 (  5.0%)  make_ttir");
  # llir is make_llir's passes, the translation and LLVM's O3.
  for stage in ttir ttgir llir ptx cubin json; do
    case $stage in
      ttir) key="make_ttir" ;; ttgir) key="make_ttgir" ;;
      llir) key="make_llir|translate to LLVM IR|optimize LLVM IR" ;;
      ptx) key="make_ptx" ;; cubin) key="make_cubin" ;; json) key="" ;;
    esac
    seconds=-
    if [[ -n "$key" ]]; then
      seconds=$(awk -v k="$key" '$0 ~ k && $2 ~ /\(/ {t += $1; n++}
                                 END {if (n) printf "%.4f", t}' "$report")
      seconds=${seconds:--}
    fi
    printf '%-22s %-6s %10d %9s\n' "$name" "$stage" "$(stat -c %s "$out/$name.$stage")" "$seconds"
  done
done < "$ROOT/examples/kernels.txt"
echo
echo "Artifacts are in $OUT_DIR/$ARCH/<kernel>/."

if [[ "$ARCH" == sm_90 ]] && python3 -c 'import ctypes; c = ctypes.CDLL("libcuda.so.1"); n = ctypes.c_int(); assert c.cuInit(0) == 0 and c.cuDeviceGetCount(ctypes.byref(n)) == 0 and n.value > 0' 2>/dev/null; then
  echo
  echo "A GPU is present: running every example with triton-run, checked against numpy."
  python3 -c 'import numpy' 2>/dev/null || python3 -m pip install --quiet numpy
  python3 "$ROOT/utils/gpu/check_ours.py" --triton-run "$BUILD_DIR/bin/triton-run" \
    --ours "$OUT_DIR/$ARCH" --work "$OUT_DIR/gpu-check" --sizes canonical || status=1
else
  echo "No GPU here: the kernels were compiled, not run."
fi
exit $status
