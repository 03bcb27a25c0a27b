// RUN: triton-opt %s -split-input-file --triton-nvidia-optimize-descriptor-encoding -verify-diagnostics | FileCheck %s

// Kernel arguments get the default NVMMA layout of their block: 64x64 f16
// fills 128-byte rows (the 128-byte swizzle), 16x16 f32 64-byte ones, a
// vector is unswizzled (and marked transposed, as upstream marks it). The
// function type follows.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[$S128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[$S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>
  // CHECK-DAG: #[[$VEC:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = true, elementBitWidth = 32, rank = 1}>
  // CHECK-LABEL: tt.func public @args(
  // CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[$S128]]>>
  // CHECK-SAME: !tt.tensordesc<tensor<16x16xf32, #[[$S64]]>>
  // CHECK-SAME: !tt.tensordesc<tensor<128xui32, #[[$VEC]]>>
  // CHECK: tt.descriptor_load %arg0[%arg3, %arg3] : !tt.tensordesc<tensor<64x64xf16, #[[$S128]]>>
  // CHECK: tt.descriptor_store %arg1[%arg3, %arg3], %{{.*}} : !tt.tensordesc<tensor<16x16xf32, #[[$S64]]>>
  tt.func public @args(%a: !tt.tensordesc<tensor<64x64xf16>>, %b: !tt.tensordesc<tensor<16x16xf32>>, %c: !tt.tensordesc<tensor<128xui32>>, %i: i32, %v: tensor<16x16xf32, #blocked1>) {
    %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.descriptor_store %b[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32, #blocked1>
    %y = tt.descriptor_load %c[%i] : !tt.tensordesc<tensor<128xui32>> -> tensor<128xi32, #blocked2>
    tt.return
  }
}

// -----

// A load whose result only goes into a buffer of an NVMMA layout TMA can
// write takes that layout; the descriptors it flows from (a loop's init and
// iteration argument, a select, a made descriptor) take it too.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[$S32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func public @flows(
  // CHECK-SAME: %arg0: !tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>
  // CHECK: tt.make_tensor_descriptor {{.*}} : <f16>, <tensor<64x64xf16, #[[$S32]]>>
  // CHECK: arith.select {{.*}} : !tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>
  // CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>)
  // CHECK: tt.descriptor_load {{.*}} : !tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>
  tt.func public @flows(%a: !tt.tensordesc<tensor<64x64xf16>>, %p: !tt.ptr<f16>, %n: i32, %s: i64, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant 1 : i64
    %made = tt.make_tensor_descriptor %p, [%n, %n], [%s, %one] : <f16>, <tensor<64x64xf16>>
    %d = arith.select %c, %a, %made : !tt.tensordesc<tensor<64x64xf16>>
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%it = %d) -> (!tt.tensordesc<tensor<64x64xf16>>) : i32 {
      %x = tt.descriptor_load %it[%k, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
      %buf = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #s32, #smem>
      scf.yield %it : !tt.tensordesc<tensor<64x64xf16>>
    }
    tt.return
  }
}

// -----

// Loads that want different layouts (or a use other than a buffer) leave
// the group with the default layout.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: #[[$S128:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func public @disagree(
  // CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[$S128]]>>
  tt.func public @disagree(%a: !tt.tensordesc<tensor<64x64xf16>>, %i: i32) {
    %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %bx = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #s32, #smem>
    %y = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %by = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #s64, #smem>
    tt.return
  }
}

// -----

// A layout already on a descriptor stays, whatever its loads want. A
// device function's arguments and results take the layout of what its
// callers pass.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#s64 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[$S32:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
  // CHECK-DAG: #[[$S64:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
  // CHECK-LABEL: tt.func private @pass_on(
  // CHECK-SAME: %arg0: !tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>) -> !tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>
  tt.func private @pass_on(%d: !tt.tensordesc<tensor<64x64xf16>>) -> !tt.tensordesc<tensor<64x64xf16>> {
    tt.return %d : !tt.tensordesc<tensor<64x64xf16>>
  }
  // CHECK-LABEL: tt.func public @caller(
  // CHECK-SAME: %arg0: !tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>, %arg1: !tt.tensordesc<tensor<64x64xf16, #[[$S64]]>>
  // CHECK: tt.call @pass_on(%arg0) : (!tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>) -> !tt.tensordesc<tensor<64x64xf16, #[[$S32]]>>
  tt.func public @caller(%a: !tt.tensordesc<tensor<64x64xf16>>, %b: !tt.tensordesc<tensor<64x64xf16, #s64>>, %i: i32) {
    %r = tt.call @pass_on(%a) : (!tt.tensordesc<tensor<64x64xf16>>) -> !tt.tensordesc<tensor<64x64xf16>>
    %x = tt.descriptor_load %r[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    %bx = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #s32, #smem>
    %y = tt.descriptor_load %b[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #s64>> -> tensor<64x64xf16, #blocked>
    %by = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #s32, #smem>
    tt.return
  }
}

// -----

// In a cluster, the default layout splits the block over the CTAs as the
// tensors its copies read or write are split (here the rows, over two CTAs:
// each CTA's 32x64 part fills 128-byte rows); a descriptor nothing copies
// through is held whole by every CTA (zero bases). The swizzle is chosen
// for each CTA's part: 16x32 f16 rows per CTA fill 64 bytes.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-DAG: #[[$ROWS:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}1, 0]]}>
  // CHECK-DAG: #[[$COLS:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}0, 1]]}>
  // CHECK-DAG: #[[$WHOLE:.*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = {{\[\[}}0, 0]]}>
  // CHECK-LABEL: tt.func public @cluster(
  // CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[$ROWS]]>>
  // CHECK-SAME: !tt.tensordesc<tensor<16x64xf16, #[[$COLS]]>>
  // CHECK-SAME: !tt.tensordesc<tensor<64x64xf16, #[[$WHOLE]]>>
  tt.func public @cluster(%a: !tt.tensordesc<tensor<64x64xf16>>, %b: !tt.tensordesc<tensor<16x64xf16>>, %c: !tt.tensordesc<tensor<64x64xf16>>, %i: i32, %v: tensor<16x64xf16, #blocked1>) {
    %x = tt.descriptor_load %a[%i, %i] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16, #blocked>
    tt.descriptor_reduce min, %b[%i, %i], %v : !tt.tensordesc<tensor<16x64xf16>>, tensor<16x64xf16, #blocked1>
    tt.return
  }
}
