//===- TritonInterfaces.td - tt traits and resources ------*- tablegen -*-===//
//
// Op traits that Triton's ops share (tensor size limits and encoding
// agreement) and the memory resource that loads and stores touch.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_INTERFACES_TD
#define TRITON_INTERFACES_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class TT_NativeOpTrait<string name> : NativeOpTrait<name> {
  let cppNamespace = "::mlir::OpTrait";
}

// Every tensor an op touches has a power-of-two number of elements, at most
// 2^20.
def TensorSizeTrait : TT_NativeOpTrait<"TensorSizeTrait">;
// The encodings of tensor operands and results fit the launch configuration
// (warps, threads per warp, CTAs) that applies to the op.
def VerifyTensorLayoutsTrait : TT_NativeOpTrait<"VerifyTensorLayoutsTrait">;
// Operands (and results) that are tensors with an encoding share it.
def SameOperandsEncoding : TT_NativeOpTrait<"SameOperandsEncoding">;
def SameOperandsAndResultEncoding
    : TT_NativeOpTrait<"SameOperandsAndResultEncoding">;
// Loads and stores: pointer, mask and value agree in shape and encoding.
def SameLoadStoreOperandsShape
    : TT_NativeOpTrait<"SameLoadStoreOperandsShape">;
def SameLoadStoreOperandsAndResultShape
    : TT_NativeOpTrait<"SameLoadStoreOperandsAndResultShape">;
def SameLoadStoreOperandsEncoding
    : TT_NativeOpTrait<"SameLoadStoreOperandsEncoding">;
def SameLoadStoreOperandsAndResultEncoding
    : TT_NativeOpTrait<"SameLoadStoreOperandsAndResultEncoding">;

def GlobalMemory : Resource<"::mlir::triton::GlobalMemory">;

#endif // TRITON_INTERFACES_TD
