#!/usr/bin/env bash
#===- utils/main.sh - the README's main job ------------------------------===#
#
# Installs and builds (utils/setup.sh), then takes every bundled example
# kernel (examples/*.ttir, TTIR printed by upstream Triton 3.6) through the
# stages the toolchain has, printing a table of stages, sizes and times.
# Stages not built yet are listed as such rather than skipped silently.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${TRITON_BUILD_DIR:-$ROOT/build}
OUT_DIR=${TRITON_OUT_DIR:-$BUILD_DIR/examples}

bash "$ROOT/utils/setup.sh"

OPT="$BUILD_DIR/bin/triton-opt"
mkdir -p "$OUT_DIR"
printf '%-24s %-10s %10s %9s\n' kernel stage bytes seconds
status=0
for src in "$ROOT"/examples/*.ttir; do
  name=$(basename "$src" .ttir)
  out="$OUT_DIR/$name.ttir"
  start=$(date +%s.%N)
  if "$OPT" "$src" -o "$out.tmp" && mv "$out.tmp" "$out"; then
    end=$(date +%s.%N)
    printf '%-24s %-10s %10d %9.3f\n' "$name" ttir "$(stat -c %s "$out")" \
      "$(echo "$end - $start" | bc)"
  else
    printf '%-24s %-10s %10s %9s\n' "$name" ttir FAILED -
    status=1
  fi
done
echo
echo "Printed IR is in $OUT_DIR. Later stages (ttgir, llir, ptx, cubin) and"
echo "GPU runs are not part of the toolchain yet."
exit $status
