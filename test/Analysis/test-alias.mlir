// RUN: triton-opt %s -split-input-file -allow-unregistered-dialect -test-print-alias -verify-diagnostics -o /dev/null

// Views alias their source's buffer; a select of two buffers aliases both;
// tensors and memdescs of no buffer (function arguments) print nothing.
#sw = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#sw1d = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
tt.func @views(%c: i1, %arg: !ttg.memdesc<16x16xf16, #sw, #smem, mutable>, %i: i32) {
  // expected-remark @below {{%0 -> %0}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{%1 -> %0}}
  %v = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x16x16xf16, #sw, #smem, mutable> -> !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{%2 -> %0}}
  %t = ttg.memdesc_trans %v {order = array<i32: 1, 0>} : !ttg.memdesc<16x16xf16, #sw, #smem, mutable> -> !ttg.memdesc<16x16xf16, #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [0, 1]}>, #smem, mutable>
  // expected-remark @below {{%3 -> %3}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{%4 -> %0,%3}}
  %s = arith.select %c, %v, %b : !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  %x = ttg.local_load %arg : !ttg.memdesc<16x16xf16, #sw, #smem, mutable> -> tensor<16x16xf16, #blocked>
  tt.return
}
}

// -----

// Loop-carried buffers: an iteration argument is printed with the buffers
// it starts from, the loop's results with all those that reach them.
#sw = #ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
tt.func @swap(%lb: index, %ub: index, %step: index) {
  // expected-remark @below {{%0 -> %0}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  // expected-remark @below {{%arg4 -> %0}}
  // expected-remark @below {{%arg5 -> %1}}
  // expected-remark @below {{%2#0 -> %0,%1}}
  // expected-remark @below {{%2#1 -> %0,%1}}
  %r:2 = scf.for %iv = %lb to %ub step %step iter_args(%x = %a, %y = %b) -> (!ttg.memdesc<16x16xf16, #sw, #smem, mutable>, !ttg.memdesc<16x16xf16, #sw, #smem, mutable>) {
    scf.yield %y, %x : !ttg.memdesc<16x16xf16, #sw, #smem, mutable>, !ttg.memdesc<16x16xf16, #sw, #smem, mutable>
  }
  tt.return
}
}
