//===- TritonTypes.td - tt types and type constraints -----*- tablegen -*-===//
//
// The two types of the tt dialect (pointers and tensor descriptors) and the
// type constraints the op definitions are written with.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TYPES_TD
#define TRITON_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "Dialect/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Triton_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "pointer into an address space";
  let description = [{
    A pointer to a scalar, or to a whole tensor (a block pointer). Address
    space 1 (global memory) is the default and is not printed.

    ```mlir
    !tt.ptr<f32>
    !tt.ptr<i8, 3>
    !tt.ptr<tensor<64x64xf16>>
    ```
  }];
  let parameters = (ins "Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "descriptor of a block of a tensor in global memory";
  let description = [{
    A tensor descriptor names a global-memory tensor and the block shape that
    descriptor loads and stores move (on Hopper and later, through TMA).

    ```mlir
    !tt.tensordesc<tensor<128x64xf16>>
    ```
  }];
  let parameters = (ins "RankedTensorType":$blockType);
  let assemblyFormat = "`<` $blockType `>`";
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def TT_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16, BF16,
                          F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolTensor : RankedTensorOf<[I1]>;
def TT_BoolLike : AnyTypeOf<[I1, TT_BoolTensor]>;

def TT_Int : AnyTypeOf<[I1, I<4>, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;

def TT_I32Tensor : RankedTensorOf<[I32]>;
def TT_I32Like : AnyTypeOf<[I32, TT_I32Tensor]>;
def TT_I64Tensor : RankedTensorOf<[I64]>;
def TT_I64Like : AnyTypeOf<[I64, TT_I64Tensor]>;

def TT_Ptr : Type<CPred<"::llvm::isa<::mlir::triton::PointerType>($_self)">,
                  "ptr", "::mlir::triton::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_TensorPtr : Type<
    CPred<"::mlir::triton::isTensorPointerType($_self)">,
    "pointer to a tensor", "::mlir::triton::PointerType">;

def TT_FpIntTensor : RankedTensorOf<[TT_Float, TT_Int]>;
def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;

def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorPtr]>;

#endif // TRITON_TYPES_TD
