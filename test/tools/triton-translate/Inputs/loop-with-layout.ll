; A module with the NVPTX data layout, as make_llir's tail leaves it, holding a
; loop that O3 would unroll away and codegen alone keeps.
target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

define ptx_kernel void @loop_kernel(ptr addrspace(1) %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %sum = add i32 %acc, %i
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, 4
  br i1 %more, label %loop, label %exit
exit:
  store i32 %sum, ptr addrspace(1) %p
  ret void
}
