#!/usr/bin/env bash
#===- gpu-check-ours.sh - our CUBINs on the GPU, checked and benchmarked --===#
#
# One command for the GPU machine (one `device` call): builds triton-run on
# its own with cmake, runs our sm_90 CUBIN of every corpus kernel at every
# corpus size on numpy inputs, checks each output against a numpy reference,
# and with --bench times each kernel at its largest corpus size side by side
# with upstream Triton's CUBIN (test/e2e/Inputs/upstream/sm_90).
#
# The CUBINs are compiled beforehand, where MLIR is:
#   python3 utils/compile_corpus.py --target sm_90 --out build/e2e
#   bash utils/main.sh   # the examples beside the corpus (matmul_tma), into
#                        # build/examples/sm_90
# and carried to the GPU machine (device tool: carry build/e2e and
# build/examples). A kernel folder missing in the corpus's compile is taken
# from build/examples/sm_90.
#
# Usage: utils/gpu-check-ours.sh [--bench] [--sizes all|canonical|largest]
#                                [--only k1,k2] [--kernels DIR]
# Environment: BUILD_DIR (default /tmp/build-run), WORK_DIR (default
# /tmp/triton-check-ours); when OUT is set, the summary, the JSON reports
# and the logs are copied there.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-/tmp/build-run}"
work="${WORK_DIR:-/tmp/triton-check-ours}"
kernels="$root/build/e2e/sm_90"
args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --bench) args+=(--bench) ;;
    --sizes|--only) args+=("$1" "$2"); shift ;;
    --kernels) kernels="$(cd "$2" && pwd)"; shift ;;
    -h|--help) sed -n '3,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "gpu-check-ours.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
if [[ ! -d "$kernels" ]]; then
  echo "gpu-check-ours.sh: no compiled kernels in $kernels (run utils/compile_corpus.py)" >&2
  exit 2
fi
mkdir -p "$work"
# The examples beside the corpus kernels (matmul_tma) come from the main
# job's build/examples/sm_90: linked into a copy of the kernels' folder.
examples="$root/build/examples/sm_90"
if [[ -d "$examples" ]]; then
  merged="$work/kernels"
  rm -rf "$merged" && mkdir -p "$merged"
  for dir in "$kernels"/*/ "$examples"/*/; do
    name=$(basename "$dir")
    [[ -e "$merged/$name" ]] || ln -s "$(cd "$dir" && pwd)" "$merged/$name"
  done
  kernels="$merged"
fi

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
echo "== building triton-run in $build"
if ! { cmake -S "$root/tools/triton-run" -B "$build" "${generator[@]}" \
         -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$build" -j "$(nproc)"; } >"$work/build.log" 2>&1; then
  cat "$work/build.log"
  echo "gpu-check-ours.sh: the build failed" >&2
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader || true

status=0
python3 "$root/utils/gpu/check_ours.py" --triton-run "$build/bin/triton-run" \
  --ours "$kernels" --work "$work" "${args[@]}" || status=1

if [[ -n "${OUT:-}" ]]; then
  for file in summary.txt reports.json triton-run.log build.log; do
    [[ -f "$work/$file" ]] && cp "$work/$file" "$OUT/"
  done
fi
exit $status
