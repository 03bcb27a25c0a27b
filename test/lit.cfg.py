# lit configuration for the Triton MLIR toolchain.
import ctypes
import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "TRITON"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
# Inputs/ holds data that RUN lines read; it is not a test by itself.
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.triton_obj_root, "test")

llvm_config.use_default_substitutions()
config.environment["FILECHECK_OPTS"] = "--enable-var-scope"
config.substitutions.append(("%PYTHON", shutil.which("python3") or "python3"))
config.substitutions.append(("%triton_version", config.triton_version))
config.substitutions.append(("%triton_src_root", config.triton_src_root))
config.substitutions.append(("%triton_tools_dir", config.triton_tools_dir))
config.substitutions.append(
    ("%triton_unittests_dir", os.path.join(config.triton_obj_root, "unittests")))

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.triton_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["triton-opt", "triton-run", "triton-tensor-layout"], [config.triton_tools_dir])

ptxas = os.environ.get("TRITON_PTXAS_PATH") or config.ptxas_path
if ptxas and os.path.isfile(ptxas) and os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")


def has_cuda_device():
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    count = ctypes.c_int(0)
    if cuda.cuInit(0) != 0:
        return False
    return cuda.cuDeviceGetCount(ctypes.byref(count)) == 0 and count.value > 0


if has_cuda_device():
    config.available_features.add("cuda")
