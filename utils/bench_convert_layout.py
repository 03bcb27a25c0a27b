#!/usr/bin/env python3
"""Times the layout conversion of upstream lit chunks, ours against upstream's.

Where our lowering of a `ttg.convert_layout` keeps a form other than the one
an upstream lit chunk pins (warp shuffles where upstream goes through shared
memory, say), the difference may stand only where it is measured at least as
fast. This script measures it: for each chunk it names, it takes the chunk's
conversion (the two layouts, the shape, the element width and the warps)
and builds a kernel that runs it both ways in a loop, then compiles that
kernel with our `triton-compile` and with upstream Triton's (the wheel), and
on the GPU machine times both CUBINs with `triton-run --bench`.

    # the kernel of one chunk, printed (no wheel needed):
    python3 utils/bench_convert_layout.py kernel Conversion/tritongpu_to_llvm.mlir:34
    # here, after the build (the wheel in build/venv):
    build/venv/bin/python utils/bench_convert_layout.py stage OUT \\
        Conversion/tritongpu_to_llvm.mlir:34 ...
    # on the GPU machine (OUT and triton-run carried there):
    python3 utils/bench_convert_layout.py run OUT [--triton-run PATH]

`stage` writes OUT/<case>/kernel.ttgir, OUT/<case>/ours/ and
OUT/<case>/upstream/ (CUBIN and metadata JSON each) and OUT/cases.json.
`run` prints one row per case: the median time of each and the ratio
ours / upstream (below 1: ours is faster).

Each kernel: every program loads the tensor in the source layout, then
`--iters` times converts it to the destination layout, adds one there (an
add of zero for pointers), and converts it back; then stores it. The
element type keeps the chunk's width (floats become integers of their width,
so that the add is exact and cheap).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))



def balanced_tensors(text, start):
    """The bodies of the first two `tensor<...>` after `start`."""
    found = []
    pos = start
    while len(found) < 2:
        pos = text.index("tensor<", pos) + len("tensor<")
        depth, i = 1, pos
        while depth:
            depth += {"<": 1, ">": -1}.get(text[i], 0)
            i += 1
        found.append(text[pos:i - 1])
        pos = i
    return found


def chunk_text(suite, spec):
    path, _, number = spec.rpartition(":")
    if not path or not number.isdigit():
        sys.exit(f"bench_convert_layout: {spec!r} is not FILE:N")
    full = os.path.join(suite, path)
    if not os.path.isfile(full):
        sys.exit(f"bench_convert_layout: no file {full}")
    text = open(full).read()
    chunks = re.split(r"^// -----.*$", text, flags=re.M)
    n = int(number)
    if not 1 <= n <= len(chunks):
        sys.exit(f"bench_convert_layout: {path} has {len(chunks)} chunks, not {n}")
    return chunks[n - 1]


def split_tensor(spec):
    """'32x32xi32, #blocked0' -> ([32, 32], 'i32', '#blocked0')."""
    depth, cut = 0, None
    for i, c in enumerate(spec):
        depth += c in "<{[("
        depth -= c in ">}])"
        if c == "," and depth == 0:
            cut = i
            break
    if cut is None:
        raise ValueError(f"no encoding in tensor<{spec}>")
    shape_type, encoding = spec[:cut].strip(), spec[cut + 1:].strip()
    parts = shape_type.split("x")
    dims = []
    while parts and parts[0].isdigit():
        dims.append(int(parts.pop(0)))
    return dims, "x".join(parts), encoding


def element(type_text):
    """The benchmark's element type for a chunk's: (mlir type, bits)."""
    if type_text.startswith("!tt.ptr"):
        return type_text, 64
    m = re.fullmatch(r"(?:i|f|bf)(\d+)", type_text)
    if m:
        return f"i{m.group(1)}", int(m.group(1))
    if type_text.startswith("f8"):
        return "i8", 8
    raise ValueError(f"element type {type_text} not handled")


def make_case(suite, spec):
    text = chunk_text(suite, spec)
    at = text.find("ttg.convert_layout %")
    if at < 0:
        sys.exit(f"bench_convert_layout: no ttg.convert_layout in {spec}")
    src_tensor, dst_tensor = balanced_tensors(text, at)
    shape, src_type, src = split_tensor(src_tensor)
    _, _, dst = split_tensor(dst_tensor)
    aliases = "\n".join(line for line in text.splitlines()
                        if re.match(r"#[\w.]+\s*=\s*#ttg\.", line))
    warps = int(re.search(r'"?ttg\.num-warps"?\s*=\s*(\d+)', text).group(1))
    elt, bits = element(src_type)
    return dict(spec=spec, shape=shape, element=elt, bits=bits, src=src,
                dst=dst, aliases=aliases, warps=warps)


def kept_encoding(encoding, rank, kept):
    """The encoding of the dimensions `kept` alone: the others sliced away,
    highest first, so that each slice names its dimension as numbered in
    `encoding`."""
    enc = encoding
    for d in reversed(range(rank)):
        if d not in kept:
            enc = f"#ttg.slice<{{dim = {d}, parent = {enc}}}>"
    return enc


def kernel(case):
    shape, elt, src, dst = case["shape"], case["element"], case["src"], case["dst"]
    rank = len(shape)
    sh = "x".join(map(str, shape))
    lines = []
    emit = lines.append
    ptr = elt.startswith("!tt.ptr")
    base_elt = "f32" if ptr else elt
    # Offsets in the source layout: the row-major index of each element.
    strides = [1] * rank
    for d in reversed(range(rank - 1)):
        strides[d] = strides[d + 1] * shape[d + 1]
    total = None
    for d in range(rank):
        kept = [d]
        enc = kept_encoding(src, rank, kept)
        emit(f"    %r{d} = tt.make_range {{end = {shape[d]} : i32, start = 0 : i32}}"
             f" : tensor<{shape[d]}xi32, {enc}>")
        cur = f"%r{d}"
        # Dimensions other than d come back with size 1.
        ty = lambda dims: "x".join(str(shape[x]) if x == d else "1" for x in dims)
        # Expand back, lowest missing dimension first: it is the outermost
        # slice, and its axis is its own number.
        for k in range(rank):
            if k in kept:
                continue
            wider = sorted(kept + [k])
            wide_enc = kept_encoding(src, rank, wider)
            emit(f"    %e{d}_{k} = tt.expand_dims {cur} {{axis = {k} : i32}}"
                 f" : tensor<{ty(kept)}xi32, {enc}> -> tensor<{ty(wider)}xi32, {wide_enc}>")
            cur, kept, enc = f"%e{d}_{k}", wider, wide_enc
        if rank > 1:
            one = "x".join(str(shape[x]) if x == d else "1" for x in range(rank))
            emit(f"    %b{d} = tt.broadcast {cur} : tensor<{one}xi32, {src}>"
                 f" -> tensor<{sh}xi32, {src}>")
            cur = f"%b{d}"
        if strides[d] != 1:
            emit(f"    %s{d}c = arith.constant dense<{strides[d]}> : tensor<{sh}xi32, {src}>")
            emit(f"    %s{d} = arith.muli {cur}, %s{d}c : tensor<{sh}xi32, {src}>")
            cur = f"%s{d}"
        if total is None:
            total = cur
        else:
            emit(f"    %t{d} = arith.addi {total}, {cur} : tensor<{sh}xi32, {src}>")
            total = f"%t{d}"
    T = lambda e, enc: f"tensor<{sh}x{e}, {enc}>"
    if ptr:
        emit(f"    %inp = tt.splat %in : !tt.ptr<f32> -> {T('!tt.ptr<f32>', src)}")
        emit(f"    %x0 = tt.addptr %inp, {total} : {T('!tt.ptr<f32>', src)}, {T('i32', src)}")
        emit(f"    %zero = arith.constant dense<0> : {T('i32', dst)}")
    else:
        emit(f"    %inp = tt.splat %in : !tt.ptr<{elt}> -> {T(f'!tt.ptr<{elt}>', src)}")
        emit(f"    %ip = tt.addptr %inp, {total} : {T(f'!tt.ptr<{elt}>', src)}, {T('i32', src)}")
        emit(f"    %x0 = tt.load %ip : {T(f'!tt.ptr<{elt}>', src)}")
        emit(f"    %one = arith.constant dense<1> : {T(elt, dst)}")
    emit("    %c0 = arith.constant 0 : i32")
    emit("    %c1 = arith.constant 1 : i32")
    emit(f"    %x = scf.for %i = %c0 to %iters step %c1 iter_args(%a = %x0) -> ({T(elt, src)}) : i32 {{")
    emit(f"      %y = ttg.convert_layout %a : {T(elt, src)} -> {T(elt, dst)}")
    if ptr:
        emit(f"      %y1 = tt.addptr %y, %zero : {T(elt, dst)}, {T('i32', dst)}")
    else:
        emit(f"      %y1 = arith.addi %y, %one : {T(elt, dst)}")
    emit(f"      %z = ttg.convert_layout %y1 : {T(elt, dst)} -> {T(elt, src)}")
    emit(f"      scf.yield %z : {T(elt, src)}")
    emit("    }")
    if ptr:
        emit(f"    %v = tt.load %x : {T(elt, src)}")
        emit(f"    %op = tt.splat %out : !tt.ptr<f32> -> {T('!tt.ptr<f32>', src)}")
        emit(f"    %oq = tt.addptr %op, {total} : {T('!tt.ptr<f32>', src)}, {T('i32', src)}")
        emit(f"    tt.store %oq, %v : {T('!tt.ptr<f32>', src)}")
    else:
        emit(f"    %op = tt.splat %out : !tt.ptr<{elt}> -> {T(f'!tt.ptr<{elt}>', src)}")
        emit(f"    %oq = tt.addptr %op, {total} : {T(f'!tt.ptr<{elt}>', src)}, {T('i32', src)}")
        emit(f"    tt.store %oq, %x : {T(f'!tt.ptr<{elt}>', src)}")
    emit("    tt.return")
    head = (f'module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {case["warps"]} : i32, '
            f'ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{\n'
            f"  tt.func public @cvt(%in: !tt.ptr<{base_elt}> {{tt.divisibility = 16 : i32}}, "
            f"%out: !tt.ptr<{base_elt}> {{tt.divisibility = 16 : i32}}, %iters: i32) {{\n")
    return case["aliases"] + "\n" + head + "\n".join(lines) + "\n  }\n}\n"


def case_name(spec):
    return re.sub(r"[^\w]+", "_", spec.replace(".mlir", "")).strip("_")


def stage(args):
    import triton
    from triton.backends.compiler import GPUTarget
    os.makedirs(args.out, exist_ok=True)
    cases = []
    for spec in args.chunks:
        case = make_case(args.suite, spec)
        name = case_name(spec)
        d = os.path.join(args.out, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        ttgir = os.path.join(d, "cvt.ttgir")
        with open(ttgir, "w") as f:
            f.write(kernel(case))
        ours = os.path.join(d, "ours")
        r = subprocess.run([os.path.join(args.bin, "triton-compile"), ttgir,
                            "--arch=sm_90", "-o", ours], capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"bench_convert_layout: our compile of {spec} failed:\n{r.stderr}")
        up = os.path.join(d, "upstream")
        os.makedirs(up)
        k = triton.compile(ttgir, target=GPUTarget("cuda", 90, 32))
        with open(os.path.join(up, "cvt.cubin"), "wb") as f:
            f.write(k.asm["cubin"])
        with open(os.path.join(up, "cvt.ptx"), "w") as f:
            f.write(k.asm["ptx"])
        meta = {k2: v for k2, v in k.metadata._asdict().items()
                if isinstance(v, (int, str, float, bool))}
        with open(os.path.join(up, "cvt.json"), "w") as f:
            json.dump(meta, f)
        case["name"] = name
        cases.append(case)
        print(f"staged {spec} -> {d}")
    with open(os.path.join(args.out, "cases.json"), "w") as f:
        json.dump(dict(cases=cases, iters=args.iters, grid=args.grid), f, indent=1)


def bench_one(triton_run, cubin, meta, case, iters, grid, save):
    n = 1
    for s in case["shape"]:
        n *= s
    elt = "f32" if case["element"].startswith("!tt.ptr") else case["element"]
    cmd = [triton_run, cubin, "-m", meta, "-g", str(grid), "--bench",
           f"in={elt}:{n}:iota", f"out={elt}:{n}:zeros", f"i32:{iters}",
           "--save", f"out={save}"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"{' '.join(cmd)}\n{r.stdout}{r.stderr}")
    m = re.search(r"median\s*[=:]?\s*([\d.]+)\s*(ms|us)", r.stdout)
    if not m:
        raise RuntimeError(f"no median in:\n{r.stdout}")
    t = float(m.group(1))
    return t / 1000 if m.group(2) == "us" else t


def run(args):
    with open(os.path.join(args.out, "cases.json")) as f:
        plan = json.load(f)
    print("| chunk | shape | bits | warps | ours ms | upstream ms | ours/upstream | same output |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    mismatches = 0
    for case in plan["cases"]:
        d = os.path.join(args.out, case["name"])
        ours_dir = os.path.join(d, "ours")
        ours_cubin = next(os.path.join(ours_dir, p) for p in os.listdir(ours_dir)
                          if p.endswith(".cubin"))
        ours_meta = next(os.path.join(ours_dir, p) for p in os.listdir(ours_dir)
                         if p.endswith(".json") and "signature" not in p)
        ours_out = os.path.join(d, "ours-out.bin")
        up_out = os.path.join(d, "upstream-out.bin")
        ours = bench_one(args.triton_run, ours_cubin, ours_meta, case,
                         plan["iters"], plan["grid"], ours_out)
        up = bench_one(args.triton_run, os.path.join(d, "upstream", "cvt.cubin"),
                       os.path.join(d, "upstream", "cvt.json"), case,
                       plan["iters"], plan["grid"], up_out)
        # The loop's result (the tensor after every round trip): the same
        # bytes, or our conversion is wrong. Pointers are loaded through.
        with open(ours_out, "rb") as f1, open(up_out, "rb") as f2:
            same = f1.read() == f2.read()
        mismatches += not same
        print(f"| {case['spec']} | {'x'.join(map(str, case['shape']))} | {case['bits']} "
              f"| {case['warps']} | {ours:.4f} | {up:.4f} | {ours / up:.3f} | "
              f"{'yes' if same else 'NO'} |")
    sys.exit(1 if mismatches else 0)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("stage")
    s.add_argument("out")
    s.add_argument("chunks", nargs="+", help="FILE:N under the suite's test/")
    s.add_argument("--suite", default=os.path.join(
        os.path.dirname(ROOT), "shared", "upstream-lit", "triton-3.6", "test"))
    s.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"))
    s.add_argument("--iters", type=int, default=2000)
    s.add_argument("--grid", type=int, default=132 * 8)
    k = sub.add_parser("kernel", help="print the kernel of one chunk")
    k.add_argument("chunk", help="FILE:N under the suite's test/")
    k.add_argument("--suite", default=s.get_default("suite"))
    r = sub.add_parser("run")
    r.add_argument("out")
    r.add_argument("--triton-run", default="triton-run")
    args = p.parse_args()
    if args.cmd == "kernel":
        print(kernel(make_case(args.suite, args.chunk)), end="")
    elif args.cmd == "stage":
        stage(args)
    else:
        run(args)


if __name__ == "__main__":
    main()
