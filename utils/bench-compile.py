#!/usr/bin/env python3
"""Cold-compile benchmark: triton-compile against upstream Triton 3.6.

For each example kernel (examples/kernels.txt), runs
`triton-compile KERNEL.ttir --arch=sm_90 --num-warps=N --cache-dir=DIR -o TMP`
as a cache miss --repeat times and keeps the best wall time (the whole
process: start-up, every stage, ptxas, writing the artifacts and the cache
entry). Before each run the kernel entries are removed from DIR; only what
triton-compile remembers about the toolkit (ptxas's PTX version) stays, as
upstream keeps it in its process. Upstream's time is the `total_us` of its
cold `triton.compile()` in a warm Python process with a fresh cache, from the
corpus (`compile_time_sm90` of result.json, best rep), which includes the
Python front end (ir_initialization) we do not run; both numbers are printed
with the ratio ours / upstream. A cache hit (the same command, the entry
present) is timed too.

With --upstream-json, upstream's times come from that file instead (written
by utils/bench-compile-upstream.py on the same machine, from the same TTIR).

Usage: utils/bench-compile.py [--bin build/bin] [--corpus ../shared/corpus/triton-3.6]
                              [--upstream-json FILE] [--repeat 5]
"""
import argparse
import json
import os
import subprocess
import sys
import shutil
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def clear_entries(cache):
    """Removes the kernel entries of a cache, keeping the toolkit memo
    (.ptxas-ptx-versions)."""
    if not os.path.isdir(cache):
        return
    for name in os.listdir(cache):
        if not name.startswith("."):
            shutil.rmtree(os.path.join(cache, name), ignore_errors=True)


def best_time(cmd, repeat, env=None, before=None):
    best = None
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, env=env)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def upstream_us(corpus, folder):
    path = os.path.join(corpus, "sm_90", folder, "result.json")
    try:
        with open(path) as f:
            result = json.load(f)
        reps = result["compile_time_sm90"]["reps"]
        return min(rep["events"][0]["times"]["total_us"] for rep in reps)
    except (OSError, KeyError, IndexError, ValueError):
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--corpus", default=os.path.join(
        ROOT, "..", "shared", "corpus", "triton-3.6"))
    parser.add_argument("--upstream-json")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    measured = None
    if args.upstream_json:
        with open(args.upstream_json) as f:
            measured = json.load(f)

    compiler = os.path.join(args.bin, "triton-compile")
    rows = []
    with open(os.path.join(ROOT, "examples", "kernels.txt")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                folder, kernel, warps, stages = line.split()[:4]
                rows.append((folder, kernel, warps, stages))

    print(f"{'kernel':<16} {'ours ms':>8} {'upstream ms':>12} {'ratio':>6} "
          f"{'cache hit ms':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        for folder, kernel, warps, stages in rows:
            ttir = os.path.join(ROOT, "examples", kernel + ".ttir")
            out = os.path.join(tmp, folder)
            base = [compiler, ttir, "--arch=sm_90", f"--num-warps={warps}",
                    f"--num-stages={stages}", f"--cache-dir={cache}", "-o",
                    out]
            # A first compile fills the toolkit memo.
            subprocess.run(base, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            cold = best_time(base, args.repeat,
                             before=lambda: clear_entries(cache))
            subprocess.run(base, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            hit = best_time(base, args.repeat)
            if measured is not None:
                up = measured[folder] * 1000 if folder in measured else None
            else:
                up = upstream_us(args.corpus, folder)
            up_ms = up / 1000 if up else None
            ratio = f"{cold * 1000 / up_ms:6.2f}" if up_ms else "   n/a"
            up_text = f"{up_ms:12.1f}" if up_ms else f"{'n/a':>12}"
            print(f"{folder:<16} {cold * 1000:8.1f} {up_text} {ratio} "
                  f"{hit * 1000:13.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
