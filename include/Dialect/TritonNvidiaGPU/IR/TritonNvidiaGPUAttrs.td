//===- TritonNvidiaGPUAttrs.td - ttng attributes ----------*- tablegen -*-===//
//
// Encodings of Blackwell tensor memory and its memory space.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONNVIDIAGPU_ATTRS_TD
#define TRITONNVIDIAGPU_ATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"

class TTNG_Attr<string name, string attrMnemonic>
    : AttrDef<TritonNvidiaGPU_Dialect, name> {
  let mnemonic = attrMnemonic;
}

def TTNG_TensorMemoryEncodingAttr
    : TTNG_Attr<"TensorMemoryEncoding", "tensor_memory_encoding"> {
  let summary = "a tensor in tensor memory, in blocks of blockM x blockN";
  let description = [{
    ```mlir
    #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    ```
  }];
  let parameters = (ins "unsigned":$blockM, "unsigned":$blockN,
                        "unsigned":$colStride,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitM,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitN,
                        DefaultValuedParameter<"bool", "false">:$twoCTAs);
  let assemblyFormat = [{
    `<` struct($blockM, $blockN, $colStride, $CTASplitM, $CTASplitN,
               $twoCTAs) `>`
  }];
  let genVerifyDecl = 1;
}

def TTNG_TensorMemoryScalesEncodingAttr
    : TTNG_Attr<"TensorMemoryScalesEncoding", "tensor_memory_scales_encoding"> {
  let summary = "the layout of block scales in tensor memory";
  let description = [{
    ```mlir
    #ttng.tensor_memory_scales_encoding<>
    ```
  }];
  let parameters = (ins DefaultValuedParameter<"unsigned", "1">:$CTASplitM,
                        DefaultValuedParameter<"unsigned", "1">:$CTASplitN);
  let assemblyFormat = "`<` struct($CTASplitM, $CTASplitN) `>`";
  let genVerifyDecl = 1;
}

def TTNG_TensorMemorySpaceAttr
    : TTNG_Attr<"TensorMemorySpace", "tensor_memory"> {
  let summary = "Blackwell tensor memory, as a memory space";
  let description = [{
    ```mlir
    !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
}

#endif // TRITONNVIDIAGPU_ATTRS_TD
