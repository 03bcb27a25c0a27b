#!/usr/bin/env python3
"""Random layout conversions through our compiler, checked bit for bit.

Each case is a TTGIR kernel that loads a 1-D tensor in one `#ttg.linear`
layout, converts it (`ttg.convert_layout`) to another and stores it in
that one, so the output must equal the input bit for bit. The layouts are
random maps of the index bits to registers, lanes and warps (1-D loses no
generality: a conversion's lowering sees only the linear maps), drawn to
reach every way the lowering converts: registers only, one round of warp
shuffles (register/lane swaps, lane permutations and XOR mixes), two rounds
(two swaps), 8/16-bit elements packed into 32-bit shuffles and 16-bit pairs
moved as words, shared memory (moves between warps, more swaps), and
source or destination layouts that hold elements twice. Element types: i8, f8E4M3FN, i16, f16,
bf16, f32, i64.

On the GPU machine (the plug-in routes `triton.compile` of the TTGIR
through triton-compile):

    TRITON_MLIR_BIN=DIR PYTHONPATH=python python3 utils/gpu/check_conversions.py \
        [--cases 400] [--seed 1]

prints one line per failure and a summary of the cases by the path their
PTX shows (shuffles, shared memory, neither); exits 1 if any case fails.
With --compile-only DIR_OF_TOOLS it needs no GPU: every case is compiled
by triton-compile (`--arch`, default sm_90) and must succeed.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

# (TTGIR element type, bits, torch dtype name)
DTYPES = [("i8", 8, "int8"), ("f8E4M3FN", 8, "float8_e4m3fn"),
          ("i16", 16, "int16"), ("f16", 16, "float16"),
          ("bf16", 16, "bfloat16"), ("f32", 32, "float32"),
          ("i64", 64, "int64")]
INT_OF_BITS = {8: "int8", 16: "int16", 32: "int32", 64: "int64"}

KINDS = ("registers", "one_swap", "lane_mix", "two_swaps", "three_swaps",
         "across_warps", "duplicates")


def random_case(rng: random.Random):
    """A random (kind, element type, warps, source, destination): the
    layouts as (register, lane, warp) lists of basis values, 1-D."""
    kind = rng.choice(KINDS)
    elem = rng.choice(DTYPES)
    warp_bits = rng.randint(0, 2)
    min_regs = {"two_swaps": 2, "three_swaps": 3}.get(kind, 1)
    reg_bits = rng.randint(min_regs, min_regs + 3)
    n = reg_bits + 5 + warp_bits
    bits = [1 << i for i in range(n)]
    rng.shuffle(bits)
    if rng.random() < 0.5:
        # Registers hold runs along the tensor (a vector): the low bits.
        low = sorted(bits, key=lambda b: b)[:reg_bits]
        rest = [b for b in bits if b not in low]
        bits = low + rest
    regs, lanes, warps = (bits[:reg_bits], bits[reg_bits:reg_bits + 5],
                          bits[reg_bits + 5:])
    src = (list(regs), list(lanes), list(warps))
    d_regs, d_lanes, d_warps = list(regs), list(lanes), list(warps)

    def swap_some(count):
        picks_r = rng.sample(range(len(d_regs)), count)
        picks_l = rng.sample(range(5), count)
        for r, l in zip(picks_r, picks_l):
            d_regs[r], d_lanes[l] = d_lanes[l], d_regs[r]

    if kind == "registers":
        pass
    elif kind == "one_swap":
        swap_some(1)
    elif kind == "lane_mix":
        # Lane bases mixed among themselves (XOR), maybe with a register's.
        for _ in range(rng.randint(1, 4)):
            a, b = rng.sample(range(5), 2)
            d_lanes[a] ^= d_lanes[b]
        if rng.random() < 0.5:
            d_lanes[rng.randrange(5)] ^= d_regs[rng.randrange(len(d_regs))]
    elif kind == "two_swaps":
        swap_some(2)
    elif kind == "three_swaps":
        swap_some(3)
    elif kind == "across_warps":
        if d_warps:
            w, l = rng.randrange(len(d_warps)), rng.randrange(5)
            d_warps[w], d_lanes[l] = d_lanes[l], d_warps[w]
        else:
            swap_some(1)
    elif kind == "duplicates":
        swap_some(rng.randint(0, min(2, len(d_regs))))
        if rng.random() < 0.5:
            # A lane holds what its neighbour holds: its basis is zero, the
            # bit it held goes to a new register.
            l = rng.randrange(5)
            d_regs.append(d_lanes[l])
            d_lanes[l] = 0
        else:
            d_regs.insert(rng.randrange(len(d_regs) + 1), 0)
    rng.shuffle(d_regs)
    if kind != "registers" and rng.random() < 0.3:
        rng.shuffle(d_lanes)
    dst = (d_regs, d_lanes, d_warps)
    if kind == "duplicates" and rng.random() < 0.5:
        src, dst = dst, src  # the source holds elements twice instead
    return kind, elem, warp_bits, src, dst, n


def linear(layout) -> str:
    regs, lanes, warps = layout
    def fmt(bases):
        return "[" + ", ".join(f"[{b}]" for b in bases) + "]"
    return (f"#ttg.linear<{{register = {fmt(regs)}, lane = {fmt(lanes)}, "
            f"warp = {fmt(warps)}, block = []}}>")


def ttgir(elem: str, warp_bits: int, src, dst, n: int, arch: int) -> str:
    size = 1 << n
    t = f"tensor<{size}x{elem}"
    p = f"tensor<{size}x!tt.ptr<{elem}>"
    i = f"tensor<{size}xi32"
    return f"""#src = {linear(src)}
#dst = {linear(dst)}
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {1 << warp_bits} : i32, ttg.target = "cuda:{arch}", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @convert(%in: !tt.ptr<{elem}> {{tt.divisibility = 16 : i32}}, %out: !tt.ptr<{elem}> {{tt.divisibility = 16 : i32}}) attributes {{noinline = false}} {{
    %r0 = tt.make_range {{end = {size} : i32, start = 0 : i32}} : {i}, #src>
    %b0 = tt.splat %in : !tt.ptr<{elem}> -> {p}, #src>
    %a0 = tt.addptr %b0, %r0 : {p}, #src>, {i}, #src>
    %v = tt.load %a0 : {p}, #src>
    %c = ttg.convert_layout %v : {t}, #src> -> {t}, #dst>
    %r1 = tt.make_range {{end = {size} : i32, start = 0 : i32}} : {i}, #dst>
    %b1 = tt.splat %out : !tt.ptr<{elem}> -> {p}, #dst>
    %a1 = tt.addptr %b1, %r1 : {p}, #dst>, {i}, #dst>
    tt.store %a1, %c : {p}, #dst>
    tt.return
  }}
}}
"""


def path_of(ptx: str) -> str:
    """How the PTX converts: through shared memory, by shuffles (the warp
    id's broadcast from lane 0 aside), or in registers."""
    if re.search(r"\bst\.shared", ptx) and re.search(r"\bld\.shared", ptx):
        return "shared memory"
    bfly = idx = 0
    for kind, operands in re.findall(r"shfl\.sync\.(\w+)\.b32\s+([^;]*);", ptx):
        lane = [o.strip() for o in operands.split(",")][2]
        if kind == "bfly":
            bfly += 1
        elif lane != "0":
            idx += 1
    if bfly:
        return "shuffles (bfly)"
    if idx:
        return "shuffles (idx)"
    return "registers"


def report(paths, total: int, failed: int) -> int:
    """Prints the cases by kind and path and the totals; the exit status."""
    for (kind, path), count in sorted(paths.items()):
        print(f"{kind:13s} {path:18s} {count}")
    print(f"{total - failed} passed, {failed} failed")
    return 1 if failed else 0


def run_gpu(cases, args) -> int:
    import torch
    import triton
    import triton_mlir

    cap = torch.cuda.get_device_capability()
    arch = cap[0] * 10 + cap[1]
    failed = 0
    paths = {}
    with tempfile.TemporaryDirectory() as tmp, triton_mlir.enabled():
        for index, (kind, elem, warp_bits, src, dst, n) in enumerate(cases):
            name, bits, torch_name = elem
            text = ttgir(name, warp_bits, src, dst, n, arch)
            path = os.path.join(tmp, f"case{index}.ttgir")
            with open(path, "w") as f:
                f.write(text)
            label = (f"case {index} ({kind}, {name}, {1 << warp_bits} warps, "
                     f"src {linear(src)}, dst {linear(dst)})")
            try:
                kernel = triton.compile(path)
            except Exception as e:  # report and go on with the others
                print(f"FAIL {label}: compile: {str(e).splitlines()[0]}")
                failed += 1
                continue
            if getattr(kernel.metadata, "triton_mlir", None) is None:
                print(f"FAIL {label}: not compiled by triton-compile")
                failed += 1
                continue
            ints = getattr(torch, INT_OF_BITS[bits])
            info = torch.iinfo(ints)
            x = torch.randint(info.min, info.max, (1 << n,), dtype=ints,
                              device="cuda")
            y = torch.zeros_like(x)
            dtype = getattr(torch, torch_name)
            kernel[(1, 1, 1)](x.view(dtype), y.view(dtype))
            torch.cuda.synchronize()
            bad = (x != y).nonzero()
            key = (kind, path_of(kernel.asm["ptx"]))
            paths[key] = paths.get(key, 0) + 1
            if bad.numel():
                first = bad[0].item()
                print(f"FAIL {label}: {bad.numel()} of {1 << n} elements "
                      f"differ, first at {first}: {x[first].item()} -> "
                      f"{y[first].item()}")
                failed += 1
    return report(paths, len(cases), failed)


def run_compile_only(cases, args) -> int:
    compiler = os.path.join(args.compile_only, "triton-compile")
    arch = int(args.arch.removeprefix("sm_"))
    failed = 0
    paths = {}
    with tempfile.TemporaryDirectory() as tmp:
        for index, (kind, elem, warp_bits, src, dst, n) in enumerate(cases):
            path = os.path.join(tmp, f"case{index}.ttgir")
            with open(path, "w") as f:
                f.write(ttgir(elem[0], warp_bits, src, dst, n, arch))
            out = os.path.join(tmp, f"out{index}")
            res = subprocess.run([compiler, path, f"--arch={args.arch}",
                                  f"--num-warps={1 << warp_bits}",
                                  "--no-cache", "-o", out],
                                 capture_output=True, text=True)
            if res.returncode != 0:
                first = (res.stderr.strip().splitlines() or ["no message"])[0]
                print(f"FAIL case {index} ({kind}, {elem[0]}): {first}")
                failed += 1
                continue
            with open(os.path.join(out, "convert.ptx")) as f:
                key = (kind, path_of(f.read()))
            paths[key] = paths.get(key, 0) + 1
    return report(paths, len(cases), failed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compile-only", metavar="BIN_DIR",
                        help="compile with BIN_DIR/triton-compile, no GPU")
    parser.add_argument("--arch", default="sm_90",
                        help="with --compile-only: sm_80 or sm_90")
    args = parser.parse_args()
    if args.cases < 1:
        parser.error("--cases must be at least 1")
    if not re.fullmatch(r"sm_\d+", args.arch):
        parser.error(f"--arch: expected sm_NN, got '{args.arch}'")
    if args.compile_only and not os.path.isfile(
            os.path.join(args.compile_only, "triton-compile")):
        parser.error(f"no triton-compile in '{args.compile_only}'")
    rng = random.Random(args.seed)
    cases = [random_case(rng) for _ in range(args.cases)]
    if args.compile_only:
        return run_compile_only(cases, args)
    return run_gpu(cases, args)


if __name__ == "__main__":
    sys.exit(main())
