//===- TritonOps.td - tt operations -----------------------*- tablegen -*-===//
//
// The 50 operations of the tt dialect as Triton 3.6 defines them: their
// operands, attributes (stored as properties), traits and textual formats.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_OPS_TD
#define TRITON_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "Dialect/Triton/IR/TritonDialect.td"
include "Dialect/Triton/IR/TritonEnums.td"
include "Dialect/Triton/IR/TritonInterfaces.td"
include "Dialect/Triton/IR/TritonTypes.td"

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<Triton_Dialect, mnemonic, !listconcat(traits, [TensorSizeTrait, VerifyTensorLayoutsTrait])>;

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

def TT_IntToPtrOp : TT_Op<"int_to_ptr", [Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding, Pure]> {
  let summary = "cast an int64 to a pointer";
  let description = [{
    ```mlir
    %p = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
    ```
  }];
  let arguments = (ins TT_I64Like:$src);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_PtrToIntOp : TT_Op<"ptr_to_int", [Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding, Pure]> {
  let summary = "cast a pointer to an int64";
  let description = [{
    ```mlir
    %i = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
    ```
  }];
  let arguments = (ins TT_PtrLike:$src);
  let results = (outs TT_I64Like:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_BitcastOp : TT_Op<"bitcast", [Elementwise, SameOperandsAndResultShape,
    SameOperandsAndResultEncoding, Pure]> {
  let summary = "reinterpret the bits of a value as another type";
  let description = [{
    Both types have the same bit width; pointers only cast to pointers.

    ```mlir
    %b = tt.bitcast %a : tensor<128xf32> -> tensor<128xi32>
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Elementwise, SameOperandsAndResultShape,
    SameOperandsAndResultEncoding, Pure]> {
  let summary = "convert between floating-point types";
  let description = [{
    Converts between float types, fp8 included. A downcast needs a rounding
    mode.

    ```mlir
    %h = tt.fp_to_fp %f, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
    ```
  }];
  let arguments = (ins TT_FloatLike:$src,
                       OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $src attr-dict (`,` `rounding` `=` $rounding^)? `:` type($src) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

def TT_ClampFOp : TT_Op<"clampf", [Elementwise, SameOperandsAndResultType,
    Pure]> {
  let summary = "clamp a float between two bounds";
  let description = [{
    `propagateNan = all` makes a NaN operand give a NaN result.

    ```mlir
    %c = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:`
    type($result)
  }];
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Elementwise,
    SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded square root";
  let description = [{
    ```mlir
    %r = tt.precise_sqrt %x : tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_Op<"precise_divf", [Elementwise,
    SameOperandsAndResultType, Pure]> {
  let summary = "correctly rounded division";
  let description = [{
    ```mlir
    %r = tt.precise_divf %x, %y : tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_Op<"mulhiui", [Elementwise, SameOperandsAndResultType,
    Pure]> {
  let summary = "high half of an unsigned product";
  let description = [{
    ```mlir
    %r = tt.mulhiui %x, %y : tensor<64xi32>
    ```
  }];
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise,
    SameOperandsAndResultShape, SameOperandsAndResultEncoding,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "offset a pointer by a number of elements";
  let description = [{
    ```mlir
    %q = tt.addptr %p, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($result) `,` type($offset)
  }];
  let hasFolder = 1;
}

def TT_AdvanceOp : TT_Op<"advance", [Pure,
    TypesMatchWith<"result type matches ptr type", "result", "ptr", "$_self">]> {
  let summary = "move a block pointer by per-dimension offsets";
  let description = [{
    ```mlir
    %q = tt.advance %p, [%c0, %c64] : <tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins TT_TensorPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def TT_LoadOp : TT_Op<"load", [
    SameLoadStoreOperandsAndResultShape,
    SameLoadStoreOperandsAndResultEncoding,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result matches ptr type", "ptr", "result",
                   "getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "getI1SameShape(getPointeeType($_self))",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">,
    TypesMatchWith<"other matches ptr type", "ptr", "other",
                   "getPointeeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "load from global memory";
  let description = [{
    Loads through a pointer, a tensor of pointers or a block pointer. Lanes
    whose mask is false read `other` (undefined without it).

    ```mlir
    %v = tt.load %p, %m, %o cacheModifier = ca evictionPolicy = evict_last : tensor<128x!tt.ptr<f16>>
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    Optional<TT_BoolLike>:$mask,
    Optional<TT_Type>:$other,
    DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$boundaryCheck,
    OptionalAttr<TT_PaddingOptionAttr>:$padding,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
    DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_StoreOp : TT_Op<"store", [
    SameLoadStoreOperandsShape, SameLoadStoreOperandsEncoding,
    MemoryEffects<[MemWrite<GlobalMemory>]>,
    TypesMatchWith<"value type matches ptr type", "ptr", "value",
                   "getPointeeType($_self)">,
    TypesMatchWith<"mask type matches ptr type", "ptr", "mask",
                   "getI1SameShape(getPointeeType($_self))",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "store to global memory";
  let description = [{
    ```mlir
    tt.store %p, %v, %m : tensor<128x!tt.ptr<f32>>
    ```
  }];
  let arguments = (ins
    AnyTypeOf<[TT_PtrLike, TT_TensorPtr]>:$ptr,
    TT_Type:$value,
    Optional<TT_BoolLike>:$mask,
    DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$boundaryCheck,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [SameOperandsAndResultShape,
    SameOperandsAndResultEncoding,
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>,
    TypesMatchWith<"ptr type matches value type", "val", "ptr",
                   "getPointerTypeSameShape($_self)">,
    TypesMatchWith<"mask type matches value type", "val", "mask",
                   "getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "atomic read-modify-write";
  let description = [{
    Applies `atomic_rmw_op` at each pointer and returns the old values.

    ```mlir
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<256x!tt.ptr<f32>>, tensor<256xf32>, tensor<256xi1>) -> tensor<256xf32>
    ```
  }];
  let arguments = (ins TT_AtomicRMWAttr:$atomic_rmw_op, TT_PtrLike:$ptr,
                       TT_Type:$val, Optional<TT_BoolLike>:$mask,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)?
    attr-dict `:` functional-type(operands, $result)
  }];
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [SameOperandsAndResultShape,
    SameOperandsAndResultEncoding,
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>,
    TypesMatchWith<"ptr type matches cmp type", "cmp", "ptr",
                   "getPointerTypeSameShape($_self)">,
    TypesMatchWith<"ptr type matches value type", "val", "ptr",
                   "getPointerTypeSameShape($_self)">]> {
  let summary = "atomic compare-and-swap";
  let description = [{
    ```mlir
    %old = tt.atomic_cas acq_rel, gpu, %p, %cmp, %v : (!tt.ptr<i32>, i32, i32) -> i32
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_Type:$cmp, TT_Type:$val,
                       TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope);
  let results = (outs TT_Type:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def TT_SplatOp : TT_Op<"splat", [Pure, SameOperandsAndResultElementType,
    SameOperandsAndResultEncoding]> {
  let summary = "fill a tensor with a scalar";
  let description = [{
    ```mlir
    %t = tt.splat %x : i32 -> tensor<128xi32>
    ```
  }];
  let arguments = (ins TT_Type:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TT_UnsplatOp : TT_Op<"unsplat", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "the single element of a tensor";
  let description = [{
    ```mlir
    %x = tt.unsplat %t : tensor<1x1xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
  let hasVerifier = 1;
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    SameOperandsAndResultElementType]> {
  let summary = "insert a dimension of size 1";
  let description = [{
    ```mlir
    %e = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizeMethod = 1;
  let hasFolder = 1;
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "reinterpret a tensor's shape";
  let description = [{
    With `allow_reorder` the compiler may also permute the elements.

    ```mlir
    %r = tt.reshape %x : tensor<64x64xf32> -> tensor<4096xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)?
    (`efficient_layout` $efficient_layout^)? attr-dict `:` type($src) `->`
    type($result)
  }];
  let hasCanonicalizeMethod = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_BroadcastOp : TT_Op<"broadcast", [Pure,
    SameOperandsAndResultElementType, SameOperandsAndResultEncoding]> {
  let summary = "stretch dimensions of size 1";
  let description = [{
    ```mlir
    %b = tt.broadcast %x : tensor<128x1xi32> -> tensor<128x64xi32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasCanonicalizeMethod = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_CatOp : TT_Op<"cat", [NoMemoryEffect, SameTypeOperands,
    SameOperandsAndResultElementType]> {
  let summary = "concatenate two tensors, in any element order";
  let description = [{
    ```mlir
    %c = tt.cat %a, %b : tensor<32xf32> -> tensor<64xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [Pure, SameTypeOperands,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "stack two tensors along a new minor dimension of size 2";
  let description = [{
    ```mlir
    %j = tt.join %a, %b : tensor<32xf32> -> tensor<32x2xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$lhs, TT_Tensor:$rhs);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The result may carry any layout equivalent to the inferred one.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }];
}

def TT_SplitOp : TT_Op<"split", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"outLHS and outRHS types match", "outLHS", "outRHS",
                   "$_self">]> {
  let summary = "split a tensor along its minor dimension of size 2";
  let description = [{
    ```mlir
    %a, %b = tt.split %j : tensor<32x2xf32> -> tensor<32xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$outLHS, TT_Tensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let extraClassDeclaration = [{
    /// The result may carry any layout equivalent to the inferred one.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }];
}

def TT_TransOp : TT_Op<"trans", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    SameOperandsAndResultElementType]> {
  let summary = "permute the dimensions of a tensor";
  let description = [{
    Result dimension `i` is source dimension `order[i]`.

    ```mlir
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16> -> tensor<32x64xf16>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The result may carry any layout equivalent to the inferred one.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }];
}

//===----------------------------------------------------------------------===//
// SPMD
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "index of this program along a grid axis";
  let description = [{
    ```mlir
    %pid = tt.get_program_id x : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "number of programs along a grid axis";
  let description = [{
    ```mlir
    %n = tt.get_num_programs y : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Computation
//===----------------------------------------------------------------------===//

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "the integers of [start, end)";
  let description = [{
    ```mlir
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def TT_HistogramOp : TT_Op<"histogram", [Pure,
    TypesMatchWith<"mask type matches src type", "src", "mask",
                   "getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "count the values of a tensor in bins [0, N)";
  let description = [{
    ```mlir
    %h = tt.histogram %x : tensor<1024xi32> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)
  }];
}

def TT_GatherOp : TT_Op<"gather", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "pick elements along an axis by index";
  let description = [{
    `result[i][j] = src[indices[i][j]][j]` for `axis = 0`.

    ```mlir
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<64x4xi32>) -> tensor<64x4xf32>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, TT_IntTensor:$indices, I32Attr:$axis,
                       UnitAttr:$efficient_layout);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TT_DotOp : TT_Op<"dot", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "matrix product with accumulation: d = a * b + c";
  let description = [{
    Operands are 2-D (or 3-D with a leading batch dimension).
    `inputPrecision` is printed only when it is not `ieee`.

    ```mlir
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins
    TT_FpIntTensor:$a, TT_FpIntTensor:$b, TT_FpIntTensor:$c,
    DefaultValuedAttr<TT_InputPrecisionAttr,
                      "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
    DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict
    `:` type($a) `*` type($b) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "matrix product of microscaled operands";
  let description = [{
    Like `tt.dot`, with optional per-block scales for each operand. fp4
    (`e2m1`) operands hold two values per i8, packed along K unless
    `lhs_k_pack`/`rhs_k_pack` is false.

    ```mlir
    %d = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<128x32xi8>, tensor<128x2xi8> * tensor<64x128xbf16> -> tensor<128x128xf32>
    ```
  }];
  let arguments = (ins
    RankedTensorOf<[TT_Float, I8]>:$a,
    RankedTensorOf<[TT_Float, I8]>:$b,
    TT_FloatTensor:$c,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
    Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
    TT_ScaleDotElemTypeAttr:$a_elem_type,
    TT_ScaleDotElemTypeAttr:$b_elem_type,
    BoolAttr:$fastMath,
    DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
    DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)?
    `->` type($d)
  }];
  let hasVerifier = 1;
}

def TT_ReduceOp : TT_Op<"reduce", [Pure, SameOperandsShape,
    SameOperandsEncoding, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "reduce tensors along an axis with a combine region";
  let description = [{
    The region takes the running values then the new values of every
    operand and yields the combined values through `tt.reduce.return`.
    Printed in generic form.

    ```mlir
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<128xf32>) -> f32
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis);
  let results = (outs Variadic<TT_Type>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The element types of the operands, in order.
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
    /// Number of operands reduced together.
    unsigned getNumOperands() { return getSrcs().size(); }
    /// Results of other element types are left to the verifier, which
    /// names them in upstream's words.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }];
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [HasParent<"ReduceOp">, Pure,
    Terminator, ReturnLike]> {
  let summary = "terminator of a reduce region";
  let description = [{
    ```mlir
    tt.reduce.return %c : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SameOperandsAndResultEncoding,
    SameOperandsAndResultShape, SingleBlock,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "inclusive prefix scan along an axis";
  let description = [{
    Like `tt.reduce`, but keeps every partial result; `reverse` scans from
    the end. Printed in generic form.

    ```mlir
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) : (tensor<128xi32>) -> tensor<128xi32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The element types of the operands, in order.
    ::llvm::SmallVector<::mlir::Type> getElementTypes();
    /// Number of operands scanned together.
    unsigned getNumOperands() { return getSrcs().size(); }
    /// Results of other element types are left to the verifier, which
    /// names them in upstream's words.
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }];
}

def TT_ScanReturnOp : TT_Op<"scan.return", [HasParent<"ScanOp">, Pure,
    Terminator, ReturnLike]> {
  let summary = "terminator of a scan region";
  let description = [{
    ```mlir
    tt.scan.return %c : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [
    SameOperandsAndResultEncoding, SameOperandsAndResultShape,
    RecursiveMemoryEffects]> {
  let summary = "apply a scalar region to every element";
  let description = [{
    The region receives `pack` consecutive elements of every operand and
    yields `pack` elements of every result. Printed in generic form.

    ```mlir
    %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%a: f32):
      %b = arith.negf %a : f32
      tt.map_elementwise.return %b : f32
    }) : (tensor<128xf32>) -> tensor<128xf32>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return", [
    HasParent<"MapElementwiseOp">, Pure, Terminator, ReturnLike]> {
  let summary = "terminator of a map_elementwise region";
  let description = [{
    ```mlir
    tt.map_elementwise.return %b : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

//===----------------------------------------------------------------------===//
// External code
//===----------------------------------------------------------------------===//

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [Elementwise,
    SameOperandsAndResultEncoding, SameVariadicOperandSize,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "call a function of an external library per element";
  let description = [{
    ```mlir
    %r = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<64xf32>) -> tensor<64xf32>
    ```
  }];
  let arguments = (ins Variadic<TT_Type>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs TT_Type:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [Elementwise,
    SameOperandsAndResultEncoding,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>]> {
  let summary = "inline PTX applied to `packed_element` elements at a time";
  let description = [{
    ```mlir
    %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<64xi32> -> tensor<64xi32>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints,
                       BoolAttr:$pure, I32Attr:$packed_element,
                       Variadic<TT_Type>:$args);
  let results = (outs Variadic<TT_Type>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Debugging
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [SameVariadicOperandSize,
    MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "device-side printf";
  let description = [{
    `isSigned` has one entry per argument.

    ```mlir
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<128xi32>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<TT_Type>:$args,
                       DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = "$prefix attr-dict (`:` $args^ `:` type($args))?";
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "device-side assertion";
  let description = [{
    ```mlir
    tt.assert %cond, "x out of range" : tensor<128xi1>
    ```
  }];
  let arguments = (ins TT_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"infer pointer type from the result type", "result",
                   "base", "getBasePointerType($_self)">]> {
  let summary = "make a block pointer";
  let description = [{
    ```mlir
    %p = tt.make_tensor_ptr %base, [%M, %N], [%sm, %c1], [%o0, %o1] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]`
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [Pure,
    SameVariadicOperandSize]> {
  let summary = "make a tensor descriptor";
  let description = [{
    ```mlir
    %d = tt.make_tensor_descriptor %base, [%M, %N], [%sm, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16>>
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape,
                       Variadic<I64>:$strides,
                       DefaultValuedAttr<TT_PaddingOptionAttr,
                         "::mlir::triton::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` attr-dict `:` type($base)
    `,` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load", [
    MemoryEffects<[MemRead<GlobalMemory>]>]> {
  let summary = "load a block through a tensor descriptor";
  let description = [{
    ```mlir
    %v = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, Variadic<I32>:$indices,
    DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
    DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "store a block through a tensor descriptor";
  let description = [{
    ```mlir
    tt.descriptor_store %d[%i, %j], %v : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, TT_Tensor:$src,
                       Variadic<I32>:$indices);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src attr-dict `:` qualified(type($desc)) `,`
    type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "reduce a block into global memory through a descriptor";
  let description = [{
    ```mlir
    tt.descriptor_reduce add, %d[%i, %j], %v : !tt.tensordesc<tensor<128x64xf32>>, tensor<128x64xf32>
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
                       TT_TensorDescType:$desc, TT_Tensor:$src,
                       Variadic<I32>:$indices);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather", [
    MemoryEffects<[MemRead<GlobalMemory>]>]> {
  let summary = "gather rows through a 2-D tensor descriptor";
  let description = [{
    ```mlir
    %v = tt.descriptor_gather %d[%rows, %y] : (!tt.tensordesc<tensor<1x128xf16>>, tensor<32xi32>, i32) -> tensor<32x128xf16>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, TT_I32Tensor:$x_offsets,
                       I32:$y_offset);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter", [
    MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "scatter rows through a 2-D tensor descriptor";
  let description = [{
    ```mlir
    tt.descriptor_scatter %d[%rows, %y], %v : !tt.tensordesc<tensor<1x128xf16>>, tensor<32xi32>, i32, tensor<32x128xf16>
    ```
  }];
  let arguments = (ins TT_TensorDescType:$desc, TT_I32Tensor:$x_offsets,
                       I32:$y_offset, TT_Tensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:`
    type(operands)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope,
    CallableOpInterface, FunctionOpInterface, IsolatedFromAbove,
    HasParent<"ModuleOp">]> {
  let summary = "a Triton function or kernel";
  let description = [{
    Public functions are kernels; private ones are device functions.

    ```mlir
    tt.func public @k(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
      tt.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "StringRef":$name, "FunctionType":$type,
    CArg<"ArrayRef<NamedAttribute>", "{}">:$attrs,
    CArg<"ArrayRef<DictionaryAttr>", "{}">:$argAttrs)>];
  let extraClassDeclaration = [{
    //===------------------------------------------------------------------===//
    // CallableOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getCallableResults() {
      return getFunctionType().getResults();
    }
    ::mlir::ArrayAttr getCallableArgAttrs() {
      return getArgAttrs().value_or(nullptr);
    }
    ::mlir::ArrayAttr getCallableResAttrs() {
      return getResAttrs().value_or(nullptr);
    }

    //===------------------------------------------------------------------===//
    // FunctionOpInterface
    //===------------------------------------------------------------------===//
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }

    //===------------------------------------------------------------------===//
    // SymbolOpInterface
    //===------------------------------------------------------------------===//
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call a tt.func";
  let description = [{
    ```mlir
    %r = tt.call @helper(%x) : (f32) -> f32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let builders = [
    OpBuilder<(ins "FuncOp":$callee, CArg<"ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", SymbolRefAttr::get(callee));
      $_state.addTypes(callee.getFunctionType().getResults());
    }]>,
    OpBuilder<(ins "SymbolRefAttr":$callee, "TypeRange":$results,
      CArg<"ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", callee);
      $_state.addTypes(results);
    }]>,
    OpBuilder<(ins "StringRef":$callee, "TypeRange":$results,
      CArg<"ValueRange", "{}">:$operands), [{
      build($_builder, $_state,
            SymbolRefAttr::get($_builder.getContext(), callee), results,
            operands);
    }]>];
  let extraClassDeclaration = [{
    FunctionType getCalleeType() {
      return FunctionType::get(getContext(), getOperandTypes(),
                               getResultTypes());
    }
    operand_range getArgOperands() { return getOperands(); }
    operand_iterator arg_operand_begin() { return operand_begin(); }
    operand_iterator arg_operand_end() { return operand_end(); }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
    Terminator]> {
  let summary = "return from a tt.func";
  let description = [{
    ```mlir
    tt.return %x : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

#endif // TRITON_OPS_TD
