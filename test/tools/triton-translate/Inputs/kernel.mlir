// The kernel of kernel.ll in the llvm dialect, as convert-triton-gpu-to-llvm
// writes it.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func internal @outlined_helper(%x: f32) -> f32 attributes {no_inline} {
    %one = llvm.mlir.constant(1.000000e+00 : f32) : f32
    %r = llvm.fadd %x, %one : f32
    llvm.return %r : f32
  }
  llvm.func @kernel(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %a: f32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>} {
    %one = llvm.mlir.constant(1 : i32) : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %p = llvm.getelementptr %in[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %x = llvm.load %p : !llvm.ptr<1> -> f32
    %smem = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    %s = llvm.getelementptr %smem[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    llvm.store %x, %s : f32, !llvm.ptr<3>
    nvvm.barrier0
    %next = llvm.xor %tid, %one : i32
    %t = llvm.getelementptr %smem[%next] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %y = llvm.load %t : !llvm.ptr<3> -> f32
    %m = llvm.fmul %y, %a : f32
    %f = llvm.fadd %m, %x : f32
    %o = llvm.call @outlined_helper(%f) : (f32) -> f32
    %q = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    llvm.store %o, %q : f32, !llvm.ptr<1>
    llvm.return
  }
}
