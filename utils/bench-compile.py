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

The "warm" column times the same cache miss inside one running
triton-compile, as upstream's number is taken inside one running Python
process: `triton-compile --batch` compiles the kernel once to warm up and
then --repeat times, each job into a fresh cache directory, and reports the
wall time of each job; the best one is printed.

With --upstream-json, upstream's times come from that file instead (written
by utils/bench-compile-upstream.py on the same machine, from the same TTIR).

Usage: utils/bench-compile.py [--bin build/bin] [--corpus ../shared/corpus/triton-3.6]
                              [--upstream-json FILE] [--repeat 5]
                              [--env NAME=VALUE ...]
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


def best_warm(compiler, args, tmp, repeat, env=None):
    """The best per-job wall time (s) of `repeat` cache misses of one kernel
    in one `triton-compile --batch` process, after one warm-up job."""
    batch = os.path.join(tmp, "jobs.txt")
    with open(batch, "w") as f:
        for i in range(repeat + 1):
            f.write(" ".join(args + [f"--cache-dir={tmp}/warm-cache-{i}"]) +
                    "\n")
    result = subprocess.run([compiler, f"--batch={batch}"], check=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=env)
    times = [float(line.split(" compiled in ")[1].split()[0])
             for line in result.stdout.splitlines() if " compiled in " in line]
    if len(times) != repeat + 1:
        raise RuntimeError("triton-compile --batch: " + result.stdout)
    return min(times[1:]) / 1000


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
    parser.add_argument("--env", action="append", default=[],
                        help="NAME=VALUE for triton-compile's environment")
    args = parser.parse_args()
    env = dict(os.environ)
    for item in args.env:
        name, _, value = item.partition("=")
        env[name] = value
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

    print(f"{'kernel':<16} {'ours ms':>8} {'warm ms':>8} {'upstream ms':>12} "
          f"{'ratio':>6} {'warm':>6} {'cache hit ms':>13}")
    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        for folder, kernel, warps, stages in rows:
            ttir = os.path.join(ROOT, "examples", kernel + ".ttir")
            out = os.path.join(tmp, folder)
            job = [ttir, "--arch=sm_90", f"--num-warps={warps}",
                   f"--num-stages={stages}", "-o", out]
            base = [compiler] + job + [f"--cache-dir={cache}"]
            # A first compile fills the toolkit memo.
            subprocess.run(base, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=env)
            cold = best_time(base, args.repeat,
                             before=lambda: clear_entries(cache), env=env)
            subprocess.run(base, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=env)
            hit = best_time(base, args.repeat, env=env)
            warm = best_warm(compiler, job, tmp, args.repeat, env=env)
            if measured is not None:
                up = measured[folder] * 1000 if folder in measured else None
            else:
                up = upstream_us(args.corpus, folder)
            up_ms = up / 1000 if up else None
            ratio = f"{cold * 1000 / up_ms:6.2f}" if up_ms else "   n/a"
            warm_ratio = f"{warm * 1000 / up_ms:6.2f}" if up_ms else "   n/a"
            up_text = f"{up_ms:12.1f}" if up_ms else f"{'n/a':>12}"
            print(f"{folder:<16} {cold * 1000:8.1f} {warm * 1000:8.1f} "
                  f"{up_text} {ratio} {warm_ratio} {hit * 1000:13.1f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
