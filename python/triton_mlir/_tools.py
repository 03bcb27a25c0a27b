"""Finding the toolchain's executables and running them."""

import hashlib
import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Optional, Sequence

TOOLS = ("triton-compile", "triton-translate")


class ToolsNotFound(RuntimeError):
    """No triton-compile where the plug-in looks for it."""


def _build_tree_bin() -> Path:
    # python/triton_mlir/_tools.py -> <repository>/build/bin
    return Path(__file__).resolve().parent.parent.parent / "build" / "bin"


def find_bin_dir() -> Path:
    """The directory of triton-compile: $TRITON_MLIR_BIN, else the one on
    PATH, else the build tree beside this package (an editable install or
    a checkout)."""
    tried = []
    env = os.environ.get("TRITON_MLIR_BIN")
    if env:
        path = Path(env)
        if (path / "triton-compile").is_file():
            return path
        raise ToolsNotFound(
            f"TRITON_MLIR_BIN={env}: no triton-compile in that directory")
    on_path = shutil.which("triton-compile")
    if on_path:
        return Path(on_path).resolve().parent
    tried.append("PATH")
    build = _build_tree_bin()
    if (build / "triton-compile").is_file():
        return build
    tried.append(str(build))
    raise ToolsNotFound(
        "cannot find triton-compile: set TRITON_MLIR_BIN to the directory "
        "that holds it (looked on " + " and in ".join(tried) + ")")


def tool(bin_dir: Path, name: str) -> str:
    path = bin_dir / name
    if not path.is_file():
        raise ToolsNotFound(f"cannot find {name} in {bin_dir}")
    return str(path)


def identity(bin_dir: Path) -> str:
    """A hash of the executables' paths, sizes and modification times: a
    rebuilt compiler gets a new one, as Triton's cache key hashes its own
    code."""
    parts: List[str] = []
    for name in ("triton-compile", "triton-compile-stages",
                 "triton-translate"):
        path = bin_dir / name
        try:
            st = path.stat()
            parts.append(f"{path} {st.st_size} {st.st_mtime_ns}")
        except OSError:
            parts.append(f"{path} missing")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def version(bin_dir: Path) -> str:
    """The toolchain's version, as `triton-compile --version` names it."""
    out = subprocess.run([tool(bin_dir, "triton-compile"), "--version"],
                         capture_output=True, text=True, check=False)
    for line in (out.stdout + out.stderr).splitlines():
        line = line.strip()
        if line.startswith("triton-compile (Triton MLIR toolchain)"):
            return line.rsplit(" ", 1)[-1]
    return "unknown"


def run(args: Sequence[str], cwd: Optional[str] = None):
    return subprocess.run(list(args), capture_output=True, text=True,
                          cwd=cwd, check=False)
