#!/usr/bin/env python3
"""Feeds triton-opt damaged IR and checks that it never crashes or hangs.

Every input is cut at many points and, separately, has bytes replaced at
many points (deterministic choices). Each damaged file must make triton-opt
exit with 1 and an `error:` line, or (when the damage happens to leave valid
IR) exit with 0; a signal, another exit code, a missing `error:` line, an
assertion or LLVM crash report, or a time-out is a failure. Prints per input
"OK <name> <runs> runs (<errors> rejected)" and exits 1 on any failure.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

CRASH_MARKERS = ("Assertion", "Stack dump", "LLVM ERROR", "PLEASE submit")
REPLACEMENTS = [b"", b"\x00", b"\xff", b"}", b"{", b"(", b">", b"<", b"%",
                b"#", b":", b",", b"\"", b"9", b"-1", b"tensor<", b"!tt.ptr<",
                b"0x", b"\n", b" "]


def mutations(data, cuts, flips, seed):
    rng = random.Random(seed)
    for i in range(1, cuts + 1):
        yield data[:len(data) * i // (cuts + 1)]
    for _ in range(flips):
        pos = rng.randrange(len(data))
        span = rng.randrange(1, 4)
        yield data[:pos] + rng.choice(REPLACEMENTS) + data[pos + span:]


def run_one(opt, blob, timeout):
    with tempfile.NamedTemporaryFile(suffix=".mlir") as tmp:
        tmp.write(blob)
        tmp.flush()
        try:
            proc = subprocess.run([opt, tmp.name, "-o", os.devnull],
                                  capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timed out"
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode < 0:
        return f"killed by signal {-proc.returncode}"
    if any(marker in err for marker in CRASH_MARKERS):
        return "crash report: " + err.strip()[:300]
    if proc.returncode == 0:
        return None
    if proc.returncode != 1:
        return f"exit code {proc.returncode}"
    if "error:" not in err:
        return "exit code 1 without an error: line"
    return "rejected"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--triton-opt", default="triton-opt")
    parser.add_argument("--cuts", type=int, default=40)
    parser.add_argument("--flips", type=int, default=60)
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failed = False
    for path in args.files:
        name = os.path.basename(path)
        with open(path, "rb") as f:
            data = f.read()
        runs = rejected = 0
        problems = []
        for index, blob in enumerate(
                mutations(data, args.cuts, args.flips, seed=name)):
            runs += 1
            outcome = run_one(args.triton_opt, blob, args.timeout)
            if outcome == "rejected":
                rejected += 1
            elif outcome is not None:
                problems.append(f"mutation {index}: {outcome}")
        if problems:
            failed = True
            print(f"FAIL {name}: " + "; ".join(problems[:5]))
        else:
            print(f"OK {name} {runs} runs ({rejected} rejected)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
