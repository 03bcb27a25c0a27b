// RUN: triton-opt --split-input-file -allow-unregistered-dialect --verify-diagnostics %s
// RUN: not triton-opt --split-input-file -allow-unregistered-dialect --convert-nv-gpu-to-llvm %s 2>&1 | FileCheck %s --check-prefix=LOWER

// Verifier errors of the nvg ops, one case each.

llvm.func @wgmma_m(%d: i64, %u: i1) {
  // expected-error @+1 {{'nvg.wgmma' op m must be 64, got 128}}
  %0 = nvg.wgmma %d, %d, %u {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 128 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_k(%d: i64, %u: i1) {
  // expected-error @+1 {{'nvg.wgmma' op k must be 32 for e4m3 operands, got 16}}
  %0 = nvg.wgmma %d, %d, %u {eltTypeA = 2 : i32, eltTypeB = 2 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_n(%d: i64, %u: i1) {
  // expected-error @+1 {{'nvg.wgmma' op n must be a multiple of 8 from 8 to 256, got 12}}
  %0 = nvg.wgmma %d, %d, %u {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 12 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_acc(%d: i64, %u: i1, %c: !llvm.struct<(f32, f32)>) {
  // expected-error @+1 {{'nvg.wgmma' op the accumulator's type '!llvm.struct<(f32, f32)>' differs from the result's '!llvm.struct<(f32, f32, f32, f32)>'}}
  %0 = nvg.wgmma %d, %d, %u, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wgmma_b(%d: i64, %a: !llvm.struct<(i32, i32, i32, i32)>, %u: i1) {
  // expected-error @+1 {{'nvg.wgmma' op operand B must be a shared-memory descriptor (i64)}}
  %0 = nvg.wgmma %d, %a, %u {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, !llvm.struct<(i32, i32, i32, i32)>, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wait_type(%c: !llvm.struct<(f32, f32)>) {
  // expected-error @+1 {{'nvg.wgmma_wait_group' op result #0 must be LLVM structure type, but got 'f32'}}
  %0 = "nvg.wgmma_wait_group"(%c) {pendings = 0 : i32} : (!llvm.struct<(f32, f32)>) -> f32
  llvm.return
}

// -----

llvm.func @ld_acquire_release(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'nvg.ld_acquire' op loads with acquire or relaxed semantics, not release}}
  %0 = nvg.ld_acquire release, gpu, %p : (!llvm.ptr<1>) -> i32
  llvm.return
}

// -----

llvm.func @ld_acquire_shared(%p: !llvm.ptr<3>) {
  // expected-error @+1 {{'nvg.ld_acquire' op operand #0 must be LLVM pointer in address space 1}}
  %0 = nvg.ld_acquire acquire, gpu, %p : (!llvm.ptr<3>) -> i32
  llvm.return
}

// -----

llvm.func @ld_acquire_bits(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'nvg.ld_acquire' op loads 8, 16, 32 or 64 bits, not 1}}
  %0 = nvg.ld_acquire acquire, gpu, %p : (!llvm.ptr<1>) -> i1
  llvm.return
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
llvm.func @warp_id_unallocated() {
  ttg.warp_specialize()
  default {
    ttg.warp_yield
  }
  partition0() num_warps(2) {
    // LOWER: error: 'ttg.warp_id' op is in a ttg.warp_specialize partition without warpGroupStartIds: run tritongpu-allocate-warp-groups first
    %0 = ttg.warp_id
    "use"(%0) : (i32) -> ()
    ttg.warp_return
  } : () -> ()
  llvm.return
}
}
