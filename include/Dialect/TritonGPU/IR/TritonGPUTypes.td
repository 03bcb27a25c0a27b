//===- TritonGPUTypes.td - ttg types ----------------------*- tablegen -*-===//
//
// Shared-memory descriptors and the tokens of asynchronous copies.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_TYPES_TD
#define TRITONGPU_TYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "completion token of an asynchronous operation";
  let description = [{
    ```mlir
    %t = ttg.async_commit_group tokens %c
    ```
  }];
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc",
    [ShapedTypeInterface]> {
  let summary = "a descriptor of a tensor in shared or tensor memory";
  let description = [{
    A view of memory holding a tensor of `shape` with a shared-memory
    encoding, in `memorySpace`. Only `mutable` descriptors may be written.
    `allocShape` is the shape of the whole allocation a view points into; it
    is printed only when it differs from `shape`.

    ```mlir
    !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        "Attribute":$encoding,
                        "Attribute":$memorySpace,
                        "bool":$mutableMemory,
                        ArrayRefParameter<"int64_t">:$allocShape);
  let builders = [
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
        "Type":$elementType, "Attribute":$encoding,
        "Attribute":$memorySpace, CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>,
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
        "Type":$elementType, "Attribute":$encoding,
        "Attribute":$memorySpace, "bool":$mutableMemory,
        "ArrayRef<int64_t>":$allocShape), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, allocShape);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    MemDescType cloneWith(std::optional<ArrayRef<int64_t>> shape,
                          Type elementType) const;
    bool hasRank() const { return true; }
  }];
}

#endif // TRITONGPU_TYPES_TD
