"""pytest plug-in: runs a test suite with Triton's kernels compiled by the
Triton MLIR toolchain, the tests unchanged.

    pytest -p triton_mlir.pytest_plugin path/to/tests

Options: ``--triton-mlir-start=ttgir`` (or $TRITON_MLIR_START) leaves make_ttir
to Triton; ``--triton-mlir-bin=DIR`` (or $TRITON_MLIR_BIN) names the directory
of triton-compile. With pytest-xdist, every worker installs the plug-in.
"""

import os

import triton_mlir


def pytest_addoption(parser):
    group = parser.getgroup("triton_mlir", "Triton MLIR toolchain")
    group.addoption(
        "--triton-mlir-start", default=os.environ.get("TRITON_MLIR_START",
                                                      "ttir"),
        choices=("ttir", "ttgir"),
        help="first stage the toolchain runs: ttir (every stage after "
        "Triton's front end) or ttgir (after Triton's make_ttir)")
    group.addoption("--triton-mlir-bin", default=None,
                    help="directory of triton-compile (default: "
                    "$TRITON_MLIR_BIN, PATH, the build tree)")


def pytest_configure(config):
    triton_mlir.install(start=config.getoption("triton_mlir_start"),
                        bin_dir=config.getoption("triton_mlir_bin"))


def pytest_unconfigure(config):
    triton_mlir.uninstall()


def pytest_report_header(config):
    state = triton_mlir._state
    if state is None:
        return None
    toolchain = state.hook.toolchain
    return (f"triton_mlir {triton_mlir.__version__}: kernels compiled by "
            f"{toolchain.compile} (toolchain {toolchain.version}), from "
            f"{state.hook.start}")
