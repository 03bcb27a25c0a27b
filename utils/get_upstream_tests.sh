#!/usr/bin/env bash
#===- utils/get_upstream_tests.sh - fetch Triton 3.6's own tests ---------===#
#
# Usage: bash utils/get_upstream_tests.sh [DIR]     (default: ../shared)
#
# Fetches upstream Triton's tests at the commit this project pins (3.6.0) with
# a sparse, shallow git clone, and lays them out as the runners expect:
#   DIR/upstream-lit/triton-3.6/test     Triton's test/ (lit), AMD-only parts
#                                        and the C++ test passes (test/lib) left out
#   DIR/upstream-tests/triton-3.6        python/test/conftest.py and
#                                        python/test/unit/language/*
# Then:
#   python3 utils/upstream_lit.py --suite DIR
#   python3 utils/upstream_tests.py stage --suite DIR
# Needs git and access to github.com. Nothing is written into DIR unless the
# clone succeeds.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DEST=${1:-$ROOT/../shared}
REPO=${TRITON_REPO:-https://github.com/triton-lang/triton.git}
COMMIT=004d7f5f58c2299a714e20c214893d4907dc8509

if [ -e "$DEST/upstream-lit/triton-3.6/test" ] || [ -e "$DEST/upstream-tests/triton-3.6" ]; then
  echo "get_upstream_tests: $DEST already holds the suites; remove them to fetch again" >&2
  exit 1
fi
command -v git >/dev/null || { echo "get_upstream_tests: git is needed" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$tmp" init -q triton
git -C "$tmp/triton" remote add origin "$REPO"
git -C "$tmp/triton" sparse-checkout set --no-cone /test/ /python/test/conftest.py \
  /python/test/unit/language/ /LICENSE
if ! git -C "$tmp/triton" fetch -q --depth 1 --filter=blob:none origin "$COMMIT"; then
  echo "get_upstream_tests: could not fetch $COMMIT from $REPO (no network?)" >&2
  exit 1
fi
git -C "$tmp/triton" checkout -q FETCH_HEAD

src=$tmp/triton
rm -rf "$src/test/lib" "$src/test/TritonAMDGPU" "$src/test/Conversion/amd"
find "$src/test" -iname '*amd*' -prune -exec rm -rf {} +
mkdir -p "$tmp/out/upstream-lit/triton-3.6" "$tmp/out/upstream-tests/triton-3.6/language"
cp -r "$src/test" "$tmp/out/upstream-lit/triton-3.6/test"
cp "$src/LICENSE" "$tmp/out/upstream-lit/triton-3.6/LICENSE"
cp "$src/LICENSE" "$tmp/out/upstream-tests/triton-3.6/LICENSE"
cp "$src/python/test/conftest.py" "$tmp/out/upstream-tests/triton-3.6/"
cp "$src"/python/test/unit/language/*.py "$tmp/out/upstream-tests/triton-3.6/language/"

mkdir -p "$DEST"
mv "$tmp/out/upstream-lit" "$DEST/upstream-lit"
mv "$tmp/out/upstream-tests" "$DEST/upstream-tests"
echo "get_upstream_tests: Triton ${COMMIT:0:12}'s tests in $DEST (no owners.py: every chunk's owner shows as '-')"
