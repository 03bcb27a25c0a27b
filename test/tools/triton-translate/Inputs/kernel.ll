; A kernel shaped like the output of Triton's lowering: dynamic shared memory,
; a device function that may be inlined, one that may not, and a multiply
; feeding an add.
@global_smem = external addrspace(3) global [0 x i8], align 16

define internal float @inlined_helper(float %x, float %y) {
  %m = fmul float %x, %y
  ret float %m
}

define internal float @outlined_helper(float %x) #1 {
  %r = fadd float %x, 1.000000e+00
  ret float %r
}

define ptx_kernel void @kernel(ptr addrspace(1) %in, ptr addrspace(1) %out, float %a) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %s = getelementptr float, ptr addrspace(3) @global_smem, i32 %tid
  store float %x, ptr addrspace(3) %s
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %next = xor i32 %tid, 1
  %t = getelementptr float, ptr addrspace(3) @global_smem, i32 %next
  %y = load float, ptr addrspace(3) %t
  %m = call float @inlined_helper(float %y, float %a)
  %f = fadd float %m, %x
  %o = call float @outlined_helper(float %f)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %o, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "nvvm.reqntid"="128" }
attributes #1 = { noinline }
