// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -test-print-allocation -verify-diagnostics -o /dev/null
// RUN: not triton-opt %s -split-input-file -allow-unregistered-dialect -test-print-allocation="get-scratch-size-function=ValidConstant" 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: not triton-opt %s -split-input-file -allow-unregistered-dialect -test-print-allocation="get-scratch-size-function=Bogus" 2>&1 | FileCheck %s --check-prefix=OPTION

// OPTION: for the --get-scratch-size-function option: Cannot find option named 'Bogus'!

// Every op that may take scratch takes 128 bytes with ValidConstant (the
// last chunk fails: a recursive call).
// CONST: remark: scratch offset = 0, size = 128

// A reduction across warps keeps one f16 per warp and output column (upstream's
// packing, 2 bytes each): 4 x 16 x 2 bytes, 128-byte aligned. Buffers that
// are live at once get disjoint bytes; a buffer's bytes are reused once its
// last view is dead.
#AL = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sliceAd0 = #ttg.slice<{dim = 0, parent = #AL}>
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#A1 = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// expected-remark @below {{reduce_and_views}}
// expected-remark @below {{size = 1536}}
tt.func @reduce_and_views(%x: tensor<16x16xf16, #AL>) {
  // expected-remark @below {{offset = 0, size = 1024}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #ttg.shared_memory, mutable>
  %c0 = arith.constant 0 : i32
  %v = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x16x16xf16, #A, #ttg.shared_memory, mutable> -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>
  // expected-remark @below {{scratch offset = 1024, size = 128}}
  %r = "tt.reduce"(%x) ({
  ^bb0(%p: f16, %q: f16):
    %s = arith.addf %p, %q : f16
    tt.reduce.return %s : f16
  }) {axis = 0 : i32} : (tensor<16x16xf16, #AL>) -> tensor<16xf16, #sliceAd0>
  // expected-remark @below {{offset = 1024, size = 512}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>
  "use"(%v) : (!ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>) -> ()
  "use"(%b) : (!ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>) -> ()
  // expected-remark @below {{offset = 0, size = 512}}
  %c = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>
  tt.return
}
}

// -----

// A call takes its callee's plan as a frame (`virtual`).
#A = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// expected-remark @below {{callee}}
// expected-remark @below {{size = 512}}
tt.func @callee() {
  // expected-remark @below {{offset = 0, size = 512}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>
  tt.return
}
// expected-remark @below {{caller}}
// expected-remark @below {{size = 1024}}
tt.func @caller() {
  // expected-remark @below {{offset = 0, size = 512}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>
  // expected-remark @below {{virtual offset = 512, size = 512}}
  tt.call @callee() : () -> ()
  "use"(%a) : (!ttg.memdesc<16x16xf16, #A, #ttg.shared_memory, mutable>) -> ()
  tt.return
}
}

// -----

// The partitions of a warp_specialize run at the same time as its default
// region: their buffers never share bytes. The captures are a packed
// struct (i8, i64: 9 bytes); the function keeps a state byte per partition
// warp.
#A1 = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// expected-remark @below {{ws}}
// expected-remark @below {{size = 36}}
// expected-remark @below {{scratch offset = 32, size = 4}}
tt.func @ws(%b: i8, %l: i64) {
  // expected-remark @below {{scratch offset = 0, size = 9}}
  ttg.warp_specialize(%b, %l)
  default {
    // expected-remark @below {{offset = 0, size = 16}}
    %0 = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #A1, #ttg.shared_memory, mutable>
    ttg.warp_yield
  }
  partition0(%x: i8, %y: i64) num_warps(4) {
    // expected-remark @below {{offset = 16, size = 16}}
    %1 = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #A1, #ttg.shared_memory, mutable>
    ttg.warp_return
  } : (i8, i64) -> ()
  tt.return
}
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32} {
// expected-error @below {{recursive calls cannot have their shared memory planned}}
tt.func @self() {
  tt.call @self() : () -> ()
  tt.return
}
}
