//===- Passes.td - ttg optimization passes -----------------*- tablegen -*-===//
//
// The passes of make_ttgir that rearrange layouts: coalescing memory
// accesses, removing layout conversions, and the late clean-ups. Flags and
// options as upstream Triton 3.6 spells them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES
#define TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "give global memory accesses coalesced layouts";
  let description = [{
    For every `tt.load`, `tt.store`, `tt.atomic_rmw`, `tt.atomic_cas` and
    `ttg.async_copy_global_to_local` on a tensor of pointers, picks a blocked
    layout in which each thread accesses consecutive addresses: dimensions
    ordered by the pointers' contiguity (the axis-info analysis), and along
    the most contiguous one as many elements per thread as the alignment and
    contiguity allow, up to 128 bits and the elements each thread has to
    handle. Accesses sharing pointer shape and order in one def-use web take
    the widest such vector (stores no wider than their own alignment).
    Descriptor loads and stores get a row-major layout with up to 128 bits
    per thread. The op is rebuilt in that layout between
    `ttg.convert_layout`s.

    ```mlir
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>
    // becomes, with %p 16-byte aligned and contiguous
    %q = ttg.convert_layout %p : tensor<1024x!tt.ptr<f32>, #blocked> -> tensor<1024x!tt.ptr<f32>, #blocked1>
    %w = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked1>
    %v = ttg.convert_layout %w : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    // #blocked1 = #ttg.blocked<{sizePerThread = [4], ...}>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // TRITON_DIALECT_TRITONGPU_TRANSFORMS_PASSES
