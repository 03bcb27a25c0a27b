//===- Ops.cpp - ttng operations ------------------------------------------===//
//
// Verifiers and custom formats of the ttng operations.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/TensorMemoryLayouts.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

/// `[%dep]` when an input token is given, `[]` when the op only produces a
/// token, nothing when it neither takes nor produces one.
static ParseResult
parseToken(OpAsmParser &parser,
           std::optional<OpAsmParser::UnresolvedOperand> &dep,
           Type &tokenType) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  tokenType = AsyncTokenType::get(parser.getContext());
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult parsed = parser.parseOptionalOperand(operand);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
    dep = operand;
  }
  return parser.parseRSquare();
}

static void printToken(OpAsmPrinter &printer, Operation *, Value dep,
                       Type tokenType) {
  if (!tokenType)
    return;
  printer << "[";
  if (dep)
    printer << dep;
  printer << "]";
}

/// `, %bar[%pred], %bar2[%pred2]`: the barriers a product arrives on.
static ParseResult
parseBarriersAndPreds(OpAsmParser &parser,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &barriers,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &preds) {
  while (succeeded(parser.parseOptionalComma())) {
    OpAsmParser::UnresolvedOperand barrier, pred;
    if (parser.parseOperand(barrier) || parser.parseLSquare() ||
        parser.parseOperand(pred) || parser.parseRSquare())
      return failure();
    barriers.push_back(barrier);
    preds.push_back(pred);
  }
  return success();
}

static void printBarriersAndPreds(OpAsmPrinter &printer, Operation *,
                                  OperandRange barriers, OperandRange preds) {
  for (auto [barrier, pred] : llvm::zip(barriers, preds))
    printer << ", " << barrier << "[" << pred << "]";
}

#define GET_OP_CLASSES
#include "Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isTensorMemory(MemDescType type) {
  return isa<TensorMemorySpaceAttr>(type.getMemorySpace());
}

static bool isSharedMemory(MemDescType type) {
  return isa<SharedMemorySpaceAttr>(type.getMemorySpace());
}

/// An mbarrier is a single i64 in shared memory.
static LogicalResult verifyBarrier(Operation *op, Type type) {
  auto memdesc = dyn_cast<MemDescType>(type);
  if (!memdesc || !isSharedMemory(memdesc) ||
      !memdesc.getElementType().isInteger(64) ||
      memdesc.getShape() != ArrayRef<int64_t>{1})
    return op->emitOpError("barrier allocation must be a descriptor of 1xi64 "
                           "type in shared memory, got ")
           << type;
  return success();
}

/// The shape of a dot operand given as a tensor or a memdesc.
static ArrayRef<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return cast<MemDescType>(type).getShape();
}

static LogicalResult verifyMatmulShapes(Operation *op, ArrayRef<int64_t> a,
                                        ArrayRef<int64_t> b,
                                        ArrayRef<int64_t> d) {
  if (a.size() != 2 || b.size() != 2 || d.size() != 2)
    return op->emitOpError("operands must be 2-D");
  if (a[1] != b[0])
    return op->emitOpError("the K dimension of a (")
           << a[1] << ") must equal the K dimension of b (" << b[0] << ")";
  if (d[0] != a[0] || d[1] != b[1])
    return op->emitOpError("the accumulator must be ")
           << a[0] << "x" << b[1] << ", got " << d[0] << "x" << d[1];
  return success();
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

LogicalResult WarpGroupDotOp::verify() {
  if (failed(verifyMatmulShapes(*this, shapeOf(getA().getType()),
                                getB().getType().getShape(),
                                getC().getType().getShape())))
    return failure();
  // wgmma: the accumulator in a Hopper mma layout, b (and a, unless it is
  // in registers) in shared memory laid out for the tensor cores.
  auto resultType = cast<RankedTensorType>(getD().getType());
  auto mma =
      dyn_cast_or_null<gpu::NvidiaMmaEncodingAttr>(resultType.getEncoding());
  if (!mma || mma.getVersionMajor() != 3)
    return emitOpError("the result must have a Hopper (version 3) "
                       "nvidia_mma layout");
  Attribute aEnc = isa<RankedTensorType>(getA().getType())
                       ? cast<RankedTensorType>(getA().getType()).getEncoding()
                       : cast<MemDescType>(getA().getType()).getEncoding();
  if (!isa_and_present<gpu::NVMMASharedEncodingAttr,
                       gpu::SharedLinearEncodingAttr,
                       gpu::DotOperandEncodingAttr>(aEnc))
    return emitOpError("operand a must have an nvmma_shared layout or a "
                       "dot_op layout in registers");
  if (!isa_and_present<gpu::NVMMASharedEncodingAttr,
                       gpu::SharedLinearEncodingAttr>(
          getB().getType().getEncoding()))
    return emitOpError("operand b must have an nvmma_shared layout");
  ArrayRef<int64_t> shape = resultType.getShape();
  if (shape[0] % 64 != 0)
    return emitOpError("the M dimension of the result must be a multiple of "
                       "64, got ")
           << shape[0];
  if (shape[1] % 8 != 0)
    return emitOpError("the N dimension of the result must be a multiple of "
                       "8, got ")
           << shape[1];
  if (std::optional<int64_t> warps = gpu::lookupNumWarps(*this);
      warps && *warps % 4 != 0)
    return emitOpError("runs on warp groups: the number of warps must be a "
                       "multiple of 4, got ")
           << *warps;
  Type aElementType =
      isa<RankedTensorType>(getA().getType())
          ? cast<RankedTensorType>(getA().getType()).getElementType()
          : cast<MemDescType>(getA().getType()).getElementType();
  if (isa<Float8E5M2Type, Float8E4M3FNType>(aElementType) &&
      resultType.getElementType().isF32() && getMaxNumImpreciseAcc() < 32)
    return emitOpError("an f32 accumulator of fp8 operands needs "
                       "maxNumImpreciseAcc of at least 32, got ")
           << getMaxNumImpreciseAcc();
  // a in registers holds 32 bits of K per register.
  if (auto aTensor = dyn_cast<RankedTensorType>(getA().getType())) {
    auto dotOperand = cast<gpu::DotOperandEncodingAttr>(aEnc);
    unsigned kWidth = 32 / aTensor.getElementTypeBitWidth();
    if (dotOperand.getKWidth() != kWidth)
      return emitOpError("in-register LHS operand must have a kWidth of ")
             << kWidth << " but got " << dotOperand.getKWidth();
  }
  return success();
}

void WarpGroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa<MemDescType>(getA().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getAMutable(),
                         SharedMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), &getBMutable(),
                       SharedMemory::get());
}

/// Checks what the tcgen5 products share: an accumulator in tensor memory
/// and one predicate per mbarrier to arrive on.
static LogicalResult verifyTCGen5Common(Operation *op, MemDescType acc,
                                        ValueRange barriers,
                                        ValueRange barrierPreds) {
  if (!isTensorMemory(acc))
    return op->emitOpError("the accumulator must be in tensor memory");
  if (barriers.size() != barrierPreds.size())
    return op->emitOpError("needs one predicate per barrier");
  for (Value barrier : barriers)
    if (failed(verifyBarrier(op, barrier.getType())))
      return failure();
  return success();
}

bool mlir::triton::nvidia_gpu::isTensorCoreFp8(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(t);
}

/// The accumulator types a tensor-core product of `a` by `b` may have; none
/// when the operand types do not multiply.
static SmallVector<Type, 2> tensorCoreAccumulatorTypes(Type a, Type b) {
  MLIRContext *ctx = a.getContext();
  Type f16 = Float16Type::get(ctx), f32 = Float32Type::get(ctx);
  if ((a.isF16() && b.isF16()) || (isTensorCoreFp8(a) && isTensorCoreFp8(b)))
    return {f16, f32};
  if ((a.isBF16() && b.isBF16()) || (a.isF32() && b.isF32()))
    return {f32};
  if (a.isInteger(8) && b.isInteger(8))
    return {IntegerType::get(ctx, 32)};
  return {};
}

bool mlir::triton::nvidia_gpu::isTensorCoreTypeCombination(Type a, Type b,
                                                           Type d) {
  return llvm::is_contained(tensorCoreAccumulatorTypes(a, b), d);
}

LogicalResult TCGen5MMAOp::verify() {
  if (failed(verifyTCGen5Common(*this, getD().getType(), getBarriers(),
                                getBarrierPreds())))
    return failure();
  Type a = getA().getType().getElementType();
  Type b = getB().getType().getElementType();
  Type d = getD().getType().getElementType();
  SmallVector<Type, 2> accumulators = tensorCoreAccumulatorTypes(a, b);
  if (accumulators.empty())
    return emitOpError("tcgen05.mma cannot multiply ")
           << a << " by " << b
           << " (f16/bf16, tf32, fp8 or i8 operands with their accumulators)";
  if (!llvm::is_contained(accumulators, d)) {
    // The wording is upstream's: its tests match it.
    InFlightDiagnostic diag = emitOpError("unsupported accumulator dtype for "
                                          "operand types ")
                              << a << " and " << b << ", accumulator dtype is "
                              << d << " but must be one of [";
    llvm::interleaveComma(accumulators, diag, [&](Type type) { diag << type; });
    return diag << "]";
  }
  return verifyMatmulShapes(*this, getA().getType().getShape(),
                            getB().getType().getShape(),
                            getD().getType().getShape());
}

LogicalResult TCGen5MMAScaledOp::verify() {
  return verifyTCGen5Common(*this, getD().getType(), getBarriers(),
                            getBarrierPreds());
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

LogicalResult InitBarrierOp::verify() {
  if (getCount() < 1)
    return emitOpError("the arrival count must be at least 1");
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult BarrierExpectOp::verify() {
  if (getSizeAttr().getInt() < 0)
    return emitOpError("the expected size must be non-negative");
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult ArriveBarrierOp::verify() {
  if (getCountAttr().getInt() < 1)
    return emitOpError("the arrival count must be at least 1");
  return verifyBarrier(*this, getAlloc().getType());
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  MemDescType result = getResult().getType();
  if (!result.getMutableMemory())
    return emitOpError("cannot store into immutable memory");
  if (!isa_and_nonnull<gpu::NVMMASharedEncodingAttr>(result.getEncoding()))
    return emitOpError("TMA result must have NVMMA shared layout, got ")
           << result.getEncoding();
  RankedTensorType block = getDesc().getType().getBlockType();
  // A descriptor's integer elements may carry the front end's signedness.
  Type from = block.getElementType(), to = result.getElementType();
  bool sameInts = from.isInteger() && to.isInteger() &&
                  from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth();
  if (from != to && !sameInts)
    return emitOpError("descriptor and destination element types differ");
  // As tt's descriptor ops: at least one coordinate per block dimension
  // (the lowering to PTX checks the count against the copy it emits).
  if (getCoord().size() < static_cast<size_t>(block.getRank()))
    return emitOpError("expects one coordinate per descriptor dimension");
  return success();
}

LogicalResult AsyncTMAGatherOp::verify() {
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  if (!getResult().getType().getMutableMemory())
    return emitOpError("cannot store into immutable memory");
  if (getXOffsets().getType().getRank() != 1)
    return emitOpError("x offsets must be 1-D");
  return success();
}

LogicalResult AsyncTMAScatterOp::verify() {
  if (getXOffsets().getType().getRank() != 1)
    return emitOpError("x offsets must be 1-D");
  return success();
}

LogicalResult TensormapCreateOp::verify() {
  size_t rank = getBoxDim().size();
  if (rank == 0 || rank > 5)
    return emitOpError("TMA descriptors have 1 to 5 dimensions, got ") << rank;
  if (getGlobalDim().size() != rank || getElementStride().size() != rank)
    return emitOpError("box_dim, global_dim and element_stride must have the "
                       "same rank");
  if (getGlobalStride().size() + 1 != rank)
    return emitOpError("expects rank - 1 global strides");
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor memory
//===----------------------------------------------------------------------===//

/// Checks that tcgen05.ld/st messages move `regType` (the register side of a
/// tensor-memory op, named `what`) to or from `memType`, as the lowering
/// needs; a tensor without an encoding is not laid out yet and passes.
static LogicalResult verifyTMemRegisterLayout(Operation *op,
                                              RankedTensorType regType,
                                              MemDescType memType,
                                              StringRef what) {
  if (!regType.getEncoding())
    return success();
  std::string whyNot;
  if (succeeded(getTMemLdStMessage(regType, memType, &whyNot)))
    return success();
  InFlightDiagnostic diag =
      op->emitOpError() << what << " layout " << regType.getEncoding()
                        << " is not compatible with tensor memory: " << whyNot;
  std::optional<int64_t> numWarps = triton::gpu::lookupNumWarps(op);
  if (numWarps && memType.getRank() == 2)
    if (std::optional<LinearEncodingAttr> layout =
            getTMem32x32bLayout(memType, *numWarps))
      if (layout->getRank() == regType.getRank() &&
          succeeded(
              getTMemLdStMessage(regType.cloneWithEncoding(*layout), memType)))
        diag.attachNote() << "a layout that 32x32b messages move: " << *layout;
  return diag;
}

LogicalResult TMEMAllocOp::verify() {
  MemDescType type = getResult().getType();
  if (!isTensorMemory(type))
    return emitOpError("must allocate tensor memory");
  if (type.getAllocShape() != type.getShape())
    return emitOpError("an allocation is its own alloc shape: the result "
                       "shape and alloc shape must match");
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("uninitialized alloc must have a mutable memdesc "
                         "type");
    return success();
  }
  if (getSrc().getType().getShape() != type.getShape())
    return emitOpError("initial value and buffer shapes differ");
  if (getSrc().getType().getElementType() != type.getElementType())
    return emitOpError("initial value and buffer element types differ");
  if (getSrc().getType().getRank() != 2)
    return emitOpError("the initial value must be 2-D");
  return verifyTMemRegisterLayout(*this, getSrc().getType(), type,
                                  "initial value");
}

LogicalResult TMEMLoadOp::verify() {
  MemDescType src = getSrc().getType();
  if (!isTensorMemory(src))
    return emitOpError("source must be in tensor memory");
  if (!isa_and_nonnull<TensorMemoryEncodingAttr>(src.getEncoding()))
    return emitOpError("the source must have a tensor_memory_encoding, got ")
           << src.getEncoding();
  if (src.getShape() != getResult().getType().getShape())
    return emitOpError("result shape must match the source shape");
  if (getResult().getType().getRank() != 2)
    return emitOpError("the result must be 2-D");
  if (src.getElementType() != getResult().getType().getElementType())
    return emitOpError("result and source element types differ");
  return verifyTMemRegisterLayout(*this, getResult().getType(), src, "result");
}

LogicalResult TMEMStoreOp::verify() {
  MemDescType dst = getDst().getType();
  if (!isTensorMemory(dst))
    return emitOpError("destination must be in tensor memory");
  if (!dst.getMutableMemory())
    return emitOpError("Cannot store into an immutable alloc");
  if (dst.getShape() != getSrc().getType().getShape())
    return emitOpError("source shape must match the destination shape");
  if (getSrc().getType().getRank() != 2)
    return emitOpError("the source must be 2-D");
  if (dst.getElementType() != getSrc().getType().getElementType())
    return emitOpError("source and destination element types differ");
  return verifyTMemRegisterLayout(*this, getSrc().getType(), dst, "source");
}

LogicalResult TMEMCopyOp::verify() {
  if (!isSharedMemory(getSrc().getType()))
    return emitOpError("source must be in shared memory");
  if (!isTensorMemory(getDst().getType()))
    return emitOpError("destination must be in tensor memory");
  if (!getDst().getType().getMutableMemory())
    return emitOpError("Cannot copy into an immutable alloc");
  if (getBarrier() && failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  return success();
}

LogicalResult TMEMSubSliceOp::verify() {
  MemDescType src = getSrc().getType();
  MemDescType dst = getType();
  if (!isTensorMemory(src) || !isTensorMemory(dst))
    return emitOpError("source and result must be in tensor memory");
  if (src.getShape().size() != 2 || dst.getShape().size() != 2)
    return emitOpError("source and result must be 2-D");
  if (dst.getShape()[0] != src.getShape()[0])
    return emitOpError("a subslice keeps all rows");
  int64_t n = getNAttr().getInt();
  if (n < 0 || n + dst.getShape()[1] > src.getShape()[1])
    return emitOpError("columns [")
           << n << ", " << n + dst.getShape()[1] << ") are out of bounds";
  return success();
}

//===----------------------------------------------------------------------===//
// mbarrier arrays
//===----------------------------------------------------------------------===//

MemDescType mlir::triton::nvidia_gpu::asMutable(MemDescType type) {
  return MemDescType::get(type.getShape(), type.getElementType(),
                          type.getEncoding(), type.getMemorySpace(),
                          /*mutableMemory=*/true);
}

/// The layout of mbarrier arrays: one after another.
static SwizzledSharedEncodingAttr barrierEncoding(MLIRContext *ctx) {
  return SwizzledSharedEncodingAttr::get(ctx, 1, 1, 1, ArrayRef<unsigned>{0},
                                         ArrayRef<int32_t>{});
}

MemDescType mlir::triton::nvidia_gpu::barrierSlotType(MLIRContext *ctx) {
  return MemDescType::get({1}, IntegerType::get(ctx, 64), barrierEncoding(ctx),
                          SharedMemorySpaceAttr::get(ctx), /*mutable=*/true);
}

Value mlir::triton::nvidia_gpu::barrierAt(OpBuilder &b, Location loc,
                                          Value barriers, Value index) {
  return MemDescIndexOp::create(b, loc, barrierSlotType(b.getContext()),
                                barriers, index);
}

Value mlir::triton::nvidia_gpu::allocateBarriers(OpBuilder &b, Location loc,
                                                 int count, int arrivals) {
  MLIRContext *ctx = b.getContext();
  auto type = MemDescType::get({count, 1}, b.getI64Type(), barrierEncoding(ctx),
                               SharedMemorySpaceAttr::get(ctx),
                               /*mutable=*/true);
  Value barriers = LocalAllocOp::create(b, loc, TypeRange{type}, ValueRange{});
  for (int i = 0; i < count; ++i) {
    Value index = arith::ConstantIntOp::create(b, loc, i, 32);
    InitBarrierOp::create(b, loc, barrierAt(b, loc, barriers, index), arrivals);
  }
  return barriers;
}
