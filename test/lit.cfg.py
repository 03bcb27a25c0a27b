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
    ["triton-compile", "triton-llvm-opt", "triton-opt", "triton-run",
     "triton-tensor-layout",
     "triton-translate"],
    [config.triton_tools_dir])


def find_ptxas():
    """ptxas as triton-translate finds it: TRITON_PTXAS_PATH, the CUDA
    toolkit, PATH, then what CMake found."""
    for candidate in (os.environ.get("TRITON_PTXAS_PATH"),
                      "/usr/local/cuda/bin/ptxas", shutil.which("ptxas"),
                      config.ptxas_path):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


# Tests run with a clean environment: name the ptxas found, so that the
# tools use the one that enabled the feature.
ptxas = find_ptxas()
if ptxas:
    config.available_features.add("ptxas")
    config.environment["TRITON_PTXAS_PATH"] = ptxas

libdevice = os.environ.get("TRITON_LIBDEVICE_PATH") or \
    "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc"
if os.path.isfile(libdevice):
    config.available_features.add("libdevice")
    config.environment["TRITON_LIBDEVICE_PATH"] = libdevice


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


# CUDA's driver header and stub library, and a C compiler: the AOT launchers
# of triton-compile are compiled and linked against them.
if (os.path.isfile("/usr/local/cuda/include/cuda.h") and
        os.path.isfile("/usr/local/cuda/lib64/stubs/libcuda.so") and
        shutil.which("cc")):
    config.available_features.add("cuda_headers")


def find_triton_python():
    """A Python with triton 3.6 for the plug-in's tests: $TRITON_MLIR_PYTHON,
    else the virtual environment utils/setup.sh makes in the build tree."""
    for candidate in (os.environ.get("TRITON_MLIR_PYTHON"),
                      os.path.join(config.triton_obj_root, "venv", "bin",
                                   "python")):
        if candidate and os.path.isfile(candidate):
            return candidate
    return None


triton_python = find_triton_python()
if triton_python:
    config.available_features.add("triton-python")
    config.substitutions.append(("%triton_python", triton_python))
    # The plug-in from the source tree; Triton's cache under the test's
    # directory (each test sets TRITON_CACHE_DIR too).
    config.environment["PYTHONPATH"] = os.path.join(config.triton_src_root,
                                                    "python")
    config.environment["HOME"] = os.environ.get("HOME", "/tmp")
elif os.environ.get("CI"):
    lit_config.fatal("no Python with triton for the plug-in's tests: "
                     "utils/setup.sh makes one in the build tree (venv/)")


# Upstream Triton's own lit suite (test/UpstreamLit), beside the checkout
# as ../shared or where $TRITON_UPSTREAM_SUITE says; CI must have it.
upstream_suite = os.environ.get("TRITON_UPSTREAM_SUITE") or os.path.join(
    os.path.dirname(config.triton_src_root), "shared")
if os.path.isdir(os.path.join(upstream_suite, "upstream-lit", "triton-3.6", "test")):
    config.available_features.add("upstream-lit")
    config.substitutions.append(("%upstream_suite", upstream_suite))
elif os.environ.get("CI"):
    lit_config.fatal(f"no upstream lit suite at {upstream_suite}: "
                     "utils/get_upstream_tests.sh fetches it")
