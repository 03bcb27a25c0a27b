import triton
import triton.language as tl


@triton.jit
def matmul_ws_persistent_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                                BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
                                NUM_SMS: tl.constexpr,
                                NUM_STAGES: tl.constexpr,
                                WARP_SPECIALIZE: tl.constexpr = True,
                                FLATTEN: tl.constexpr = False,
                                EPILOGUE_SUBTILE: tl.constexpr = False):
    # A persistent, warp-specialized matmul C = A @ B^T of contiguous
    # tensors (A is M x K, B is N x K, both K-major) through device-side
    # tensor descriptors: each program walks the tiles NUM_SMS apart in
    # grouped order; on sm_90 the TMA loads of the k loop run in their own
    # warps ahead of the wgmma warps (tl.range(..., warp_specialize=True)).
    # With WARP_SPECIALIZE=False, FLATTEN=True it is upstream's other
    # persistent form: the tile and k loops flattened into one loop, which
    # the software pipeliner runs num_stages deep across tiles. With
    # EPILOGUE_SUBTILE each tile is stored as two halves along N (half the
    # store buffer).
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1],
                                       block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1],
                                       block_shape=[BLOCK_N, BLOCK_K])
    C_BLOCK_N: tl.constexpr = BLOCK_N // (2 if EPILOGUE_SUBTILE else 1)
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, C_BLOCK_N])
    start_pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    k_tiles = tl.cdiv(K, BLOCK_K)
    num_tiles = num_pid_m * num_pid_n
    for tile_id in tl.range(start_pid, num_tiles, NUM_SMS,
                            warp_specialize=WARP_SPECIALIZE, flatten=FLATTEN,
                            num_stages=NUM_STAGES):
        num_pid_in_group = GROUP_M * num_pid_n
        group_id = tile_id // num_pid_in_group
        first_pid_m = group_id * GROUP_M
        group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
        pid_m = first_pid_m + (tile_id % group_size_m)
        pid_n = (tile_id % num_pid_in_group) // group_size_m
        off_m = pid_m * BLOCK_M
        off_n = pid_n * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ki in range(k_tiles):
            a = a_desc.load([off_m, ki * BLOCK_K])
            b = b_desc.load([off_n, ki * BLOCK_K])
            acc = tl.dot(a, b.T, acc)
        if EPILOGUE_SUBTILE:
            halves = tl.permute(tl.reshape(acc, (BLOCK_M, 2, C_BLOCK_N)),
                                (0, 2, 1))
            left, right = tl.split(halves)
            c_desc.store([off_m, off_n], left.to(tl.float16))
            c_desc.store([off_m, off_n + C_BLOCK_N], right.to(tl.float16))
        else:
            c_desc.store([off_m, off_n], acc.to(tl.float16))
