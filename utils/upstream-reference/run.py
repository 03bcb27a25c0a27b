"""Asks upstream Triton 3.6 (installed on the GPU machine) for reference IR.

  run.py passes OUT FILE:PIPELINE...   runs upstream's passes on every split
      (// -----) of each MLIR FILE, each split in its own process so a crash
      is reported, not fatal; writes OUT/passes.json.
  run.py kernels OUT                   compiles kernels.py for sm_80 and sm_90
      with MLIR_ENABLE_DUMP=1 and writes OUT/kernels-sm_XX.tar.gz with, per
      kernel, <kernel>.source (IR before make_ttir), <kernel>.ttir and the
      pass dump.

The GPU machine has Triton 3.6 (python3); nothing else is needed there. The
results became test/Dialect/Triton/Inputs/make-ttir (kernels, with the pass
dumps cut after make_ttir) and were compared with our passes on the splits of
the tt pass tests.
"""
import gzip, io, json, os, re, subprocess, sys, tarfile, tempfile

PASSES = {
    "triton-combine": ("ttir", "add_combine"),
    "triton-reorder-broadcast": ("ttir", "add_reorder_broadcast"),
    "triton-rewrite-tensor-pointer": ("ttir", "add_rewrite_tensor_pointer"),
    "triton-rewrite-tensor-descriptor-to-pointer":
        ("ttir", "add_rewrite_tensor_descriptor_to_pointer"),
    "triton-loop-unroll": ("ttir", "add_loop_unroll"),
    "triton-licm": ("ttir", "add_triton_licm"),
    "triton-loop-aware-cse": ("ttir", "add_loop_aware_cse"),
    "canonicalize": ("common", "add_canonicalizer"),
    "cse": ("common", "add_cse"),
    "inline": ("common", "add_inliner"),
    "symbol-dce": ("common", "add_symbol_dce"),
}


def run_one(path, pipeline):
    from triton._C.libtriton import ir, passes
    ctx = ir.context()
    ir.load_dialects(ctx)
    mod = ir.parse_mlir_module(path, ctx)
    mod.context = ctx
    pm = ir.pass_manager(ctx)
    for name in pipeline.split(","):
        group, fn = PASSES[name]
        getattr(getattr(passes, group), fn)(pm)
    try:
        pm.run(mod, "reference")
    except TypeError:
        pm.run(mod)
    print(str(mod))


def cmd_passes(out, specs):
    result = {}
    for spec in specs:
        path, pipeline = spec.split(":")
        text = open(path).read()
        splits = re.split(r"^// -----\s*$", text, flags=re.M)
        entries = []
        for i, split in enumerate(splits):
            with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
                f.write(split)
            proc = subprocess.run([sys.executable, __file__, "one", f.name, pipeline],
                                  capture_output=True, text=True, timeout=120)
            entries.append({"rc": proc.returncode, "out": proc.stdout,
                            "err": proc.stderr[-4000:]})
        result[f"{os.path.basename(path)}:{pipeline}"] = entries
    with open(os.path.join(out, "passes.json"), "w") as f:
        json.dump(result, f, indent=1)


def cmd_kernels(out, caps):
    import torch
    import triton
    from triton.backends.compiler import GPUTarget
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import kernels as K
    f16 = lambda n: torch.zeros(n, dtype=torch.float16, device="cuda")
    f32 = lambda n: torch.zeros(n, dtype=torch.float32, device="cuda")
    i32 = lambda n: torch.zeros(n, dtype=torch.int32, device="cuda")
    jobs = [
        ("dot_add", K.dot_add_kernel, lambda: (f16(1024), f16(1024), f16(1024), f32(1024)), dict(BLOCK=32)),
        ("addptr_select", K.addptr_select_kernel, lambda: (f32(1024), f32(1024), 1, 7), dict(BLOCK=128)),
        ("bmm_reduce", K.bmm_reduce_kernel, lambda: (f32(1024), f32(1024), f32(1024), i32(64)), dict(M=16, K=16, N=16)),
        ("reorder", K.reorder_kernel, lambda: (f32(1024), f32(4), f32(4096), 5), dict(BLOCK=32)),
        ("block_ptr", K.block_ptr_kernel, lambda: (f16(4096), f16(4096), 64, 64, 64, 2), dict(BM=32, BN=32)),
        ("descriptor", K.descriptor_kernel, lambda: (f16(4096), f16(4096), 64, 64), dict(BM=32, BN=32)),
        ("unroll_while", K.unroll_while_kernel, lambda: (f32(4096), f32(128), 9), dict(BLOCK=128)),
    ]
    buf = io.BytesIO()
    tar = tarfile.open(fileobj=buf, mode="w:gz")
    log = []

    def add(name, data):
        info = tarfile.TarInfo(name)
        raw = data.encode()
        info.size = len(raw)
        tar.addfile(info, io.BytesIO(raw))

    driver = triton.runtime.driver.active
    real_target = driver.get_current_target
    for cap in caps:
        driver.get_current_target = (lambda c=cap: GPUTarget("cuda", c, 32))
        for name, fn, args, consts in jobs:
            dump = tempfile.NamedTemporaryFile(delete=False)
            saved = os.dup(2)
            os.dup2(dump.fileno(), 2)
            try:
                compiled = fn.warmup(*args(), grid=(1,), **consts)
                ttir = compiled.asm["ttir"]
                err = None
            except Exception as e:
                ttir, err = None, repr(e)
            finally:
                sys.stderr.flush()
                os.dup2(saved, 2)
                os.close(saved)
            text = open(dump.name, errors="replace").read()
            log.append(f"sm_{cap} {name}: {'OK' if ttir else 'FAIL ' + str(err)} dump={len(text)}")
            m = re.search(r"^// -----// IR Dump Before Inliner.*?\n(.*?)(?=^// -----// IR Dump)",
                          text, flags=re.M | re.S)
            if m:
                add(f"sm_{cap}/{name}.source", m.group(1))
            if ttir:
                add(f"sm_{cap}/{name}.ttir", ttir)
            add(f"sm_{cap}/{name}.dump.txt", text)
    driver.get_current_target = real_target
    add("log.txt", "\n".join(log) + "\n")
    tar.close()
    with open(os.path.join(out, f"kernels-sm_{caps[0]}.tar.gz"), "wb") as f:
        f.write(buf.getvalue())
    print("\n".join(log))


if __name__ == "__main__":
    os.environ.setdefault("TRITON_ALWAYS_COMPILE", "1")
    if sys.argv[1] == "one":
        run_one(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "passes":
        cmd_passes(sys.argv[2], sys.argv[3:])
    elif sys.argv[1] == "kernels":
        if len(sys.argv) > 3:
            os.environ["MLIR_ENABLE_DUMP"] = "1"
            cmd_kernels(sys.argv[2], [int(sys.argv[3])])
        else:
            # One process per target: the JIT caches compiled kernels by
            # device, not by target.
            for cap in (80, 90):
                subprocess.run([sys.executable, __file__, "kernels",
                                sys.argv[2], str(cap)], check=True)
