"""The stages Triton runs, replaced by the Triton MLIR toolchain's.

Triton's NVIDIA back end builds a dictionary of stages, ``ttir``, ``ttgir``,
``llir``, ``ptx`` and ``cubin``, each a function ``fn(src, metadata)`` given
the previous stage's result, and lets ``knobs.runtime.add_stages_inspection_hook``
replace them. Ours run ``triton-compile`` once, on the first stage we own, and
hand its artifacts out one stage at a time. A stage given something other than
what the stage before it returned (an IR override put in by Triton between two
stages) compiles that input from there on.
"""

import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Dict, List

from . import _tools

# The stages in Triton's order, with what triton-compile calls the stage that
# makes each, and the extension of the file that stage reads.
_FIRST_STAGE = {
    "ttir": ("make_ttir", ".source"),
    "ttgir": ("make_ttgir", ".ttir"),
    "llir": ("make_llir", ".ttgir"),
}
_ARTIFACTS = ("ttir", "ttgir", "llir", "ptx", "cubin", "json")


class TritonMLIRError(RuntimeError):
    """A compile that the Triton MLIR toolchain rejected. ``str()`` gives the
    first error with its source location and the reproducer; ``log`` holds
    everything the tool printed, ``command`` the command that reproduces it.
    """

    def __init__(self, message: str, log: str = "", command: str = "",
                 reproducer: str = ""):
        super().__init__(message)
        self.log = log
        self.command = command
        self.reproducer = reproducer


def command_options(options, capability: int) -> List[str]:
    """triton-compile's options for Triton's CUDAOptions. An option set to a
    value the toolchain cannot honour raises TritonMLIRError."""

    def refuse(what: str):
        raise TritonMLIRError(
            f"triton_mlir: {what} is not supported by the Triton MLIR "
            "toolchain (uninstall triton_mlir to compile it with Triton's "
            "own compiler)")

    if getattr(options, "warp_size", 32) != 32:
        refuse(f"warp_size={options.warp_size}")
    mode = getattr(options, "instrumentation_mode", "") or ""
    if mode:
        refuse(f"instrumentation_mode={mode!r}")
    args = [
        f"--arch=sm_{capability}",
        f"--num-warps={options.num_warps}",
        f"--num-stages={options.num_stages}",
        f"--num-ctas={options.num_ctas}",
        f"--enable-fp-fusion={'true' if options.enable_fp_fusion else 'false'}",
        "--enable-reflect-ftz=" +
        ("true" if getattr(options, "enable_reflect_ftz", True) else "false"),
    ]
    if options.maxnreg is not None:
        args.append(f"--maxnreg={options.maxnreg}")
    if options.ptx_version is not None:
        args.append(f"--ptx-version={options.ptx_version}")
    if options.ptx_options:
        args.append(f"--ptxas-options={options.ptx_options}")
    for name, path in options.extern_libs or ():
        if name != "libdevice":
            refuse(f"the extern library {name!r} ({path})")
        args.append(f"--libdevice={path}")
    return args


def _first_error(log: str) -> str:
    """The first error and the notes that follow it."""
    lines = log.splitlines()
    for i, line in enumerate(lines):
        if "error:" in line:
            out = [line]
            for follow in lines[i + 1:]:
                if "error:" in follow or "warning:" in follow:
                    break
                out.append(follow)
            # MLIR prints the op after a diagnostic; keep a few lines.
            return "\n".join(out[:12]).rstrip()
    return log.strip().splitlines()[0] if log.strip() else "failed"


class Toolchain:
    """The executables, their identity and where failures are kept."""

    def __init__(self, bin_dir: Path, cache_dir: str):
        self.bin_dir = bin_dir
        self.compile = _tools.tool(bin_dir, "triton-compile")
        self.translate = _tools.tool(bin_dir, "triton-translate")
        self.version = _tools.version(bin_dir)
        self.identity = _tools.identity(bin_dir)
        # triton-compile's own cache, and kept failures.
        self.cache_dir = os.path.join(cache_dir, "tools")
        self.failures_dir = os.path.join(cache_dir, "failures")

    def fail(self, what: str, result, input_text: str, input_name: str,
             args: List[str]):
        """Raises TritonMLIRError for a failed tool run. The input is kept
        under the failures directory with the command that reproduces it."""
        log = (result.stderr or "") + (result.stdout or "")
        digest = hashlib.sha256(
            (input_text + "\0" + " ".join(args)).encode()).hexdigest()[:16]
        keep = os.path.join(self.failures_dir, digest)
        os.makedirs(keep, exist_ok=True)
        kept_input = os.path.join(keep, input_name)
        _write(kept_input, input_text)
        # The command, reading the kept input and writing beside it.
        command_args = [args[0], kept_input] + args[2:]
        if "-o" in command_args:
            command_args[command_args.index("-o") + 1] = os.path.join(
                keep, "out")
        command = " ".join(command_args)
        _write(os.path.join(keep, "command.sh"), command + "\n")
        _write(os.path.join(keep, "log.txt"), log)
        # A pass pipeline's reproducer is written beside the outputs, which
        # are about to go: it is kept with the input.
        reproducer = kept_input
        match = re.search(r"reproducer: (\S+)", log)
        if match and os.path.isfile(match.group(1)):
            reproducer = os.path.join(keep, os.path.basename(match.group(1)))
            shutil.copyfile(match.group(1), reproducer)
            log = log.replace(match.group(1), reproducer)
        message = (f"{what} failed: {_first_error(log)}\n"
                   f"reproducer: {reproducer}\n"
                   f"command: {command}")
        raise TritonMLIRError(message, log=log, command=command,
                              reproducer=reproducer)


def _write(path: str, text) -> None:
    """Writes a file atomically."""
    mode = "wb" if isinstance(text, bytes) else "w"
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".",
                               prefix=".tmp-")
    try:
        with os.fdopen(fd, mode) as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class KernelCompile:
    """One kernel through our stages: what triton-compile made, and what
    each stage returned (to tell our own result from an override)."""

    def __init__(self, toolchain: Toolchain, options, capability: int):
        self.toolchain = toolchain
        self.args = command_options(options, capability)
        self.capability = capability
        self.artifacts: Dict[str, object] = {}
        self.meta: Dict[str, object] = {}
        self.returned: Dict[str, object] = {}

    def compile_from(self, stage: str, text: str) -> None:
        """Runs triton-compile on `text`, the input of `stage` (ttir, ttgir,
        llir), through every stage after it."""
        first, ext = _FIRST_STAGE[stage]
        with tempfile.TemporaryDirectory(prefix="triton-mlir-") as tmp:
            name = "kernel" + ext
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            out = os.path.join(tmp, "out")
            args = [self.toolchain.compile, path, f"--first-stage={first}",
                    f"--cache-dir={self.toolchain.cache_dir}", "-o", out
                    ] + self.args
            result = _tools.run(args)
            if result.returncode != 0:
                self.toolchain.fail("triton-compile", result, text, name, args)
            self.artifacts = {}
            for file in os.listdir(out):
                suffix = file.rpartition(".")[2]
                if suffix not in _ARTIFACTS or suffix in self.artifacts:
                    continue
                with open(os.path.join(out, file),
                          "rb" if suffix == "cubin" else "r") as f:
                    self.artifacts[suffix] = f.read()
        missing = [a for a in _ARTIFACTS[_ARTIFACTS.index(stage):]
                   if a not in self.artifacts]
        if missing:
            raise TritonMLIRError(
                f"triton-compile wrote no {', '.join(missing)}")
        self.meta = json.loads(self.artifacts["json"])

    def translate(self, mode: str, text, suffix: str, out_suffix: str):
        """triton-translate in `mode` (llvmir-to-ptx, ptx-to-cubin) on a
        stage's input that is not ours."""
        with tempfile.TemporaryDirectory(prefix="triton-mlir-") as tmp:
            name = "kernel" + suffix
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(text)
            out = os.path.join(tmp, "kernel" + out_suffix)
            args = [self.toolchain.translate, path, f"--{mode}",
                    f"--arch=sm_{self.capability}", "-o", out]
            args += [a for a in self.args
                     if a.split("=")[0] in ("--ptx-version", "--ptxas-options",
                                            "--enable-fp-fusion",
                                            "--enable-reflect-ftz",
                                            "--libdevice")]
            result = _tools.run(args)
            if result.returncode != 0:
                self.toolchain.fail("triton-translate", result, text, name,
                                    args)
            with open(out, "rb" if out_suffix == ".cubin" else "r") as f:
                return f.read()

    def ours(self, stage: str, src) -> bool:
        """Whether `src`, given to `stage`, is what our stage before it
        returned (and so the artifact of `stage` is made already)."""
        before = _ARTIFACTS[_ARTIFACTS.index(stage) - 1]
        return before in self.returned and self.returned[before] is src \
            and stage in self.artifacts

    def finish(self, stage: str, value):
        self.returned[stage] = value
        return value


def fill_metadata(metadata: dict, meta: dict, stage: str, version: str):
    """What upstream's stage `stage` puts into Triton's metadata, from our
    metadata JSON."""
    if stage == "ttgir":
        metadata["tensordesc_meta"] = meta.get("tensordesc_meta", [])
    elif stage == "llir":
        metadata["num_warps"] = meta.get("num_warps", metadata["num_warps"])
        metadata["shared"] = meta.get("shared", 0)
        metadata["tmem_size"] = meta.get("tmem_size", 0)
        metadata["global_scratch_size"] = meta.get("global_scratch_size", 0)
        metadata["global_scratch_align"] = meta.get("global_scratch_align", 1)
        metadata["profile_scratch_size"] = meta.get("profile_scratch_size", 0)
        metadata["profile_scratch_align"] = meta.get("profile_scratch_align",
                                                     1)
    elif stage == "ptx":
        metadata["name"] = meta["name"]
    metadata["triton_mlir"] = meta.get("triton_mlir_version", version)


def dump_kernel(source: str, args: List[str]) -> None:
    """With $TRITON_MLIR_DUMP_DIR set, keeps the front end's TTIR of each
    kernel and triton-compile's options for it (the input of a
    compile-only regression set): <name>-<hash>.source and .args, named by
    their contents, so that a kernel compiled twice is kept once."""
    directory = os.environ.get("TRITON_MLIR_DUMP_DIR")
    if not directory:
        return
    kept = [a for a in args if not a.startswith("--libdevice=")]
    digest = hashlib.sha256(
        (source + "\0" + " ".join(kept)).encode()).hexdigest()[:16]
    match = re.search(r"tt\.func public @([A-Za-z_][A-Za-z0-9_]*)", source)
    stem = os.path.join(directory,
                        f"{match.group(1) if match else 'kernel'}-{digest}")
    os.makedirs(directory, exist_ok=True)
    if not os.path.exists(stem + ".args"):
        _write(stem + ".source", source)
        _write(stem + ".args", "\n".join(kept) + "\n")


def make_stages(toolchain: Toolchain, stages: dict, options, capability: int,
                start: str) -> None:
    """Replaces Triton's stages from `start` (ttir: ours run make_ttir too;
    ttgir: upstream's make_ttir, ours from make_ttgir on)."""
    kernel = KernelCompile(toolchain, options, capability)
    upstream_ttir = stages["ttir"]

    def ttir(src, metadata):
        kernel.returned.clear()
        kernel.artifacts.clear()
        if start == "ttgir":
            return kernel.finish("ttir", upstream_ttir(src, metadata))
        text = str(src)
        dump_kernel(text, kernel.args)
        kernel.compile_from("ttir", text)
        fill_metadata(metadata, kernel.meta, "ttir", toolchain.version)
        return kernel.finish("ttir", kernel.artifacts["ttir"])

    def mlir_stage(stage):

        def run(src, metadata):
            if not kernel.ours(stage, src):
                kernel.compile_from(stage, str(src))
            fill_metadata(metadata, kernel.meta, stage, toolchain.version)
            return kernel.finish(stage, kernel.artifacts[stage])

        return run

    def ptx(src, metadata):
        if not kernel.ours("ptx", src):
            kernel.artifacts["ptx"] = kernel.translate(
                "llvmir-to-ptx", src, ".llir", ".ptx")
            names = re.findall(r"\.visible \.entry ([A-Za-z_][A-Za-z0-9_$]*)",
                               kernel.artifacts["ptx"])
            if names:
                kernel.meta["name"] = names[0]
        fill_metadata(metadata, kernel.meta, "ptx", toolchain.version)
        return kernel.finish("ptx", kernel.artifacts["ptx"])

    def cubin(src, metadata):
        if not kernel.ours("cubin", src):
            kernel.artifacts["cubin"] = kernel.translate(
                "ptx-to-cubin", src, ".ptx", ".cubin")
        fill_metadata(metadata, kernel.meta, "cubin", toolchain.version)
        return kernel.finish("cubin", kernel.artifacts["cubin"])

    stages["ttir"] = ttir
    stages["ttgir"] = mlir_stage("ttgir")
    stages["llir"] = mlir_stage("llir")
    stages["ptx"] = ptx
    stages["cubin"] = cubin
