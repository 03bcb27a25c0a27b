//===- TritonDialect.td - the tt dialect definition -------*- tablegen -*-===//
//
// The `tt` dialect: Triton's tile-level IR, the form a kernel takes right
// after the front end. Tensors here carry no layout; `ttg` adds layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TD
#define TRITON_DIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "Triton's tile-level IR";
  let description = [{
    The `tt` dialect describes a Triton kernel as operations on blocks of
    values (tensors) and on pointers into global memory. It is the input of
    the compiler: upstream Triton prints it as TTIR.

    ```mlir
    tt.func public @add(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %p = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
      %q = tt.addptr %p, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      %v = tt.load %q : tensor<128x!tt.ptr<f32>>
      tt.return
    }
    ```
  }];
  let dependentDialects = [
    "arith::ArithDialect",
    "math::MathDialect",
    "scf::SCFDialect",
    "cf::ControlFlowDialect",
    "ub::UBDialect"
  ];
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

#endif // TRITON_DIALECT_TD
