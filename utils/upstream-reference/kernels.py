"""Kernels that exercise make_ttir's passes beyond the corpus: dot + add
(combine), addptr chains, select of masked loads, broadcast-multiply-sum,
reshape before reduce, splat/broadcast arithmetic (reorder-broadcast), block
pointers through loops, tensor descriptors, unrolled loops, while loops."""
import triton
import triton.language as tl


@triton.jit
def dot_add_kernel(a_ptr, b_ptr, c_ptr, out_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    offs = r[:, None] * BLOCK + r[None, :]
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    c = tl.load(c_ptr + offs)
    acc = tl.dot(a, b) + c
    acc2 = c.to(tl.float32) * 2.0 + tl.dot(a, b, out_dtype=tl.float32)
    tl.store(out_ptr + offs, acc + acc2)


@triton.jit
def addptr_select_kernel(x_ptr, y_ptr, flag, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK).to(tl.int64)
    base = x_ptr + offs
    p = base + n.to(tl.int64)
    cond = flag > 0
    v = tl.load(p, mask=cond, other=0.0)
    w = tl.where(cond, v, 3.0)
    q = (y_ptr + 4) + 8
    tl.store(q + tl.arange(0, BLOCK), w)


@triton.jit
def bmm_reduce_kernel(x_ptr, y_ptr, out_ptr, h_ptr, M: tl.constexpr, K: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * K + rk[None, :])
    y = tl.load(y_ptr + rk[:, None] * N + rn[None, :])
    z = tl.sum(x[:, :, None] * y[None, :, :], axis=1)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], z)
    flat = tl.reshape(x, (M * K,))
    s = tl.sum(flat, axis=0)
    hist = tl.histogram(tl.reshape(rm[:, None] + rk[None, :], (M * K,)), 32)
    tl.store(h_ptr + tl.arange(0, 32), hist + s.to(tl.int32))


@triton.jit
def reorder_kernel(x_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    s = tl.load(s_ptr)
    r = tl.arange(0, BLOCK)
    sv = tl.full([BLOCK], 1.0, tl.float32) * s
    e = tl.exp(sv) + 2.0
    col = tl.load(x_ptr + r)
    mat = col[:, None] * 3.0 + s
    m2 = tl.broadcast_to(mat, (BLOCK, BLOCK)) - 1.0
    tl.store(out_ptr + r[:, None] * BLOCK + r[None, :], m2 + e[None, :])


@triton.jit
def block_ptr_kernel(a_ptr, out_ptr, M, N, stride_m, K_TILES, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    a = tl.make_block_ptr(a_ptr, shape=(M, N), strides=(stride_m, 1), offsets=(pid * BM, 0),
                          block_shape=(BM, BN), order=(1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K_TILES):
        v = tl.load(a, boundary_check=(0, 1), padding_option="zero")
        acc += v.to(tl.float32)
        a = tl.advance(a, (0, BN))
    o = tl.make_block_ptr(out_ptr, shape=(M, N), strides=(stride_m, 1), offsets=(pid * BM, 0),
                          block_shape=(BM, BN), order=(1, 0))
    tl.store(o, acc.to(tl.float16), boundary_check=(0,))
    n = tl.make_block_ptr(a_ptr, shape=(M,), strides=(1,), offsets=(pid,), block_shape=(BM,), order=(0,))
    w = tl.load(n, boundary_check=(0,), padding_option="nan")
    tl.store(out_ptr + tl.arange(0, BM), w)


@triton.jit
def descriptor_kernel(a_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    desc = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    odesc = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for j in range(0, tl.cdiv(N, BN)):
        v = desc.load([pid * BM, j * BN])
        acc += v.to(tl.float32)
    odesc.store([pid * BM, 0], acc.to(tl.float16))


@triton.jit
def unroll_while_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in tl.range(0, n, loop_unroll_factor=2):
        acc += tl.load(x_ptr + i * BLOCK + r)
    i = 0
    while i < n:
        acc = acc * 0.5
        i += 3
    tl.store(out_ptr + r, acc)
