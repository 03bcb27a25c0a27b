# The pytest plug-in compiles a test file's kernels with our tools, unchanged
# tests; utils/pytest/upstream_sample keeps every N-th test of the
# collection, as utils/upstream_tests.py runs upstream's suite.
# RUN: rm -rf %t && mkdir -p %t
# RUN: env TRITON_CACHE_DIR=%t/cache TRITON_MLIR_BIN=%triton_tools_dir PYTHONPATH=%triton_src_root/python:%triton_src_root/utils/pytest:%S/Inputs UPSTREAM_SAMPLE_EVERY=2 %triton_python -m pytest -p no:cacheprovider -p triton_mlir.pytest_plugin -p upstream_sample -v %S/Inputs/test_plugin_sample.py | FileCheck %s
# CHECK: triton_mlir {{[0-9.]+}}: kernels compiled by {{.*}}triton-compile (toolchain {{[0-9.]+}}), from ttir
# CHECK: test_compiled_by_us[64] PASSED
# CHECK-NEXT: test_compiled_by_us[256] PASSED
# CHECK: 2 passed, 2 deselected
# Without the plug-in, the same tests fail: Triton's own kernels carry no mark.
# RUN: env TRITON_CACHE_DIR=%t/cache TRITON_MLIR_BIN=%triton_tools_dir PYTHONPATH=%triton_src_root/python:%S/Inputs not %triton_python -m pytest -p no:cacheprovider %S/Inputs/test_plugin_sample.py | FileCheck %s --check-prefix=UPSTREAM
# UPSTREAM: 4 failed
