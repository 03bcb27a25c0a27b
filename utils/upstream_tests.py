#!/usr/bin/env python3
"""Triton 3.6's language tests, run with upstream's compiler and with ours.

Two steps, since the GPU machine has no MLIR:

  here:     python3 utils/upstream_tests.py stage
            # copies ../shared/upstream-tests/triton-3.6 and the stripped,
            # xz-compressed triton-compile, triton-compile-stages and
            # triton-translate into .gpu-stage/ (ignored by git)
  GPU:      python3 utils/upstream_tests.py run [--every 3] [--files ...]
            # (device tool: carry .gpu-stage) runs a deterministic sample of
            # each file twice in one call, once with Triton's own compiler and
            # once through the triton_mlir pytest plug-in, each with a cache
            # of its own, and prints per file: sampled, passed with upstream,
            # passed with ours, and our failures grouped by first diagnostic.
            # The markdown table and the lists go to $OUT (or --report).

The sample takes every N-th test of a file in collection order (N from
--every, per file with FILE=N). Tests that fail with ours on what other
issues own (tensor cores, descriptors/TMA, warp specialization) are listed
by name pattern in OWNED below, with the reason; every other test that passes
upstream and fails with ours is a regression of this compiler.
"""

import argparse
import datetime
import fnmatch
import functools
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGE = ROOT / ".gpu-stage"
SUITE = "triton-3.6"
DEFAULT_FILES = [
    "language/test_core.py=3",
    "language/test_conversions.py=1",
    "language/test_pipeliner.py=1",
    "language/test_tensor_descriptor.py=6",
    "language/test_warp_specialization.py=3",
    "language/test_matmul.py=3",
    "language/test_mxfp.py=1",
]

# Tests another issue owns: (name pattern, issue, reason).
OWNED = [
    ("test_core.py::test_dot*", 16, "tensor-core dots for every dtype"),
    ("test_core.py::test_dot3d*", 16, "3-D dots on mma.sync"),
    ("test_core.py::test_scaled_dot*", 16, "tt.dot_scaled lowering"),
    ("test_core.py::test_dot_max_num_imprecise_acc*", 16, "fp8 wgmma"),
    ("test_core.py::test_dot_mulbroadcasted*", 16, "tensor-core dots"),
    ("test_core.py::test_dot_without_load*", 16, "tensor-core dots"),
    ("test_matmul.py::*", 16, "tensor-core dots, mx formats"),
    ("test_mxfp.py::*", 16, "mx formats"),
]

TOOLS = ["triton-compile", "triton-compile-stages", "triton-translate"]


def owner(nodeid: str):
    name = nodeid.split("/")[-1]
    for pattern, issue, reason in OWNED:
        if fnmatch.fnmatchcase(name, pattern):
            return issue, reason
    return None


# ---------------------------------------------------------------- stage --

def stage(args):
    suite = Path(args.suite)
    if (suite / "upstream-tests" / SUITE / "conftest.py").is_file():
        suite = suite / "upstream-tests" / SUITE
    if not (suite / "conftest.py").is_file():
        sys.exit(f"upstream_tests: no suite at {suite}: expected upstream-tests/{SUITE} "
                 f"(or the suite's own folder, with conftest.py) there.\n"
                 f"  Fetch it with: bash utils/get_upstream_tests.sh {args.suite}")
    out = STAGE / "upstream-tests"
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(suite, out)
    bin_out = STAGE / "bin"
    if bin_out.exists():
        shutil.rmtree(bin_out)
    bin_out.mkdir(parents=True)
    for name in TOOLS:
        src = Path(args.bin) / name
        if not src.is_file():
            sys.exit(f"upstream_tests: no {src} (build first)")
        dst = bin_out / name
        shutil.copy2(src, dst)
        subprocess.run(["strip", str(dst)], check=True)
        subprocess.run(["xz", "-T2", "-6", str(dst)], check=True)
    total = sum(f.stat().st_size for f in STAGE.rglob("*") if f.is_file())
    print(f"staged {out} and {bin_out} ({total / 2**20:.1f} MiB); "
          "carry .gpu-stage")


# ------------------------------------------------------------------ run --

def unpack_tools(work: Path) -> Path:
    bin_dir = work / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name in TOOLS:
        packed = STAGE / "bin" / (name + ".xz")
        with open(bin_dir / name, "wb") as f:
            subprocess.run(["xz", "-dc", str(packed)], stdout=f, check=True)
        os.chmod(bin_dir / name, 0o755)
    return bin_dir


@functools.lru_cache(maxsize=None)
def have_module(name: str) -> bool:
    return subprocess.run([sys.executable, "-c", f"import {name}"],
                          capture_output=True).returncode == 0


def run_pytest(suite, file, every, limit, junit, env, jobs, timeout, ours,
               log, select=None):
    """Runs the sample of `file` (every `every`-th test, chosen by the
    upstream_sample plug-in in each worker alike); returns its wall time."""
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "-p", "upstream_sample", f"--junitxml={junit}",
           "-o", "junit_family=xunit1"]
    if ours:
        cmd += ["-p", "triton_mlir.pytest_plugin"]
    if select:
        cmd += ["-k", select]
    if jobs > 1 and have_module("xdist"):
        cmd += ["-n", str(jobs)]
    if timeout and have_module("pytest_timeout"):
        cmd += [f"--timeout={timeout}"]
    env = dict(env, UPSTREAM_SAMPLE_EVERY=str(every),
               UPSTREAM_SAMPLE_LIMIT=str(limit))
    start = datetime.datetime.now()
    with open(log, "w") as f:
        subprocess.run(cmd + [file], cwd=suite, env=env, stdout=f,
                       stderr=subprocess.STDOUT)
    return (datetime.datetime.now() - start).total_seconds()


def outcomes(junit: Path):
    """nodeid -> (outcome, message)."""
    result = {}
    if not junit.is_file():
        return result
    for case in ET.parse(junit).getroot().iter("testcase"):
        file = case.get("file") or ""
        classname = case.get("classname") or ""
        name = case.get("name")
        if not file:
            file = classname.replace(".", "/") + ".py"
        nodeid = f"{file}::{name}"
        outcome, message = "passed", ""
        for tag in ("failure", "error", "skipped"):
            el = case.find(tag)
            if el is not None:
                outcome = {"failure": "failed", "error": "error",
                           "skipped": "skipped"}[tag]
                message = el.get("message") or (el.text or "")
                break
        result[nodeid] = (outcome, message)
    return result


def first_diagnostic(message: str) -> str:
    """The first line that says what went wrong, with the details that
    differ between kernels (paths, numbers, value names) taken out."""
    lines = [l.strip() for l in message.splitlines() if l.strip()]
    pick = next((l for l in lines if "error:" in l), lines[0] if lines else "")
    pick = re.sub(r"^.*?error: ", "error: ", pick)
    pick = re.sub(r"/[^\s:'\"]+", "<path>", pick)
    pick = re.sub(r"%[\w#]+", "%v", pick)
    pick = re.sub(r"\b\d+\b", "N", pick)
    return pick[:160]


def run(args):
    suite = (STAGE / "upstream-tests") if not args.suite_dir else Path(
        args.suite_dir)
    report = Path(args.report or os.environ.get("OUT") or ".")
    report.mkdir(parents=True, exist_ok=True)
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    bin_dir = Path(args.bin) if args.bin else unpack_tools(work)
    env_base = dict(os.environ)
    env_base["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "python"), str(ROOT / "utils" / "pytest")] + ([env_base["PYTHONPATH"]]
                                  if env_base.get("PYTHONPATH") else []))
    env_base["TRITON_MLIR_BIN"] = str(bin_dir)
    env_base["PYTHONUNBUFFERED"] = "1"

    gpu = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                         capture_output=True, text=True).stdout.strip() or "?"
    files = args.files or DEFAULT_FILES
    rows, groups, regressions, owned_failures = [], {}, [], []
    for spec in files:
        file, _, every = spec.partition("=")
        every = int(every or args.every)
        stem = Path(file).stem
        results, times = {}, {}
        for who in ("upstream", "ours"):
            env = dict(env_base)
            env["TRITON_CACHE_DIR"] = str(work / f"cache-{who}")
            if args.dump and who == "ours":
                env["TRITON_MLIR_DUMP_DIR"] = str(work / "dump")
            junit = work / f"{stem}-{who}.xml"
            times[who] = run_pytest(suite, file, every, args.limit, junit, env,
                                    args.jobs, args.timeout, who == "ours",
                                    work / f"{stem}-{who}.log", args.select)
            results[who] = outcomes(junit)
        up, ours = results["upstream"], results["ours"]
        sample = set(up) | set(ours)
        up_pass = {k for k, v in up.items() if v[0] == "passed"}
        our_pass = {k for k, v in ours.items() if v[0] == "passed"}
        lost = sorted(up_pass - our_pass)
        mine = [t for t in lost if owner(t) is None]
        others = [t for t in lost if owner(t) is not None]
        for t in lost:
            outcome, message = ours.get(t, ("missing", "no result"))
            diag = first_diagnostic(message)
            key = (owner(t)[0] if owner(t) else None, diag)
            groups.setdefault(key, []).append(t)
        regressions += mine
        owned_failures += others
        rows.append((file, every, len(sample), len(up_pass), len(our_pass),
                     len(up_pass & our_pass), len(mine), len(others),
                     times["upstream"], times["ours"]))
        print(f"{file}: sample {len(sample)}, upstream passed {len(up_pass)}, "
              f"ours passed {len(our_pass)}, lost {len(mine)} (+{len(others)} "
              f"owned by issues 16-18); {times['upstream']:.0f} s / "
              f"{times['ours']:.0f} s", flush=True)

    today = datetime.date.today().isoformat()
    lines = [f"Run {today} on {gpu}: `{' '.join(sys.argv)}`", "",
             "| file | sample (every N-th) | passed upstream | passed ours | "
             "both | lost, ours to fix | lost, owned by issues 16-18 | "
             "time upstream / ours (s) |",
             "|---|---|---|---|---|---|---|---|"]
    for (file, every, n, up, ours, both, mine, others, tu, to) in rows:
        lines.append(f"| {file} | {n} (1/{every}) | {up} | {ours} | {both} | "
                     f"{mine} | {others} | {tu:.0f} / {to:.0f} |")
    lines += ["", "Tests that pass upstream and fail with ours, by first "
              "diagnostic (issue that owns them, if another):", ""]
    for (issue, diag), tests in sorted(groups.items(),
                                       key=lambda kv: -len(kv[1])):
        who = f"issue {issue}" if issue else "ours"
        lines.append(f"- {len(tests)} [{who}] `{diag}`: e.g. "
                     + ", ".join(t.split('::')[-1] for t in tests[:3]))
    text = "\n".join(lines) + "\n"
    print(text)
    (report / "conformance.md").write_text(text)
    (report / "regressions.txt").write_text("\n".join(regressions) + "\n")
    (report / "owned.txt").write_text("\n".join(owned_failures) + "\n")
    # The logs of our runs, for the details of each failure.
    with open(report / "ours-logs.txt", "w") as f:
        for spec in files:
            stem = Path(spec.partition("=")[0]).stem
            log = work / f"{stem}-ours.log"
            if log.is_file():
                f.write(f"==== {stem}\n")
                f.write(log.read_text()[-400000:])
    if args.dump and (work / "dump").is_dir():
        # The kernels our runs compiled, for utils/regression_set.py curate.
        subprocess.run(["tar", "-cJf", str(report / "dump.tar.xz"), "-C",
                        str(work), "dump"], check=False)
    return 1 if regressions else 0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("stage", help="stage the suite and the tools here")
    s.add_argument("--suite", default=str(ROOT.parent / "shared"),
                   help="a folder holding upstream-tests/%s, or the suite's own "
                   "folder (default: ../shared)" % SUITE)
    s.add_argument("--bin", default=str(ROOT / "build" / "bin"))
    r = sub.add_parser("run", help="run the sample twice (GPU machine)")
    r.add_argument("--files", nargs="*",
                   help="FILE[=N] relative to the suite (default: "
                   + ", ".join(DEFAULT_FILES) + ")")
    r.add_argument("--every", type=int, default=3)
    r.add_argument("-k", dest="select",
                   help="only the tests pytest -k selects, in every file "
                   "(sample with FILE=1 then: the order of pytest's -k and "
                   "the sampling is not fixed)")
    r.add_argument("--limit", type=int, default=0,
                   help="at most this many tests of each file")
    r.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    r.add_argument("--timeout", type=int, default=300,
                   help="seconds a test may take (pytest-timeout)")
    r.add_argument("--bin", help="directory of the tools (default: unpack "
                   ".gpu-stage/bin)")
    r.add_argument("--suite-dir", help="the suite (default: .gpu-stage/"
                   "upstream-tests)")
    r.add_argument("--work", default="/tmp/upstream-tests")
    r.add_argument("--report", help="where the table goes (default: $OUT)")
    r.add_argument("--dump", action="store_true",
                   help="keep each kernel our runs compile (TTIR and "
                   "options) in dump.tar.xz beside the table, for the "
                   "compile-only regression set")
    args = p.parse_args()
    if args.cmd == "stage":
        stage(args)
    else:
        sys.exit(run(args))


if __name__ == "__main__":
    main()
