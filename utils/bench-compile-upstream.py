#!/usr/bin/env python3
"""Cold-compile times of upstream Triton on the example kernels' TTIR.

For the machine that has Triton 3.6 installed (the GPU machine): compiles
each examples/<kernel>.ttir with `triton.compile` (an IRSource, so Triton
starts from the same TTIR as triton-compile does, without its Python front
end) for sm_90 with the kernel's num-warps and num-stages from
examples/kernels.txt, in one warm Python process, each time into a fresh
TRITON_CACHE_DIR, --repeat times, and prints the best wall time of each as
JSON ({"vector_add": ms, ...}) for utils/bench-compile.py --upstream-json.

With --ours BIN_DIR, it times our triton-compile (BIN_DIR/triton-compile, a
cache miss in a fresh process, the toolkit memo kept) on the same kernels,
interleaved with upstream's compiles rep by rep, so that both see the same
moments of a noisy machine, and prints a table: best of each, and the ratio.
--ours may be given several times (two builds to compare): each build's
compile follows upstream's in every rep, and each gets its columns.

Usage: utils/bench-compile-upstream.py [--repeat 5] > upstream.json
       utils/bench-compile-upstream.py --ours build/bin [--repeat 7]
       utils/bench-compile-upstream.py --ours old/bin --ours new/bin
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--ours", action="append",
                        help="our build's bin directory: compare (repeatable)")
    args = parser.parse_args()

    import triton
    from triton.backends.compiler import GPUTarget

    target = GPUTarget("cuda", 90, 32)
    rows = []
    with open(os.path.join(ROOT, "examples", "kernels.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                folder, kernel, warps, stages = line.split()[:4]
                rows.append((folder, kernel, int(warps), int(stages)))

    def compile_once(kernel, warps, stages):
        with tempfile.TemporaryDirectory() as cache:
            os.environ["TRITON_CACHE_DIR"] = cache
            path = os.path.join(ROOT, "examples", kernel + ".ttir")
            start = time.perf_counter()
            triton.compile(path, target=target,
                           options={"num_warps": warps,
                                    "num_stages": stages})
            return time.perf_counter() - start

    # Warm the process up (imports, the driver, ptxas's version) as the
    # corpus measurements did.
    compile_once(rows[0][1], rows[0][2], rows[0][3])
    if args.ours:
        return compare(args, rows, compile_once)
    times = {}
    for folder, kernel, warps, stages in rows:
        best = min(compile_once(kernel, warps, stages)
                   for _ in range(args.repeat))
        times[folder] = round(best * 1000, 2)
        print(f"{folder}: {times[folder]} ms", file=sys.stderr, flush=True)
    json.dump(times, sys.stdout, indent=1)
    print()
    return 0


def compare(args, rows, compile_upstream):
    """Upstream's and our cold compiles, interleaved rep by rep."""
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")

        def compile_ours(compiler, kernel, warps, stages):
            for name in os.listdir(cache) if os.path.isdir(cache) else []:
                if not name.startswith("."):  # keep the toolkit memo
                    shutil.rmtree(os.path.join(cache, name))
            command = [compiler, os.path.join(ROOT, "examples", kernel + ".ttir"),
                       "--arch=sm_90", f"--num-warps={warps}",
                       f"--num-stages={stages}", f"--cache-dir={cache}",
                       "-o", os.path.join(tmp, "out")]
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            return time.perf_counter() - start

        compilers = [os.path.join(d, "triton-compile") for d in args.ours]
        for compiler in compilers:  # fills the memo, warms the files
            compile_ours(compiler, rows[0][1], rows[0][2], rows[0][3])
        inf = float("inf")
        best = {folder: [inf] * (1 + len(compilers))
                for folder, _, _, _ in rows}
        for _ in range(args.repeat):
            for folder, kernel, warps, stages in rows:
                times = [compile_upstream(kernel, warps, stages)]
                times += [compile_ours(c, kernel, warps, stages)
                          for c in compilers]
                best[folder] = [min(a, b) for a, b in zip(best[folder], times)]
    header = f"{'kernel':<16} {'upstream ms':>12}"
    for d in args.ours:
        header += f" | {d + ' ms':>16} {'ratio':>6}"
    print(header)
    for folder, _, _, _ in rows:
        up = best[folder][0]
        line = f"{folder:<16} {up * 1000:12.1f}"
        for ours in best[folder][1:]:
            line += f" | {ours * 1000:16.1f} {ours / up:6.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
