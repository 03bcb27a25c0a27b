#!/usr/bin/env python3
"""Compiles the corpus kernels with our toolchain, stage by stage.

For each kernel of the corpus copies in the test tree (the `.ttir` that
upstream Triton 3.6 printed, test/Dialect/Triton/Inputs/corpus/<target>/, and
the large variants of softmax and row_sum), runs

  triton-opt --triton-make-ttir   -> <name>.ttir
  triton-opt --triton-make-ttgir  -> <name>.ttgir   (the corpus's num-warps,
                                                      num-stages 3, num-ctas 1)
  triton-opt --triton-make-llir   -> <name>.llir.mlir
  triton-translate --mlir-to-llvmir -> <name>.llir
  triton-translate --llvmir-to-ptx  -> <name>.ptx
  triton-translate --ptx-to-cubin   -> <name>.cubin  (unless --stop-at ptx)

into OUT/<target>/<kernel>[-large]/. With --from-upstream-ttgir the first
two steps are skipped: upstream's own TTGIR (test/Dialect/TritonGPU/Inputs/
ttgir/, software-pipelined, with its tensor-core layouts) goes through our
make_llir and the rest; --arch compiles those stages for another GPU than
the target (sm_80 TTGIR for sm_90, say, to run mma.sync code on an H100).
Then it writes metadata.json (upstream's
field names, read from the module's attributes) and, where the test tree has
one, upstream's signature.json, so that triton-run runs the CUBIN as it runs
upstream's. Prints one line per kernel; exit status 1 when any stage fails.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "test", "Dialect", "Triton", "Inputs", "corpus")
TTGIR = os.path.join(ROOT, "test", "Dialect", "TritonGPU", "Inputs", "ttgir")
UPSTREAM = os.path.join(ROOT, "test", "e2e", "Inputs", "upstream")

# kernel folder -> kernel name, as in the corpus and utils/gpu/cases.py.
KERNELS = {
    "vector_add": "vector_add_kernel",
    "softmax": "softmax_row_kernel",
    "matmul": "matmul_kernel",
    "row_sum": "row_sum_kernel",
    "gelu": "gelu_tanh_kernel",
    "flash_attention": "flash_attn_fwd_kernel",
    "transpose": "transpose_kernel",
    "histogram": "histogram_kernel",
}
LARGE = ("softmax", "row_sum")
NUM_STAGES = 3


def corpus_kernels(target):
    """(folder, name, ttir, num_warps) of every corpus kernel for target."""
    out = []
    for folder, name in KERNELS.items():
        variants = [("", "")] + ([("-large", "large-")] if folder in LARGE else [])
        for suffix, prefix in variants:
            ttir = os.path.join(CORPUS, prefix + target, name + ".ttir")
            ttgir = os.path.join(TTGIR, prefix + target, name + ".ttgir")
            with open(ttgir) as f:
                warps = int(re.search(r'"ttg.num-warps" = (\d+)', f.read()).group(1))
            out.append((folder + suffix, name, ttir, warps))
    return out


def int_attr(text, attr):
    match = re.search(r'"?' + re.escape(attr) + r'"? = (\d+) : i32', text)
    return int(match.group(1)) if match else 0


def compile_kernel(bindir, target, folder, name, ttir, warps, out, stop_at, log,
                   upstream_ttgir=None, arch=None):
    arch = arch or target
    target_cap = int(target[3:])  # make_ttir and make_ttgir: the target
    cap = int(arch[3:])           # make_llir on: the GPU compiled for
    opt = os.path.join(bindir, "triton-opt")
    translate = os.path.join(bindir, "triton-translate")
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, name)
    steps = [
        ("ttir", [opt, ttir, f"--triton-make-ttir=compute-capability={target_cap}",
                  "-o", base + ".ttir"]),
        ("ttgir", [opt, base + ".ttir",
                   f"--triton-make-ttgir=compute-capability={target_cap} num-warps={warps} "
                   f"num-ctas=1 num-stages={NUM_STAGES}", "-o", base + ".ttgir"]),
        ("llir.mlir", [opt, base + ".ttgir", f"--triton-make-llir=compute-capability={cap}",
                       "-o", base + ".llir.mlir"]),
        ("llir", [translate, "--mlir-to-llvmir", f"--arch={arch}", base + ".llir.mlir",
                  "-o", base + ".llir"]),
        ("ptx", [translate, "--llvmir-to-ptx", f"--arch={arch}", base + ".llir",
                 "-o", base + ".ptx"]),
        ("cubin", [translate, "--ptx-to-cubin", f"--arch={arch}", base + ".ptx",
                   "-o", base + ".cubin"]),
    ]
    if upstream_ttgir:
        steps = [step for step in steps if step[0] not in ("ttir", "ttgir")]
        with open(upstream_ttgir) as src, open(base + ".ttgir", "w") as dst:
            dst.write(src.read())
    times = {}
    for stage, command in steps:
        start = time.time()
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True)
        times[stage] = time.time() - start
        log.write("$ " + " ".join(command) + "\n" + result.stdout)
        if result.returncode != 0:
            return stage, result.stdout, times
        if stage == stop_at:
            break
    if not os.path.exists(base + ".llir.mlir"):
        return None, "", times  # stopped before the LLVM dialect: no metadata
    with open(base + ".llir.mlir") as f:
        llvm_dialect = f.read()
    metadata = {
        "name": name,
        "num_warps": warps,
        "num_ctas": 1,
        "num_stages": NUM_STAGES,
        "warp_size": 32,
        "shared": int_attr(llvm_dialect, "ttg.shared"),
        "global_scratch_size": int_attr(llvm_dialect, "ttg.global_scratch_memory_size"),
        "global_scratch_align": max(1, int_attr(llvm_dialect,
                                                "ttg.global_scratch_memory_alignment")),
        "profile_scratch_size": 0,
        "profile_scratch_align": 1,
        "target": {"backend": "cuda", "arch": cap, "warp_size": 32},
    }
    with open(os.path.join(out, "metadata.json.tmp"), "w") as f:
        json.dump(metadata, f, indent=1)
    os.replace(os.path.join(out, "metadata.json.tmp"), os.path.join(out, "metadata.json"))
    # The kernel's signature does not depend on the target: any target's.
    signature = os.path.join(UPSTREAM, target, folder, "signature.json")
    if not os.path.exists(signature):
        signature = os.path.join(UPSTREAM, "sm_90", folder, "signature.json")
    if os.path.exists(signature):
        with open(signature) as f:
            text = f.read()
        with open(os.path.join(out, "signature.json"), "w") as f:
            f.write(text)
    return None, "", times


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"),
                        help="folder of triton-opt and triton-translate")
    parser.add_argument("--target", action="append", choices=["sm_80", "sm_90"],
                        help="target(s); default both")
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", default="", help="comma-separated kernel folders")
    parser.add_argument("--stop-at", choices=["ttgir", "llir", "ptx", "cubin"], default="cubin")
    parser.add_argument("--from-upstream-ttgir", action="store_true",
                        help="start from upstream's TTGIR instead of our make_ttir/make_ttgir")
    parser.add_argument("--arch", choices=["sm_80", "sm_90"],
                        help="GPU to compile for (default: the target)")
    opts = parser.parse_args()
    only = set(k for k in opts.only.split(",") if k)
    failures = 0
    os.makedirs(opts.out, exist_ok=True)
    with open(os.path.join(opts.out, "compile.log"), "w") as log:
        for target in opts.target or ["sm_80", "sm_90"]:
            for folder, name, ttir, warps in corpus_kernels(target):
                if only and folder not in only and folder.replace("-large", "") not in only:
                    continue
                out = os.path.join(opts.out, target, folder)
                ttgir = None
                if opts.from_upstream_ttgir:
                    prefix = "large-" if folder.endswith("-large") else ""
                    ttgir = os.path.join(TTGIR, prefix + target, name + ".ttgir")
                failed, message, times = compile_kernel(opts.bin, target, folder, name, ttir,
                                                        warps, out, opts.stop_at, log,
                                                        ttgir, opts.arch)
                total = sum(times.values())
                if failed:
                    failures += 1
                    print(f"{target} {folder}: FAILED at {failed}\n{message}", end="")
                else:
                    sizes = " ".join(
                        f"{ext}={os.path.getsize(os.path.join(out, name + '.' + ext))}"
                        for ext in ("ttgir", "ptx", "cubin")
                        if os.path.exists(os.path.join(out, name + "." + ext)))
                    print(f"{target} {folder}: ok num-warps={warps} {sizes} ({total:.2f} s)")
    print(f"{failures} failed" if failures else "all compiled")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
