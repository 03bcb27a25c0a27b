"""The corpus kernels as triton-run launches, at any of the corpus's sizes.

Each case builds numpy inputs for one problem size, the triton-run argument
list (the kernel's arguments minus constexprs and specialized ones, as
upstream's launcher passes them), the grid, and a numpy reference of the
output with a tolerance. Shared by utils/gpu/check_ours.py (our CUBINs) and
usable for upstream's CUBINs, which take the same arguments.

KERNELS lists the sizes the corpus times (result.json), smallest first.
The numpy references and `table` are shared with utils/gpu/check_upstream.py.
VARIANT picks the compiled kernel that handles a size: softmax and row_sum
are compiled with BLOCK >= the row length, so rows longer than the canonical
kernel's BLOCK use the corpus's large variant.
"""
import math

import numpy as np

# kernel -> (folder, kernel name, corpus sizes)
KERNELS = {
    "vector_add": ("vector_add_kernel", [1 << 20, 1 << 24, 1 << 28]),
    "softmax": ("softmax_row_kernel", [(4096, 1024), (4096, 4096), (4096, 16384)]),
    "matmul": ("matmul_kernel", [(4096, 4096, 4096), (8192, 8192, 8192)]),
    # Not a corpus kernel: the matmul through host-side tensor descriptors
    # (examples/matmul_tma_kernel.py), timed against upstream's CUBIN of it.
    "matmul_tma": ("matmul_tma_kernel", [(4096, 4096, 4096), (8192, 8192, 8192)]),
    "row_sum": ("row_sum_kernel", [(4096, 1024), (4096, 4096), (8192, 8192)]),
    "gelu": ("gelu_tanh_kernel", [1 << 20, 1 << 24, 1 << 28]),
    "flash_attention": ("flash_attn_fwd_kernel", [(4, 32, 1024, 64), (4, 32, 4096, 64)]),
    "transpose": ("transpose_kernel", [(4096, 4096), (8192, 8192), (16384, 16384)]),
    "histogram": ("histogram_kernel", [1 << 20, 1 << 24, 1 << 26]),
}
MEMORY_BOUND = {"vector_add", "softmax", "row_sum", "gelu", "transpose"}

# BLOCK of the canonical and the large variant of the row kernels.
ROW_BLOCKS = {"softmax": (1024, 16384), "row_sum": (1024, 8192)}


def size_str(size):
    return "x".join(map(str, size)) if isinstance(size, tuple) else str(size)


def variant(kernel, size):
    """The folder of the compiled kernel that runs `size`."""
    if kernel in ROW_BLOCKS:
        small, large = ROW_BLOCKS[kernel]
        if size[1] > small:
            assert size[1] <= large
            return kernel + "-large"
    return kernel


def gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))


def softmax_rows(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def attention(q, k, v, scale):
    """Non-causal attention per (batch, head), in float32."""
    out = np.empty(q.shape, dtype=np.float32)
    for z in range(q.shape[0]):
        for h in range(q.shape[1]):
            s = (q[z, h] @ k[z, h].T) * np.float32(scale)
            out[z, h] = softmax_rows(s) @ v[z, h]
    return out


def table(header, rows):
    """A plain-text table, columns padded to their widest cell."""
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(header, widths))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(row, widths)) for row in rows]
    return "\n".join(lines)


def make(kernel, size, rng, reference=True):
    """The launch of `kernel` at `size`: a dict with grid, inputs (name ->
    array), args (triton-run arguments; NAME=@key for inputs), output, and,
    when `reference`, ref, atol and rtol."""
    ref = None
    if kernel == "vector_add":
        n = size
        x = rng.standard_normal(n, dtype=np.float32)
        y = rng.standard_normal(n, dtype=np.float32)
        case = dict(grid=[math.ceil(n / 1024)], inputs={"x": x, "y": y},
                    args=["x=@x", "y=@y", f"out=f32:{n}:zeros", str(n)],
                    output="out", atol=0, rtol=0, bytes=12 * n)
        if reference:
            ref = x + y
    elif kernel == "softmax":
        m, n = size
        x = rng.standard_normal((m, n), dtype=np.float32)
        case = dict(grid=[m], inputs={"x": x},
                    args=[f"out=f32:{m}x{n}:zeros", "x=@x", str(n), str(n), str(n)],
                    output="out", atol=1e-6, rtol=1e-4, bytes=8 * m * n)
        if reference:
            ref = softmax_rows(x.astype(np.float64))
    elif kernel == "matmul":
        m, n, k = size
        a = rng.standard_normal((m, k), dtype=np.float32).astype(np.float16)
        b = rng.standard_normal((k, n), dtype=np.float32).astype(np.float16)
        case = dict(grid=[math.ceil(m / 128) * math.ceil(n / 128)],
                    inputs={"a": a, "b": b},
                    args=["a=@a", "b=@b", f"c=f16:{m}x{n}:zeros", str(m), str(n), str(k),
                          str(k), str(n), str(n)],
                    output="c", atol=0.02 * math.sqrt(k / 4096), rtol=0.01,
                    flops=2 * m * n * k)
        if reference:
            ref = a.astype(np.float32) @ b.astype(np.float32)
    elif kernel == "matmul_tma":
        m, n, k = size
        a = rng.standard_normal((m, k), dtype=np.float32).astype(np.float16)
        b = rng.standard_normal((k, n), dtype=np.float32).astype(np.float16)
        # Each descriptor, then the shape and strides the front end adds.
        case = dict(grid=[math.ceil(m / 128) * math.ceil(n / 256)],
                    inputs={"a": a, "b": b},
                    args=["a=desc:128x64:@a", str(m), str(k), str(k), "1",
                          "b=desc:64x256:@b", str(k), str(n), str(n), "1",
                          f"c=desc:128x256:f16:{m}x{n}:zeros", str(m), str(n), str(n), "1",
                          str(m), str(n), str(k)],
                    output="c", atol=0.02 * math.sqrt(k / 4096), rtol=0.01,
                    flops=2 * m * n * k)
        if reference:
            ref = a.astype(np.float32) @ b.astype(np.float32)
    elif kernel == "row_sum":
        m, n = size
        x = rng.standard_normal((m, n), dtype=np.float32)
        case = dict(grid=[m], inputs={"x": x},
                    args=["x=@x", f"out=f32:{m}:zeros", str(n), str(n)],
                    output="out", atol=1e-4 * math.sqrt(n / 1024), rtol=1e-5,
                    bytes=4 * m * n + 4 * m)
        if reference:
            ref = x.astype(np.float64).sum(axis=1)
    elif kernel == "gelu":
        n = size
        x = rng.standard_normal(n, dtype=np.float32) * np.float32(3)
        case = dict(grid=[math.ceil(n / 1024)], inputs={"x": x},
                    args=["x=@x", f"y=f16:{n}:zeros", str(n)],
                    output="y", atol=1e-3, rtol=2e-3, bytes=6 * n)
        if reference:
            ref = gelu_tanh(x.astype(np.float64))
    elif kernel == "flash_attention":
        z, h, s, d = size
        q, k, v = (rng.standard_normal((z, h, s, d), dtype=np.float32).astype(np.float16)
                   for _ in range(3))
        scale = 1.0 / math.sqrt(d)
        shape = f"{z}x{h}x{s}x{d}"
        case = dict(grid=[s // 128, z * h], inputs={"q": q, "k": k, "v": v},
                    args=["q=@q", "k=@k", "v=@v", f"o=f16:{shape}:zeros", repr(scale),
                          str(h * s * d), str(s * d), str(d), str(h), str(s)],
                    output="o", atol=2e-3, rtol=1e-2, flops=4 * z * h * s * s * d)
        if reference:
            ref = attention(q.astype(np.float32), k.astype(np.float32),
                            v.astype(np.float32), scale)
    elif kernel == "transpose":
        m, n = size
        x = rng.standard_normal((m, n), dtype=np.float32)
        case = dict(grid=[m // 64, n // 64], inputs={"x": x},
                    args=["x=@x", f"out=f32:{n}x{m}:zeros", str(m), str(n), str(n), str(m)],
                    output="out", atol=0, rtol=0, bytes=8 * m * n)
        if reference:
            ref = np.ascontiguousarray(x.T)
    elif kernel == "histogram":
        n = size
        x = rng.random(n, dtype=np.float32)
        case = dict(grid=[math.ceil(n / 1024)], inputs={"x": x},
                    args=["x=@x", "bins=i32:256:zeros", str(n)],
                    output="bins", atol=0, rtol=0, bytes=4 * n)
        if reference:
            # The kernel's arithmetic: float32 product, truncation, clamp.
            idx = np.clip((x * np.float32(256)).astype(np.int32), 0, 255)
            ref = np.bincount(idx, minlength=256).astype(np.int32)
    else:
        raise KeyError(kernel)
    case["ref"] = ref
    return case
