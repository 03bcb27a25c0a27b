// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// Contiguous, 16-byte aligned pointers (from tt.divisibility) and a mask
// constant over 4 elements: 128-bit predicated accesses, as upstream emits.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @vec
  tt.func public @vec(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$9 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ];", "=r,=r,=r,=r,r,r,r,r,l,b"
    %v = tt.load %xp, %m, %zero : tensor<512x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    // CHECK: "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"
    tt.store %yp, %v, %m : tensor<512x!tt.ptr<f32>, #blocked>
    // Without a mask there is no predicate (the outputs start at 0, as
    // upstream writes them). From sm_80 the eviction policy goes to L2 too,
    // as a createpolicy cache hint.
    // CHECK: %[[POLICY:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_first.b64 $0, 1.0;", "=l" : () -> i64
    // CHECK-NEXT: "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09ld.global.cg.L1::evict_first.L2::cache_hint.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ], $5;", "=r,=r,=r,=r,l,l" %{{.*}}, %[[POLICY]]
    %w = tt.load %xp cacheModifier = cg evictionPolicy = evict_first : tensor<512x!tt.ptr<f32>, #blocked>
    // CHECK: "st.global.cs.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l"
    tt.store %yp, %w cacheModifier = cs : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Unknown alignment: one element per access; f16 values move as b16.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @scalarized
  tt.func public @scalarized(%x: !tt.ptr<f16>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    // CHECK-COUNT-4: "mov.u16 $0, 0x0;\0A\09ld.global.b16 { $0 }, [ $1 + 0 ];", "=h,l"
    // CHECK-NOT: ld.global
    %v = tt.load %xp : tensor<512x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// 16-byte aligned f16 pointers: 8 elements in one v4.b32.
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @half8
  tt.func public @half8(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK: ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];"
    // CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xi16>
    %v = tt.load %xp : tensor<1024x!tt.ptr<f16>, #blocked>
    tt.return
  }
}

// -----

// A scalar store is done by thread 0; a broadcast tensor is stored once per
// element (lane bits that only copy data are masked off).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @owners
  tt.func public @owners(%p: !tt.ptr<f32>, %v: f32) {
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
    // CHECK: "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b" %{{.*}}, %{{.*}}, %[[FIRST]]
    tt.store %p, %v : !tt.ptr<f32>
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %vs = tt.splat %v : f32 -> tensor<32xf32, #blocked>
    // 32 elements over 128 threads: warps 1-3 hold copies of warp 0's data.
    // CHECK: llvm.and %{{.*}}, %{{.*}} : i32
    // CHECK: llvm.icmp "eq"
    // CHECK: "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"
    tt.store %pp, %vs : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Atomics: one PTX atom per element with the op's semantics and scope.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @atomics
  tt.func public @atomics(%p: !tt.ptr<i32>, %f: !tt.ptr<f32>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>
    %one = arith.constant dense<1> : tensor<128xi32, #blocked>
    %t = arith.constant dense<true> : tensor<128xi1, #blocked>
    // CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.relaxed.add.u32 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
    %a = tt.atomic_rmw add, relaxed, gpu, %pp, %one, %t : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xi32, #blocked>
    // CHECK: atom.global.cta.acq_rel.max.s32
    %b = tt.atomic_rmw max, acq_rel, cta, %pp, %one : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    // CHECK: atom.global.acquire.sys.cas.b32 $0, [ $1 + 0 ], $2, $3;
    %c = tt.atomic_cas acquire, sys, %pp, %one, %one : (tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>, tensor<128xi32, #blocked>) -> tensor<128xi32, #blocked>
    %fv = arith.constant 1.0 : f32
    // A scalar atomic runs in thread 0; its result reaches every thread
    // through shared memory.
    // CHECK: atom.global.gpu.relaxed.add.f32
    // CHECK: nvvm.barrier0
    // CHECK: st.shared.b32
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    %d = tt.atomic_rmw fadd, relaxed, gpu, %f, %fv : (!tt.ptr<f32>, f32) -> f32
    tt.store %f, %d : !tt.ptr<f32>
    tt.return
  }
}

// -----

// atom.add.noftz.bf16 exists from sm_90 on; on sm_80 (the module's target)
// a bf16 atomic add is LLVM's atomicrmw, run where the mask holds. On
// sm_90 it stays one PTX atom.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @bf16_atomic_add_sm80
  // CHECK: llvm.cond_br %{{.*}}, ^[[ADD:bb[0-9]+]], ^[[DONE:bb[0-9]+]](%{{.*}} : bf16)
  // CHECK: ^[[ADD]]:
  // CHECK-NEXT: %[[OLD:.*]] = llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, bf16
  // CHECK-NEXT: llvm.br ^[[DONE]](%[[OLD]] : bf16)
  // CHECK-NOT: atom.global
  tt.func public @bf16_atomic_add_sm80(%p: tensor<128x!tt.ptr<bf16>, #blocked>, %v: tensor<128xbf16, #blocked>, %m: tensor<128xi1, #blocked>) {
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<128x!tt.ptr<bf16>, #blocked>, tensor<128xbf16, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xbf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @bf16_atomic_add_sm90
  // CHECK-NOT: llvm.atomicrmw
  // CHECK: atom.global.gpu.relaxed.add.noftz.bf16
  tt.func public @bf16_atomic_add_sm90(%p: tensor<128x!tt.ptr<bf16>, #blocked>, %v: tensor<128xbf16, #blocked>, %m: tensor<128xi1, #blocked>) {
    %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v, %m : (tensor<128x!tt.ptr<bf16>, #blocked>, tensor<128xbf16, #blocked>, tensor<128xi1, #blocked>) -> tensor<128xbf16, #blocked>
    tt.return
  }
}

// -----

// A store's eviction policy goes to L2 as a createpolicy cache hint from
// sm_80 on (every element has one owner here: no predicate).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @store_evict_last
  // CHECK: %[[POLICY:.*]] = llvm.inline_asm {{.*}}"mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"
  // CHECK-NEXT: "st.global.L1::evict_last.L2::cache_hint.b32 [ $1 + 0 ], { $0 }, $2;", "r,l,l" %{{.*}}, %{{.*}}, %[[POLICY]]
  tt.func public @store_evict_last(%p: tensor<128x!tt.ptr<f32>, #blocked>, %v: tensor<128xf32, #blocked>) {
    tt.store %p, %v evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A scalar add of a constant 0 with acquire or relaxed semantics reads the
// value: nvg.ld_acquire (predicated like the atomic: one thread), its result
// shared through shared memory. Any other value, semantics or a tensor stays
// an atomic.
// CHECK-LABEL: llvm.func @add_zero_is_load
// CHECK: nvg.ld_acquire acquire, gpu, %{{.*}}, %{{.*}} : (!llvm.ptr<1>) -> f32
// CHECK: nvg.ld_acquire relaxed, cta, %{{.*}}, %{{.*}} : (!llvm.ptr<1>) -> i32
// CHECK-NOT: nvg.ld_acquire
// CHECK: atom.global.gpu.acq_rel.add.f32
// CHECK: atom.global.gpu.acquire.add.f32
// CHECK-NOT: nvg.ld_acquire
// CHECK: llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @add_zero_is_load(%pf: !tt.ptr<f32>, %pi: !tt.ptr<i32>) {
    %zf = arith.constant 0.000000e+00 : f32
    %one = arith.constant 1.000000e+00 : f32
    %zi = arith.constant 0 : i32
    %a = tt.atomic_rmw fadd, acquire, gpu, %pf, %zf : (!tt.ptr<f32>, f32) -> f32
    tt.store %pf, %a : !tt.ptr<f32>
    %b = tt.atomic_rmw add, relaxed, cta, %pi, %zi : (!tt.ptr<i32>, i32) -> i32
    tt.store %pi, %b : !tt.ptr<i32>
    %c = tt.atomic_rmw fadd, acq_rel, gpu, %pf, %zf : (!tt.ptr<f32>, f32) -> f32
    tt.store %pf, %c : !tt.ptr<f32>
    %d = tt.atomic_rmw fadd, acquire, gpu, %pf, %one : (!tt.ptr<f32>, f32) -> f32
    tt.store %pf, %d : !tt.ptr<f32>
    tt.return
  }
}
