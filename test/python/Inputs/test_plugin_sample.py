"""Tests that pytest-plugin.py runs through the pytest plug-ins (test data:
not a lit test)."""
import pytest

from kernels import add_kernel, compile_for_sm90

SIGNATURE = {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
             "n": "i32", "BLOCK": "constexpr"}


@pytest.mark.parametrize("block", [64, 128, 256, 512])
def test_compiled_by_us(block):
    kernel = compile_for_sm90(add_kernel, SIGNATURE, {"BLOCK": block})
    assert kernel.metadata.triton_mlir
    assert kernel.metadata.name == "add_kernel"
