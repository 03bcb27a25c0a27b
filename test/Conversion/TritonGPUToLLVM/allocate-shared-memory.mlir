// RUN: triton-opt %s -split-input-file --allocate-shared-memory | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory-nv='compute-capability=90 ptx-version=86' | FileCheck %s

// A buffer lives from its local_alloc to its last use; scratch lives while
// its op runs. Buffers live at the same time get disjoint bytes (largest
// first, lowest offset); the others share. %a is read after both layout
// conversions, so their scratch goes beside it; %b is dead by then and
// shares the conversions' bytes. The module gets the total.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 18432 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: tensor<64x64xf32, #blocked>, %y: tensor<32x32xf16, #blocked>) {
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 16384 : i32
    %a = ttg.local_alloc %y : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 0 : i32
    %b = ttg.local_alloc %y : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %vb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 0 : i32
    %c = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 0 : i32
    %d = ttg.convert_layout %c : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
    %va = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// A pipelined loop: the buffers that cp.async fills live until their
// local_dealloc (after the last wait), through the views made of them and
// the whole loop; the layout conversion after the loop reuses their bytes.
// A conversion inside the loop does not.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 49152 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pipelined(%ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %x: tensor<64x64xf32, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_alloc {allocation.offset = 16384 : i32}
    %buf2 = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64x64xf32, #blocked>) : i32 {
      %slot = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %t = ttg.async_copy_global_to_local %ptrs, %slot : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %slot2 = ttg.memdesc_index %buf2[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %t2 = ttg.async_copy_global_to_local %ptrs, %slot2 : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
      %g = ttg.async_commit_group tokens %t, %t2
      %w = ttg.async_wait %g {num = 0 : i32}
      // CHECK: ttg.convert_layout {{.*}}allocation.offset = 32768 : i32
      %y = ttg.convert_layout %acc : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
      %z = ttg.convert_layout %y : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked>
      scf.yield %z : tensor<64x64xf32, #blocked>
    }
    ttg.local_dealloc %buf : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %buf2 : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 0 : i32
    %after = ttg.convert_layout %r : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return
  }
}

// -----

// A buffer that cp.async fills and that is never deallocated may still be
// written after its last use: it keeps its bytes for the whole function.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 24576 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @async_kept(%ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %x: tensor<64x64xf32, #blocked>) {
    // CHECK: ttg.local_alloc {allocation.offset = 16384 : i32}
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %ptrs, %buf : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 0 : i32
    %y = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
    tt.return
  }
}

// -----

// After scf-to-cf: a buffer used in a loop's blocks is live over all of
// them, so the conversion in the loop body gets other bytes; the one after
// the loop, past the buffer's last use, shares them.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 18432 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @cfg(%x: tensor<64x64xf32, #blocked>, %y: tensor<32x32xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 0 : i32
    %a = ttg.local_alloc %x : (tensor<64x64xf32, #blocked>) -> !ttg.memdesc<64x64xf32, #shared, #smem>
    cf.br ^loop(%c0, %y : i32, tensor<32x32xf16, #blocked>)
  ^loop(%i: i32, %acc: tensor<32x32xf16, #blocked>):
    %more = arith.cmpi slt, %i, %n : i32
    cf.cond_br %more, ^body, ^exit
  ^body:
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 16384 : i32
    %t = ttg.convert_layout %acc : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    %back = ttg.convert_layout %t : tensor<32x32xf16, #blocked1> -> tensor<32x32xf16, #blocked>
    %v = ttg.local_load %a : !ttg.memdesc<64x64xf32, #shared, #smem> -> tensor<64x64xf32, #blocked>
    %next = arith.addi %i, %c1 : i32
    cf.br ^loop(%next, %back : i32, tensor<32x32xf16, #blocked>)
  ^exit:
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 0 : i32
    %z = ttg.convert_layout %acc : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    tt.return
  }
}

// -----

// A memdesc carried by a loop keeps its buffer live as long as the loop's
// results are: the conversion before the last use gets other bytes.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 18432 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried(%x: tensor<64x64xf32, #blocked>, %y: tensor<32x32xf16, #blocked>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 0 : i32
    %a = ttg.local_alloc %x : (tensor<64x64xf32, #blocked>) -> !ttg.memdesc<64x64xf32, #shared, #smem>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a) -> (!ttg.memdesc<64x64xf32, #shared, #smem>) : i32 {
      scf.yield %m : !ttg.memdesc<64x64xf32, #shared, #smem>
    }
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 16384 : i32
    %z = ttg.convert_layout %y : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #blocked1>
    %v = ttg.local_load %r : !ttg.memdesc<64x64xf32, #shared, #smem> -> tensor<64x64xf32, #blocked>
    tt.return
  }
}

// -----

// A reduction within a warp needs no scratch; one across warps needs a slot
// per warp and output element.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 64 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%x: tensor<4x512xf32, #blocked>) {
    // CHECK: }) : (tensor<4x512xf32, #blocked>) -> tensor<512xf32
    %r0 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x512xf32, #blocked>) -> tensor<512xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    // CHECK: }) {allocation.offset = 0 : i32} : (tensor<4x512xf32, #blocked>) -> tensor<4xf32
    %r1 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.maxnumf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<4x512xf32, #blocked>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}

// -----

// A device function's plan is one buffer of its caller, live during the
// call.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 16 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @sum(%x: tensor<1024xf32, #blocked>) -> f32 attributes {noinline = true} {
    // CHECK: }) {allocation.offset = 0 : i32} : (tensor<1024xf32, #blocked>) -> f32
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<1024xf32, #blocked>) -> f32
    tt.return %r : f32
  }
  tt.func public @k(%x: tensor<1024xf32, #blocked>) {
    // CHECK: tt.call @sum{{.*}}allocation.offset = 0 : i32
    %r = tt.call @sum(%x) : (tensor<1024xf32, #blocked>) -> f32
    tt.return
  }
}

// -----

// A call's plan keeps the alignment its callee's buffers need (1024 bytes
// for a swizzled NVMMA buffer): the caller's 1536-byte buffer, live across
// the call, is placed first, and the call goes at the next multiple of 1024,
// not of 16.
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 3072 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @callee(%x: tensor<8x64xf16, #blocked>) attributes {noinline = true} {
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 0 : i32
    %a = ttg.local_alloc %x : (tensor<8x64xf16, #blocked>) -> !ttg.memdesc<8x64xf16, #nvmma, #smem>
    tt.return
  }
  tt.func public @caller(%x: tensor<8x64xf16, #blocked>) {
    // CHECK: ttg.local_alloc {{.*}}allocation.offset = 0 : i32
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x8x16xf32, #shared, #smem, mutable>
    // CHECK: tt.call @callee{{.*}}allocation.offset = 2048 : i32
    tt.call @callee(%x) : (tensor<8x64xf16, #blocked>) -> ()
    ttg.local_dealloc %b : !ttg.memdesc<3x8x16xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// The partitions of a ttg.warp_specialize run at the same time: the scratch
// of one partition's conversion and of the default region's get disjoint
// bytes, though their ops never overlap in program order. The op's captures
// (8 bytes each) are read by the partitions before the default region
// starts, so they may share its bytes; the kernel's 4 workers have a state
// byte each for the whole kernel (the func's allocation.offset).
#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 32772 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32} {
  // CHECK: tt.func public @ws({{.*}}) attributes {allocation.offset = 32768 : i32}
  tt.func public @ws(%x: tensor<64x64xf32, #blocked>) {
    // CHECK: ttg.warp_specialize(%{{.*}}) attributes {allocation.offset = 0 : i32}
    ttg.warp_specialize(%x)
    default {
      // CHECK: ttg.convert_layout {{.*}}allocation.offset = [[D:[0-9]+]] : i32
      %a = ttg.convert_layout %x : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
      ttg.warp_yield
    }
    partition0(%y: tensor<64x64xf32, #blocked>) num_warps(4) {
      // CHECK-NOT: allocation.offset = [[D]] : i32
      // CHECK: ttg.convert_layout {{.*}}allocation.offset = {{[0-9]+}} : i32
      %b = ttg.convert_layout %y : tensor<64x64xf32, #blocked> -> tensor<64x64xf32, #blocked1>
      ttg.warp_return
    } : (tensor<64x64xf32, #blocked>) -> ()
    tt.return
  }
}

// -----

// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 0 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @empty() {
    tt.return
  }
}

// -----

// A conversion whose elements stay in their warp is done with warp shuffles:
// no scratch, no offset (one whose elements cross warps gets both).
#src = #ttg.linear<{register = [[1, 0]], lane = [[2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[32, 0]], block = []}>
#dst = #ttg.linear<{register = [[2, 0]], lane = [[1, 0], [4, 0], [8, 0], [16, 0], [0, 1]], warp = [[32, 0]], block = []}>
#across = #ttg.linear<{register = [[2, 0]], lane = [[1, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp = [[0, 1]], block = []}>
// CHECK-LABEL: module attributes
// CHECK-SAME: ttg.shared = 512 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @within_warps(%x: tensor<64x2xf32, #src>) {
    // CHECK: ttg.convert_layout %arg0 : tensor<64x2xf32, #{{[a-z0-9]+}}> -> tensor<64x2xf32, #{{[a-z0-9]+}}>
    %y = ttg.convert_layout %x : tensor<64x2xf32, #src> -> tensor<64x2xf32, #dst>
    // CHECK: ttg.convert_layout {{.*}}allocation.offset = 0 : i32
    %z = ttg.convert_layout %x : tensor<64x2xf32, #src> -> tensor<64x2xf32, #across>
    tt.return
  }
}
