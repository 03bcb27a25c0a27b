#!/usr/bin/env bash
#===- utils/test.sh - install, build and run the whole lit suite ---------===#
#
# The README's test command and what CI runs. GPU tests (REQUIRES: cuda)
# run only where a driver and a GPU are found; elsewhere lit reports them
# unsupported. Ends with one summary line "N passed, N failed, N skipped".
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${TRITON_BUILD_DIR:-$ROOT/build}

bash "$ROOT/utils/setup.sh"

results="$BUILD_DIR/test-results.xml"
rm -f "$results"
status=0
/usr/lib/llvm-22/bin/lit -sv --xunit-xml-output "$results" \
  "$BUILD_DIR/test" "$@" || status=$?

python3 "$ROOT/utils/lit-summary.py" "$results"
exit $status
