// RUN: triton-opt %s -split-input-file -cse | FileCheck %s --check-prefix=CSE
// RUN: triton-opt %s -split-input-file -loop-invariant-code-motion | FileCheck %s --check-prefix=LICM

// How the memory effects of tt ops constrain CSE and loop-invariant code
// motion: pure ops are merged and hoisted; reads merge only when no write
// comes between them; writes, volatile loads, atomics and impure external
// code are never merged, dropped or hoisted.

// Tests that CSE merges identical pure ops.
// CSE-LABEL: tt.func @cse_pure
// CSE-SAME: (%[[P:[^:]+]]: !tt.ptr<f32>, %[[X:[^:]+]]: i32)
tt.func @cse_pure(%p: !tt.ptr<f32>, %x: i32)
    -> (i32, i32, tensor<16xi32>, tensor<16xi32>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>) {
  // CSE-NEXT: %[[PID:.+]] = tt.get_program_id x : i32
  // CSE-NEXT: %[[R:.+]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // CSE-NEXT: %[[S:.+]] = tt.splat %[[P]] : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: %[[A:.+]] = tt.addptr %[[S]], %[[R]] : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // CSE-NEXT: tt.return %[[PID]], %[[PID]], %[[R]], %[[R]], %[[S]], %[[S]], %[[A]], %[[A]]
  %pid0 = tt.get_program_id x : i32
  %pid1 = tt.get_program_id x : i32
  %r0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r1 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s0 = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %s1 = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %a0 = tt.addptr %s0, %r0 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %a1 = tt.addptr %s1, %r1 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.return %pid0, %pid1, %r0, %r1, %s0, %s1, %a0, %a1
      : i32, i32, tensor<16xi32>, tensor<16xi32>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>, tensor<16x!tt.ptr<f32>>
}

// -----

// Tests that CSE merges pure extern_elementwise and inline asm, and keeps
// every copy of impure ones.
// CSE-LABEL: tt.func @cse_external_code
// CSE-SAME: (%[[X:[^:]+]]: tensor<16xf32>)
tt.func @cse_external_code(%x: tensor<16xf32>)
    -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  // CSE-NEXT: %[[E0:.+]] = tt.extern_elementwise %[[X]] {{{.*}}pure = false{{.*}}}
  // CSE-NEXT: %[[E1:.+]] = tt.extern_elementwise %[[X]] {{{.*}}pure = false{{.*}}}
  // CSE-NEXT: %[[F:.+]] = tt.extern_elementwise %[[X]] {{{.*}}pure = true{{.*}}}
  // CSE-NEXT: %[[I0:.+]] = tt.elementwise_inline_asm "" {{{.*}}pure = false} %[[X]]
  // CSE-NEXT: %[[I1:.+]] = tt.elementwise_inline_asm "" {{{.*}}pure = false} %[[X]]
  // CSE-NEXT: %[[J:.+]] = tt.elementwise_inline_asm "" {{{.*}}pure = true} %[[X]]
  // CSE-NEXT: tt.return %[[E0]], %[[E1]], %[[F]], %[[F]], %[[I0]], %[[I1]], %[[J]], %[[J]]
  %e0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = false, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  %e1 = tt.extern_elementwise %x {libname = "", libpath = "", pure = false, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  %f0 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  %f1 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
  %i0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %x : tensor<16xf32> -> tensor<16xf32>
  %i1 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %x : tensor<16xf32> -> tensor<16xf32>
  %j0 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xf32> -> tensor<16xf32>
  %j1 = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xf32> -> tensor<16xf32>
  tt.return %e0, %e1, %f0, %f1, %i0, %i1, %j0, %j1
      : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

// -----

// Tests that CSE merges two plain loads with no write between them, but not
// loads separated by a store, and never volatile loads.
// CSE-LABEL: tt.func @cse_loads
// CSE-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[V:[^:]+]]: tensor<16xf32>, %[[D:[^:]+]]: !tt.tensordesc<tensor<16x16xf32>>, %[[I:[^:]+]]: i32)
tt.func @cse_loads(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32)
    -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  // CSE-NEXT: %[[A:.+]] = tt.load %[[P]] : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: %[[DL:.+]] = tt.descriptor_load %[[D]][%[[I]], %[[I]]]
  // CSE-NEXT: %[[B0:.+]] = tt.load %[[P]] {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: %[[B1:.+]] = tt.load %[[P]] {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: %[[C0:.+]] = tt.load %[[P]] : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: tt.store %[[P]], %[[V]] : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: %[[C1:.+]] = tt.load %[[P]] : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: tt.return %[[A]], %[[A]], %[[B0]], %[[B1]], %[[C0]], %[[C1]], %[[DL]], %[[DL]]
  %a0 = tt.load %p : tensor<16x!tt.ptr<f32>>
  %a1 = tt.load %p : tensor<16x!tt.ptr<f32>>
  %d0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>
  %d1 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x16xf32>> -> tensor<16x16xf32>
  %b0 = tt.load %p {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  %b1 = tt.load %p {isVolatile = true} : tensor<16x!tt.ptr<f32>>
  %c0 = tt.load %p : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  %c1 = tt.load %p : tensor<16x!tt.ptr<f32>>
  tt.return %a0, %a1, %b0, %b1, %c0, %c1, %d0, %d1
      : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}

// -----

// Tests that CSE keeps every copy of stores, atomics, descriptor writes,
// prints and asserts.
// CSE-LABEL: tt.func @cse_writes
// CSE-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[V:[^:]+]]: tensor<16xf32>, %[[S:[^:]+]]: !tt.ptr<f32>, %[[SV:[^:]+]]: f32, %[[C:[^:]+]]: i1, %[[D:[^:]+]]: !tt.tensordesc<tensor<16x16xf32>>, %[[I:[^:]+]]: i32, %[[DV:[^:]+]]: tensor<16x16xf32>)
tt.func @cse_writes(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %s: !tt.ptr<f32>, %sv: f32, %c: i1,
                    %d: !tt.tensordesc<tensor<16x16xf32>>, %i: i32, %dv: tensor<16x16xf32>) -> (f32, f32, f32, f32) {
  // CSE-NEXT: tt.store %[[P]], %[[V]] : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: tt.store %[[P]], %[[V]] : tensor<16x!tt.ptr<f32>>
  // CSE-NEXT: %[[R0:.+]] = tt.atomic_rmw fadd, relaxed, gpu, %[[S]], %[[SV]]
  // CSE-NEXT: %[[R1:.+]] = tt.atomic_rmw fadd, relaxed, gpu, %[[S]], %[[SV]]
  // CSE-NEXT: %[[Q0:.+]] = tt.atomic_cas acq_rel, gpu, %[[S]], %[[SV]], %[[SV]]
  // CSE-NEXT: %[[Q1:.+]] = tt.atomic_cas acq_rel, gpu, %[[S]], %[[SV]], %[[SV]]
  // CSE-NEXT: tt.descriptor_store %[[D]][%[[I]], %[[I]]], %[[DV]]
  // CSE-NEXT: tt.descriptor_store %[[D]][%[[I]], %[[I]]], %[[DV]]
  // CSE-NEXT: tt.descriptor_reduce add, %[[D]][%[[I]], %[[I]]], %[[DV]]
  // CSE-NEXT: tt.descriptor_reduce add, %[[D]][%[[I]], %[[I]]], %[[DV]]
  // CSE-NEXT: tt.print "x" {hex = false, isSigned = array<i32: 0>} : %[[V]] : tensor<16xf32>
  // CSE-NEXT: tt.print "x" {hex = false, isSigned = array<i32: 0>} : %[[V]] : tensor<16xf32>
  // CSE-NEXT: tt.assert %[[C]], "c" : i1
  // CSE-NEXT: tt.assert %[[C]], "c" : i1
  // CSE-NEXT: tt.return %[[R0]], %[[R1]], %[[Q0]], %[[Q1]]
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  tt.store %p, %v : tensor<16x!tt.ptr<f32>>
  %r0 = tt.atomic_rmw fadd, relaxed, gpu, %s, %sv : (!tt.ptr<f32>, f32) -> f32
  %r1 = tt.atomic_rmw fadd, relaxed, gpu, %s, %sv : (!tt.ptr<f32>, f32) -> f32
  %q0 = tt.atomic_cas acq_rel, gpu, %s, %sv, %sv : (!tt.ptr<f32>, f32, f32) -> f32
  %q1 = tt.atomic_cas acq_rel, gpu, %s, %sv, %sv : (!tt.ptr<f32>, f32, f32) -> f32
  tt.descriptor_store %d[%i, %i], %dv : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.descriptor_store %d[%i, %i], %dv : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.descriptor_reduce add, %d[%i, %i], %dv : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.descriptor_reduce add, %d[%i, %i], %dv : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.print "x" {hex = false, isSigned = array<i32: 0>} : %v : tensor<16xf32>
  tt.print "x" {hex = false, isSigned = array<i32: 0>} : %v : tensor<16xf32>
  tt.assert %c, "c" : i1
  tt.assert %c, "c" : i1
  tt.return %r0, %r1, %q0, %q1 : f32, f32, f32, f32
}

// -----

// Tests that LICM hoists pure, speculatable ops out of a loop and leaves
// stores, loads and impure external code in it.
// LICM-LABEL: tt.func @licm
// LICM-SAME: (%[[P:[^:]+]]: tensor<16x!tt.ptr<f32>>, %[[V:[^:]+]]: tensor<16xf32>, %[[LB:[^:]+]]: i32, %[[UB:[^:]+]]: i32, %[[X:[^:]+]]: tensor<16xf32>, %[[OFF:[^:]+]]: i32)
tt.func @licm(%p: tensor<16x!tt.ptr<f32>>, %v: tensor<16xf32>, %lb: i32, %ub: i32, %x: tensor<16xf32>, %off: i32) {
  // LICM-NEXT: %[[SP:.+]] = tt.splat %[[OFF]] : i32 -> tensor<16xi32>
  // LICM-NEXT: %[[Q:.+]] = tt.addptr %[[P]], %[[SP]]
  // LICM-NEXT: %[[PURE:.+]] = tt.extern_elementwise %[[X]] {{{.*}}pure = true{{.*}}}
  // LICM-NEXT: %[[ASM:.+]] = tt.elementwise_inline_asm "" {{{.*}}pure = true} %[[X]]
  // LICM-NEXT: %[[PID:.+]] = tt.get_program_id x : i32
  // LICM-NEXT: %[[R:.+]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  // LICM-NEXT: %[[PIDS:.+]] = tt.splat %[[PID]] : i32 -> tensor<16xi32>
  // LICM-NEXT: %[[OFFS:.+]] = arith.addi %[[R]], %[[PIDS]] : tensor<16xi32>
  // LICM-NEXT: %[[Q2:.+]] = tt.addptr %[[P]], %[[OFFS]]
  // LICM-NEXT: scf.for
  // LICM-NEXT: %[[L:.+]] = tt.load %[[Q]] : tensor<16x!tt.ptr<f32>>
  // LICM-NEXT: %[[IMPURE:.+]] = tt.extern_elementwise %[[X]] {{{.*}}pure = false{{.*}}}
  // LICM-NEXT: %[[IASM:.+]] = tt.elementwise_inline_asm "" {{{.*}}pure = false} %[[X]]
  // LICM: tt.store %[[Q]], %{{.+}} : tensor<16x!tt.ptr<f32>>
  // LICM-NEXT: tt.store %[[Q2]], %[[V]] : tensor<16x!tt.ptr<f32>>
  // LICM-NEXT: }
  // LICM-NEXT: tt.return
  scf.for %iv = %lb to %ub step %lb : i32 {
    %sp = tt.splat %off : i32 -> tensor<16xi32>
    %q = tt.addptr %p, %sp : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    %l = tt.load %q : tensor<16x!tt.ptr<f32>>
    %impure = tt.extern_elementwise %x {libname = "", libpath = "", pure = false, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
    %pure = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "f"} : (tensor<16xf32>) -> tensor<16xf32>
    %asm = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xf32> -> tensor<16xf32>
    %iasm = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = false} %x : tensor<16xf32> -> tensor<16xf32>
    %a = arith.addf %impure, %pure : tensor<16xf32>
    %b = arith.addf %a, %l : tensor<16xf32>
    %c = arith.addf %iasm, %asm : tensor<16xf32>
    %d = arith.addf %b, %c : tensor<16xf32>
    tt.store %q, %d : tensor<16x!tt.ptr<f32>>
    %pid = tt.get_program_id x : i32
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %pids = tt.splat %pid : i32 -> tensor<16xi32>
    %offs = arith.addi %r, %pids : tensor<16xi32>
    %q2 = tt.addptr %p, %offs : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
    tt.store %q2, %v : tensor<16x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Tests that LICM leaves a loop's atomics, prints, asserts and volatile loads
// in the loop even when their operands are loop invariant.
// LICM-LABEL: tt.func @licm_side_effects
// LICM-SAME: (%[[S:[^:]+]]: !tt.ptr<f32>, %[[SV:[^:]+]]: f32, %[[C:[^:]+]]: i1, %[[LB:[^:]+]]: i32, %[[UB:[^:]+]]: i32)
tt.func @licm_side_effects(%s: !tt.ptr<f32>, %sv: f32, %c: i1, %lb: i32, %ub: i32) {
  // LICM-NEXT: scf.for
  // LICM-NEXT: tt.atomic_rmw fadd, relaxed, gpu, %[[S]], %[[SV]]
  // LICM-NEXT: tt.atomic_cas acq_rel, gpu, %[[S]], %[[SV]], %[[SV]]
  // LICM-NEXT: tt.load %[[S]] {isVolatile = true} : !tt.ptr<f32>
  // LICM-NEXT: tt.print "x" {hex = false, isSigned = array<i32: 0>} : %[[SV]] : f32
  // LICM-NEXT: tt.assert %[[C]], "c" : i1
  // LICM-NEXT: }
  scf.for %iv = %lb to %ub step %lb : i32 {
    %r = tt.atomic_rmw fadd, relaxed, gpu, %s, %sv : (!tt.ptr<f32>, f32) -> f32
    %q = tt.atomic_cas acq_rel, gpu, %s, %sv, %sv : (!tt.ptr<f32>, f32, f32) -> f32
    %l = tt.load %s {isVolatile = true} : !tt.ptr<f32>
    tt.print "x" {hex = false, isSigned = array<i32: 0>} : %sv : f32
    tt.assert %c, "c" : i1
  }
  tt.return
}
