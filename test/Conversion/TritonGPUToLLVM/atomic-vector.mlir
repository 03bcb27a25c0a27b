// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=81' | FileCheck %s
// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm='compute-capability=90 ptx-version=80' | FileCheck %s --check-prefix=PTX80

// Float atomic adds of contiguous, equally masked elements: one vector
// atom on sm_90 with PTX 8.1 (at most 128 bits), f16 pairs in one word
// otherwise.
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @f32
  // PTX80-LABEL: llvm.func @f32
  tt.func public @f32(%p: tensor<256x!tt.ptr<f32>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 256 : i32}, %v: tensor<256xf32, #blocked>) {
    // CHECK-COUNT-2: "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09atom.global.gpu.acq_rel.add.v4.f32 { $0, $1, $2, $3 }, [ $4 + 0 ], { $5, $6, $7, $8 };", "=r,=r,=r,=r,l,r,r,r,r" %{{.*}} : (!llvm.ptr<1>, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    // CHECK-NOT: atom.global
    // PTX80-COUNT-8: atom.global.gpu.acq_rel.add.f32 $0
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    tt.return
  }

  // The mask's constancy (2) bounds the vector.
  // CHECK-LABEL: llvm.func @bf16_masked
  // PTX80-LABEL: llvm.func @bf16_masked
  tt.func public @bf16_masked(%p: tensor<256x!tt.ptr<bf16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 256 : i32}, %v: tensor<256xbf16, #blocked>, %m: tensor<256xi1, #blocked> {tt.constancy = 2 : i32}) {
    // CHECK-COUNT-4: "mov.u16 $0, 0x0;\0A\09mov.u16 $1, 0x0;\0A\09@$5 atom.global.gpu.acq_rel.add.noftz.v2.bf16 { $0, $1 }, [ $2 + 0 ], { $3, $4 };", "=h,=h,l,h,h,b"
    // PTX80-COUNT-8: atom.global.gpu.acq_rel.add.noftz.bf16 $0
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xbf16, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xbf16, #blocked>
    tt.return
  }

  // Eight f16 (128 bits) in one atom; pairs without vector atomics. The old
  // values come back in register order.
  // CHECK-LABEL: llvm.func @f16_result
  // PTX80-LABEL: llvm.func @f16_result
  tt.func public @f16_result(%p: tensor<256x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = 256 : i32}, %v: tensor<256xf16, #blocked>) -> tensor<256xf16, #blocked> {
    // CHECK: %[[OLD:.*]] = llvm.inline_asm {{.*}}atom.global.gpu.acq_rel.add.noftz.v8.f16 { $0, $1, $2, $3, $4, $5, $6, $7 }, [ $8 + 0 ], { $9, $10, $11, $12, $13, $14, $15, $16 };", "=h,=h,=h,=h,=h,=h,=h,=h,l,h,h,h,h,h,h,h,h"
    // CHECK: llvm.extractvalue %[[OLD]][0]
    // CHECK: llvm.extractvalue %[[OLD]][7]
    // PTX80-COUNT-4: "mov.u32 $0, 0x0;\0A\09atom.global.gpu.acq_rel.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r" %{{.*}}, %{{.*}} : (!llvm.ptr<1>, vector<2xf16>) -> vector<2xf16>
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<256x!tt.ptr<f16>, #blocked>, tensor<256xf16, #blocked>) -> tensor<256xf16, #blocked>
    tt.return %0 : tensor<256xf16, #blocked>
  }

  // Pointers not known contiguous: one atom per element.
  // CHECK-LABEL: llvm.func @scattered
  tt.func public @scattered(%p: tensor<256x!tt.ptr<f32>, #blocked>, %v: tensor<256xf32, #blocked>) {
    // CHECK-COUNT-8: atom.global.gpu.acq_rel.add.f32 $0
    // CHECK-NOT: .v2.f32
    %0 = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    tt.return
  }
}
