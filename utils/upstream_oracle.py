#!/usr/bin/env python3
"""Runs upstream Triton's own passes on an MLIR file, through its wheel.

    build/venv/bin/python utils/upstream_oracle.py FILE.mlir PASS [PASS ...]

Each PASS names one of the wheel's pass builders as MODULE.FUNCTION, e.g.
`ttgpuir.add_remove_layout_conversions`, `ttgpuir.add_reduce_data_duplication`,
`ttgpuir.add_accelerate_matmul`, `common.add_canonicalizer` (the modules of
`triton._C.libtriton.passes`); `nvidia.` in front names one of
`triton._C.libtriton.nvidia.passes`, and integer arguments follow a colon,
e.g. `nvidia.ttgpuir.add_allocate_shared_memory_nv:90,81`
`nvidia.ttgpuir.add_to_llvmir:90,81` (compute capability, PTX version). The module is printed after the passes run;
with no PASS it is parsed, verified and printed. A file split by `// -----`
takes `--chunk N` (1-based). This is the oracle for a pass decision that an
upstream lit test pins: the same input through upstream's pass.
"""
import argparse
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("passes", nargs="*")
    parser.add_argument("--chunk", type=int, help="1-based `// -----` chunk")
    args = parser.parse_intermixed_args()
    try:
        from triton._C.libtriton import ir, nvidia, passes
    except ImportError as e:
        sys.exit(f"upstream_oracle: needs Triton's wheel (build/venv/bin/python): {e}")
    path = args.file
    if args.chunk:
        chunks = open(path).read().split("// -----")
        if not 1 <= args.chunk <= len(chunks):
            sys.exit(f"upstream_oracle: {path} has {len(chunks)} chunks")
        import tempfile
        tmp = tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False)
        tmp.write(chunks[args.chunk - 1])
        tmp.close()
        path = tmp.name
    ctx = ir.context()
    ir.load_dialects(ctx)
    nvidia.load_dialects(ctx)
    mod = ir.parse_mlir_module(path, ctx)
    pm = ir.pass_manager(ctx)
    for name in args.passes:
        name, _, arglist = name.partition(":")
        root = passes
        if name.startswith("nvidia."):
            root, name = nvidia.passes, name[len("nvidia."):]
        group, _, fn = name.partition(".")
        builder = getattr(getattr(root, group, None), fn, None)
        if builder is None:
            sys.exit(f"upstream_oracle: no pass builder {name!r} in {root.__name__}")
        try:
            builder(pm, *[int(a) for a in arglist.split(",") if a])
        except (TypeError, ValueError) as e:
            sys.exit(f"upstream_oracle: {name}({arglist}): {e}")
    pm.run(mod, "upstream_oracle")
    print(mod)


if __name__ == "__main__":
    main()
