// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm -verify-diagnostics

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scf_left(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{needs structured control flow lowered first (run convert-scf-to-cf)}}
    scf.for %i = %c0 to %n step %c1 {
    }
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @no_layout() {
    // expected-error @+1 {{tensor without a layout: run convert-triton-to-tritongpu first}}
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @not_planned(%x: tensor<32x32xf32, #blocked>) {
    // expected-error @+1 {{shared memory not planned for this op: run allocate-shared-memory first}}
    %y = ttg.convert_layout %x : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    tt.return
  }
}

// -----

// mma.sync has no f64 accumulator of f16 operands nor fp8 (before sm_89)
// form, and an i8 dot needs an i32 accumulator; K must fill whole
// instructions.
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @v2_f16_into_f64(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf64, #mma>) {
    // expected-error @+1 {{mma.sync does not take a dot of 'f16' and 'f16' into 'f64' (f16, bf16, tf32, fp8, s8 or f64 operands, rank 2 or 3)}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf64, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @v2_i8_f32(%a: tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{mma.sync does not take a dot of 'i8' and 'i8' into 'f32'}}
    %d = tt.dot %a, %b, %c : tensor<32x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @v2_short_k(%a: tensor<32x8xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<8x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<32x32xi32, #mma>) {
    // expected-error @+1 {{mma.sync needs K to be a multiple of 32 (or 16), not 8}}
    %d = tt.dot %a, %b, %c : tensor<32x8xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<8x32xi8, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<32x32xi32, #mma>
    tt.return
  }
}

// -----

// wgmma reads shared memory only through a swizzled NVMMA layout.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#swizzled = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wgmma_swizzled(%a: !ttg.memdesc<64x64xf16, #swizzled, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{wgmma operands need a 32-, 64- or 128-byte swizzle, not 0}}
    %d = ttng.warp_group_dot %a, %a, %c : !ttg.memdesc<64x64xf16, #swizzled, #smem> * !ttg.memdesc<64x64xf16, #swizzled, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// cp.async fills masked-off elements with zeros only.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_copy_other(%ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %m: tensor<64x64xi1, #blocked>) {
    %one = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
    %buf = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // expected-error @+1 {{cp.async fills masked-off elements with zeros; 'other' must be a zero constant}}
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m other %one : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// One f16 per thread and vector: 2 bytes, below cp.async's 4.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_copy_narrow(%ptrs: tensor<16x8x!tt.ptr<f16>, #blocked>) {
    %buf = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<16x8xf16, #shared, #smem, mutable>
    // expected-error @+1 {{cp.async moves 4, 8 or 16 bytes; this copy's layouts give vectors of 2 bytes}}
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<16x8x!tt.ptr<f16>, #blocked> -> <16x8xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A scan needs every basis that moves along the axis to move by a power of
// two of its own; here a register moves by 3.
#linear = #ttg.linear<{register = [[1], [3]], lane = [[0], [0], [0], [0], [0]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @scan_odd_basis(%x: tensor<4xi32, #linear>) -> tensor<4xi32, #linear> {
    // expected-error @+1 {{cannot lower a scan over this layout: a register basis moves by 3 along the axis, which is no position bit of its own}}
    %r = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<4xi32, #linear>) -> tensor<4xi32, #linear>
    tt.return %r : tensor<4xi32, #linear>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8e4_rtz(%x: tensor<32xf32, #blocked>) -> tensor<32xf8E4M3FN, #blocked> {
    // expected-error @+1 {{round-toward-zero conversion to 'f8E4M3FN' is not supported (only to f8E5M2)}}
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<32xf32, #blocked> -> tensor<32xf8E4M3FN, #blocked>
    tt.return %0 : tensor<32xf8E4M3FN, #blocked>
  }
}


// -----

// wgmma transposes 16-bit operands only: an N-major tf32 B is refused.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 8]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @wgmma_tf32_n_major(%a: !ttg.memdesc<64x16xf32, #sa, #smem>, %b: !ttg.memdesc<16x64xf32, #sb, #smem>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{wgmma reads 'f32' operands K-major only; operand B's shared layout is not}}
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf32, #sa, #smem> * !ttg.memdesc<16x64xf32, #sb, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

// A tensor split over the cluster's CTAs along dim 1 cannot be stored to a
// buffer split along dim 0: a CTA would write another CTA's part.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1]]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 2048 : i32} {
  tt.func public @cluster_split_mismatch(%x: tensor<32x16xf32, #blocked>) {
    // expected-error @+1 {{the tensor is split over the cluster's CTAs otherwise than the shared buffer}}
    %buf = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    tt.return
  }
}

// -----

// A buffer each CTA of the cluster holds whole cannot be written from a
// tensor the CTAs split: each CTA's copy would miss the other's half.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 4096 : i32} {
  tt.func public @copied_buffer_from_split_tensor(%x: tensor<32x16xf32, #blocked>) {
    // expected-error @+1 {{each CTA's copy of the shared buffer needs the whole tensor, which the cluster's CTAs split}}
    %a = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    tt.return
  }
}

// -----

// A conversion between layouts the cluster's CTAs split differently would
// read another CTA's shared memory.
#split = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#whole = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 0]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 4096 : i32} {
  tt.func public @between_ctas(%x: tensor<32x16xf32, #split>) {
    // expected-error @+1 {{this conversion moves elements between the cluster's CTAs (their CTA layouts differ), which needs distributed shared memory: not supported}}
    %y = ttg.convert_layout %x {allocation.offset = 0 : i32} : tensor<32x16xf32, #split> -> tensor<32x16xf32, #whole>
    tt.return
  }
}

// -----

// TMA copies move nvmma_shared buffers only (the verifier rejects a TMA load
// into any other; a store reaches the lowering).
#swizzled = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @not_nvmma(%desc: !tt.tensordesc<tensor<64x64xf16>>, %x: i32, %buf: !ttg.memdesc<64x64xf16, #swizzled, #smem>) {
    // expected-error @+1 {{a TMA copy needs a #ttg.nvmma_shared buffer}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #swizzled, #smem>
    tt.return
  }
}

// -----

// TMA copies of a transposed nvmma_shared buffer are not lowered.
#nvmmaT = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transposed(%desc: !tt.tensordesc<tensor<64x64xf16>>, %x: i32, %pred: i1, %buf: !ttg.memdesc<64x64xf16, #nvmmaT, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>) {
    // expected-error @+1 {{TMA copies of a transposed #ttg.nvmma_shared buffer are not supported}}
    ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %pred : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmmaT, #smem, mutable>
    tt.return
  }
}

// -----

// A TMA store needs one coordinate per dimension of the buffer.
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @coordinates(%desc: !tt.tensordesc<tensor<64x64xf16>>, %x: i32, %buf: !ttg.memdesc<64x64xf16, #nvmma, #smem>) {
    // expected-error @+1 {{a TMA copy takes 1 to 5 coordinates, one per dimension of the descriptor's block}}
    ttng.async_tma_copy_local_to_global %desc[%x] %buf : !tt.tensordesc<tensor<64x64xf16>>, !ttg.memdesc<64x64xf16, #nvmma, #smem>
    tt.return
  }
}

// -----

// Nor of an fp4-padded one.
#nvmmaP = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, fp4Padded = true}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp4_padded(%desc: !tt.tensordesc<tensor<64x128xi8>>, %x: i32, %buf: !ttg.memdesc<64x128xi8, #nvmmaP, #smem>) {
    // expected-error @+1 {{TMA copies of fp4-padded buffers are not supported}}
    ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<64x128xi8>>, !ttg.memdesc<64x128xi8, #nvmmaP, #smem>
    tt.return
  }
}

// -----

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32} {
  tt.func private @in_device_function() {
    // expected-error @+1 {{is only supported in a kernel (a public tt.func), not in a device function}}
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32} {
  tt.func public @tensor_capture(%x: tensor<128xi32, #blocked>) {
    // expected-error @+1 {{cannot pass a tensor to its partitions (capture #0 is 'tensor<128xi32}}
    ttg.warp_specialize(%x) attributes {allocation.offset = 0 : i32, warpGroupStartIds = array<i32: 4>}
    default {
      ttg.warp_yield
    }
    partition0(%y: tensor<128xi32, #blocked>) num_warps(4) {
      ttg.warp_return
    } : (tensor<128xi32, #blocked>) -> ()
    tt.return
  }
}

// -----

// A buffer whose CTAs hold copies across one CTA bit cannot be written
// from a tensor the CTAs of that bit split: each copy would hold only the
// writer's part.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0], CGALayout = [[0, 1], [1, 0]]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0], CGALayout = [[0, 0], [1, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 2048 : i32} {
  tt.func public @cluster_copied_from_split(%x: tensor<32x16xf32, #blocked>) {
    // expected-error @+1 {{the tensor is split over the cluster's CTAs otherwise than the shared buffer}}
    %buf = ttg.local_alloc %x {allocation.offset = 0 : i32} : (tensor<32x16xf32, #blocked>) -> !ttg.memdesc<32x16xf32, #shared, #smem>
    tt.return
  }
}

// -----

// A wgmma whose accumulator two CTAs split along N, reading a B buffer each
// CTA holds whole: each CTA would multiply the wrong columns.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], CGALayout = [[0, 1]], instrShape = [16, 64, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, ttg.shared = 65536 : i32} {
  tt.func public @wgmma_cluster_mismatch(%a: !ttg.memdesc<128x64xf16, #sa, #smem>, %b: !ttg.memdesc<64x128xf16, #sa, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    // expected-error @+1 {{wgmma operand B's shared buffer is split over the cluster's CTAs otherwise than the accumulator's part needs (CTA bases [0, 0], needs [0, 1])}}
    %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #sa, #smem> * !ttg.memdesc<64x128xf16, #sa, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// A scan's axis is not checked when it is parsed (as upstream's is not: the
// result keeps the operand's type); its lowering rejects one that is not a
// dimension of the operand.
#blocked1d = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @scan_axis_out_of_range(%x: tensor<1024xi32, #blocked1d>) {
    // expected-error @+1 {{axis 1 is out of range for operands of rank 1}}
    %0 = "tt.scan"(%x) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %s = arith.addi %a, %b : i32
      tt.scan.return %s : i32
    }) : (tensor<1024xi32, #blocked1d>) -> tensor<1024xi32, #blocked1d>
    tt.return
  }
}
