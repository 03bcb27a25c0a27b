"""Triton 3.6 kernels compiled by the Triton MLIR toolchain.

    import triton_mlir
    triton_mlir.install()          # every @triton.jit compile for NVIDIA now
                                   # goes through triton-compile
    ...
    triton_mlir.uninstall()

or, for a block of code, ``with triton_mlir.enabled(): ...``.

Triton's front end still turns the Python function into TTIR; from there on
the toolchain runs every stage: make_ttir, make_ttgir, make_llir, PTX and
CUBIN (``start="ttgir"`` leaves make_ttir to Triton, for bisecting). The
executables are found through ``$TRITON_MLIR_BIN``, else ``PATH``, else the
build tree of the checkout this package lives in. Kernels compiled by it
carry ``triton_mlir`` (the toolchain's version) in their metadata.
"""

import contextlib
import gc
import hashlib
import os
import threading
from typing import Optional

from ._compiler import TritonMLIRError, command_options
from ._tools import ToolsNotFound, find_bin_dir

__version__ = "0.1.0"
__all__ = [
    "install", "uninstall", "enabled", "is_installed", "TritonMLIRError",
    "ToolsNotFound", "command_options", "__version__"
]

_STARTS = ("ttir", "ttgir")
_lock = threading.Lock()
_state: Optional["_Installed"] = None


class _Hook:
    """Triton's stages inspection hook. Called with the back end, its stages,
    the options, the language and the capability, it puts our stages in;
    called with no arguments it returns (key, hash), which Triton versions
    that ask for it add to their cache key."""

    def __init__(self, toolchain, start: str):
        self.toolchain = toolchain
        self.start = start
        self.key = f"triton_mlir-{toolchain.version}-{start}"
        self.hash = hashlib.sha256(
            (self.key + toolchain.identity).encode()).hexdigest()

    def __call__(self, *args):
        if not args:
            return self.key, self.hash
        backend, stages, options, language, capability = args
        from triton.backends.compiler import Language
        if language != Language.TRITON or capability is None:
            return  # Gluon and other back ends stay upstream's.
        if getattr(backend, "target", None) is None or \
                backend.target.backend != "cuda":
            return
        from ._compiler import make_stages
        make_stages(self.toolchain, stages, options, capability, self.start)


class _Installed:

    def __init__(self, hook, saved_hook, saved_cache_dir, saved_env,
                 saved_base):
        self.hook = hook
        self.saved_hook = saved_hook
        self.saved_cache_dir = saved_cache_dir
        self.saved_env = saved_env
        self.saved_base = saved_base


_UNSET = object()
_BASE_ENV = "TRITON_MLIR_CACHE_BASE"


def _forget_compiled_kernels():
    """Drops the kernels every JITFunction has compiled in this process, so
    that the next launch compiles again with the compiler now installed
    (Triton 3.6 keys its in-memory cache on the arguments alone)."""
    from triton.runtime.jit import JITFunction
    for obj in gc.get_objects():
        if issubclass(type(obj), JITFunction):
            caches = getattr(obj, "device_caches", None)
            if caches is not None:
                caches.clear()


def is_installed() -> bool:
    return _state is not None


def install(start: str = "ttir", bin_dir: Optional[str] = None) -> None:
    """Routes Triton's NVIDIA compiles through the toolchain.

    start: "ttir" (ours run every stage after the front end) or "ttgir"
    (Triton's make_ttir, then ours). bin_dir: the directory of
    triton-compile (default: $TRITON_MLIR_BIN, PATH, the build tree).
    Kernels compiled before stay in Triton's cache: ours are cached apart,
    in a directory under Triton's cache directory named by the toolchain's
    identity."""
    global _state
    if start not in _STARTS:
        raise ValueError(f"start={start!r}: expected one of {_STARTS}")
    from pathlib import Path
    from triton import knobs
    from ._compiler import Toolchain
    with _lock:
        if _state is not None:
            _uninstall_locked()
        directory = Path(bin_dir) if bin_dir else find_bin_dir()
        saved_cache_dir = knobs.cache.__dict__.get("dir", _UNSET)
        saved_env = os.environ.get("TRITON_CACHE_DIR")
        saved_base = os.environ.get(_BASE_ENV)
        # Setting knobs.cache.dir sets $TRITON_CACHE_DIR too, which the
        # processes started meanwhile inherit (pytest-xdist's workers): they
        # find Triton's own cache directory in $TRITON_MLIR_CACHE_BASE.
        base = saved_base or knobs.cache.dir
        os.environ[_BASE_ENV] = base
        ours = os.path.join(base, "triton_mlir")
        toolchain = Toolchain(directory, ours)
        hook = _Hook(toolchain, start)
        saved_hook = knobs.runtime.add_stages_inspection_hook
        # Triton 3.6's cache key does not ask the hook: our kernels get a
        # cache directory of their own, named by the toolchain and the start.
        knobs.cache.dir = os.path.join(ours, hook.hash[:24])
        knobs.runtime.add_stages_inspection_hook = hook
        _state = _Installed(hook, saved_hook, saved_cache_dir, saved_env,
                            saved_base)
        _forget_compiled_kernels()


def _uninstall_locked() -> None:
    global _state
    from triton import knobs
    state = _state
    _state = None
    knobs.runtime.add_stages_inspection_hook = state.saved_hook
    if state.saved_cache_dir is _UNSET:
        del knobs.cache.dir
    else:
        knobs.cache.dir = state.saved_cache_dir
    if state.saved_env is None:
        os.environ.pop("TRITON_CACHE_DIR", None)
    else:
        os.environ["TRITON_CACHE_DIR"] = state.saved_env
    if state.saved_base is None:
        os.environ.pop(_BASE_ENV, None)
    else:
        os.environ[_BASE_ENV] = state.saved_base
    _forget_compiled_kernels()


def uninstall() -> None:
    """Gives Triton its own compiler back (nothing if not installed)."""
    with _lock:
        if _state is not None:
            _uninstall_locked()


@contextlib.contextmanager
def enabled(start: str = "ttir", bin_dir: Optional[str] = None):
    """install() for the block; what was installed before comes back."""
    previous = _state
    install(start=start, bin_dir=bin_dir)
    try:
        yield
    finally:
        uninstall()
        if previous is not None:
            install(start=previous.hook.start,
                    bin_dir=str(previous.hook.toolchain.bin_dir))
