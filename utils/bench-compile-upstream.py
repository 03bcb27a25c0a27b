#!/usr/bin/env python3
"""Cold-compile times of upstream Triton on the example kernels' TTIR.

For the machine that has Triton 3.6 installed (the GPU machine): compiles
each examples/<kernel>.ttir with `triton.compile` (an IRSource, so Triton
starts from the same TTIR as triton-compile does, without its Python front
end) for sm_90 with the kernel's num-warps and num-stages from
examples/kernels.txt, in one warm Python process, each time into a fresh
TRITON_CACHE_DIR, --repeat times, and prints the best wall time of each as
JSON ({"vector_add": ms, ...}) for utils/bench-compile.py --upstream-json.

Usage: utils/bench-compile-upstream.py [--repeat 5] > upstream.json
"""
import argparse
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
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
    times = {}
    for folder, kernel, warps, stages in rows:
        best = min(compile_once(kernel, warps, stages)
                   for _ in range(args.repeat))
        times[folder] = round(best * 1000, 2)
        print(f"{folder}: {times[folder]} ms", file=sys.stderr, flush=True)
    json.dump(times, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
