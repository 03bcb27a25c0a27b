import triton
import triton.language as tl


@triton.jit
def attention_ws_kernel(q_ptr, k_ptr, v_ptr, o_ptr, sm_scale, Z_H, N_CTX,
                        HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
                        BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr,
                        NUM_STAGES: tl.constexpr):
    # Flash attention forward, O = softmax(Q K^T * sm_scale) V, for
    # contiguous fp16 Q, K, V, O of shape (Z * H, N_CTX, HEAD_DIM) through
    # device-side tensor descriptors. Program (m, zh) computes BLOCK_M rows
    # of head zh with an online softmax over BLOCK_N keys at a time (causal:
    # keys up to the block's last row, masked; the programs with the most
    # keys start first). On sm_90
    # the TMA loads of K and V run in their own warps ahead of the wgmma
    # warps (tl.range(..., warp_specialize=True)).
    if CAUSAL:
        start_m = tl.num_programs(0) - 1 - tl.program_id(0)
    else:
        start_m = tl.program_id(0)
    off_zh = tl.program_id(1)
    rows = Z_H * N_CTX
    desc_q = tl.make_tensor_descriptor(q_ptr, shape=[rows, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_M, HEAD_DIM])
    desc_k = tl.make_tensor_descriptor(k_ptr, shape=[rows, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    desc_v = tl.make_tensor_descriptor(v_ptr, shape=[rows, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_N, HEAD_DIM])
    desc_o = tl.make_tensor_descriptor(o_ptr, shape=[rows, HEAD_DIM],
                                       strides=[HEAD_DIM, 1],
                                       block_shape=[BLOCK_M, HEAD_DIM])
    head = off_zh * N_CTX
    q_row = head + start_m * BLOCK_M
    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    q = desc_q.load([q_row, 0])
    if CAUSAL:
        hi = (start_m + 1) * BLOCK_M
    else:
        hi = N_CTX
    for start_n in tl.range(0, hi, BLOCK_N, warp_specialize=True,
                            num_stages=NUM_STAGES):
        k = desc_k.load([head + start_n, 0])
        qk = tl.dot(q, k.T)
        if CAUSAL:
            # (Every block is masked: upstream's warp specialization takes
            # neither a branch around the mask nor a loop of its own for
            # the diagonal.)
            offs_n = start_n + tl.arange(0, BLOCK_N)
            keep = offs_m[:, None] >= offs_n[None, :]
            qk = tl.where(keep, qk, -1.0e6)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        qk = qk * qk_scale - m_ij[:, None]
        p = tl.math.exp2(qk)
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        acc = acc * alpha[:, None]
        v = desc_v.load([head + start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc)
        l_i = l_i * alpha + l_ij
        m_i = m_ij
    acc = acc / l_i[:, None]
    desc_o.store([q_row, 0], acc.to(tl.float16))
