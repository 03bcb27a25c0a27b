#!/usr/bin/env bash
#===- utils/setup.sh - install dependencies, configure and build ---------===#
#
# Idempotent. Works as root on a fresh Debian 12 machine: installs the Debian
# packages the build needs (running apt-get update first when something is
# missing), configures with CMake + Ninja against /usr/lib/llvm-22 and builds.
#
# Then makes a Python virtual environment in the build tree (venv/) with
# triton 3.6.0 from pip, for the triton_mlir plug-in and its tests.
#
# Environment: TRITON_BUILD_DIR (default: build/), TRITON_BUILD_TYPE
# (default: Release), TRITON_SKIP_INSTALL=1 to never call apt-get or pip.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${TRITON_BUILD_DIR:-$ROOT/build}
BUILD_TYPE=${TRITON_BUILD_TYPE:-Release}

PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          cmake ninja-build ccache g++ python3 python3-venv zlib1g-dev libzstd-dev
          libgtest-dev python3-psutil)

install_packages() {
  local missing=()
  for pkg in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
        grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y \
    --no-install-recommends "${missing[@]}"
}

if [ "${TRITON_SKIP_INSTALL:-0}" != 1 ]; then
  install_packages
fi

cmake_args=(-S "$ROOT" -B "$BUILD_DIR" -G Ninja
            -DCMAKE_BUILD_TYPE="$BUILD_TYPE")
if command -v ccache >/dev/null; then
  cmake_args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache
               -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$BUILD_DIR/CMakeCache.txt" ]; then
  cmake "${cmake_args[@]}"
fi
cmake --build "$BUILD_DIR"

# Triton 3.6 for the plug-in (python/triton_mlir): its front end makes the
# IR that our tools compile. No GPU is needed to compile. pytest for the
# pytest plug-in's test.
TRITON_VERSION=3.6.0
venv="$BUILD_DIR/venv"
if [ "${TRITON_SKIP_INSTALL:-0}" != 1 ] &&
    ! "$venv/bin/python" -c "import triton, pytest, sys
sys.exit(triton.__version__ != '$TRITON_VERSION')" 2>/dev/null; then
  echo "setup: installing triton $TRITON_VERSION and pytest into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    "triton==$TRITON_VERSION" pytest
fi
