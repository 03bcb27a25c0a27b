//===- Utility.cpp - shared pieces of the ttg to LLVM lowering ------------===//

#include "Utility.h"

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(
    MLIRContext *ctx, const LowerToLLVMOptions &options)
    : LLVMTypeConverter(ctx, options) {
  addConversion([ctx](triton::PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(ctx, type.getAddressSpace());
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    if (!type.getEncoding() || !isDistributedEncoding(type.getEncoding()))
      return std::nullopt;
    std::optional<LinearLayout> layout = getLayout(type);
    if (!layout)
      return std::nullopt;
    Type elt = convertElementType(type.getElementType());
    if (!elt)
      return std::nullopt;
    int n =
        layout->getInDimSize(StringAttr::get(type.getContext(), "register"));
    SmallVector<Type> fields(n, elt);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
  });
  // A buffer's view, as upstream's: its shared-memory address and an i32
  // offset per dimension (ours are zero: views fold into the address).
  addConversion([ctx](MemDescType type) -> Type {
    SmallVector<Type> fields = {LLVM::LLVMPointerType::get(ctx, 3)};
    fields.append(type.getRank(), IntegerType::get(ctx, 32));
    return LLVM::LLVMStructType::getLiteral(ctx, fields);
  });
  addConversion(
      [ctx](AsyncTokenType) -> Type { return IntegerType::get(ctx, 32); });
  // A tensor descriptor is the address of its CUtensorMap.
  addConversion([ctx](TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(ctx);
  });
}

Type TritonGPUToLLVMTypeConverter::convertElementType(Type type) const {
  if (auto ptr = dyn_cast<triton::PointerType>(type))
    return LLVM::LLVMPointerType::get(type.getContext(), ptr.getAddressSpace());
  return convertType(type);
}

std::optional<LinearLayout>
mlir::triton::gpu::getLayout(RankedTensorType type) {
  if (!type.getEncoding())
    return std::nullopt;
  return toLinearLayout(type.getShape(), type.getEncoding());
}

unsigned mlir::triton::gpu::getNumRegisters(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 1;
  std::optional<LinearLayout> layout = getLayout(tensor);
  if (!layout)
    return 1;
  return layout->getInDimSize(StringAttr::get(type.getContext(), "register"));
}

unsigned mlir::triton::gpu::getElementBytes(Type type) {
  if (auto tensor = dyn_cast<ShapedType>(type))
    type = tensor.getElementType();
  if (isa<triton::PointerType, LLVM::LLVMPointerType>(type))
    return 8;
  unsigned bits = type.getIntOrFloatBitWidth();
  return std::max(1u, (bits + 7) / 8);
}

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

SmallVector<Value> mlir::triton::gpu::unpackLLElements(Location loc,
                                                       Value llvmStruct,
                                                       OpBuilder &b) {
  auto structTy = dyn_cast<LLVM::LLVMStructType>(llvmStruct.getType());
  if (!structTy)
    return {llvmStruct};
  SmallVector<Value> values;
  for (auto [i, type] : llvm::enumerate(structTy.getBody()))
    values.push_back(LLVM::ExtractValueOp::create(
        b, loc, type, llvmStruct, ArrayRef<int64_t>{(int64_t)i}));
  return values;
}

Value mlir::triton::gpu::packLLElements(Location loc,
                                        const TypeConverter *converter,
                                        ValueRange values, OpBuilder &b,
                                        Type originalType) {
  Type llvmType = converter->convertType(originalType);
  auto structTy = dyn_cast<LLVM::LLVMStructType>(llvmType);
  if (!structTy) {
    assert(values.size() == 1 && "a scalar is one value");
    return values.front();
  }
  assert(structTy.getBody().size() == values.size() &&
         "one value per struct field");
  Value result = LLVM::UndefOp::create(b, loc, structTy);
  for (auto [i, v] : llvm::enumerate(values))
    result = LLVM::InsertValueOp::create(b, loc, structTy, result, v,
                                         ArrayRef<int64_t>{(int64_t)i});
  return result;
}

//===----------------------------------------------------------------------===//
// Small builders
//===----------------------------------------------------------------------===//

Value mlir::triton::gpu::intConst(OpBuilder &b, Location loc, Type type,
                                  int64_t v) {
  return LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, v));
}
Value mlir::triton::gpu::i32Const(OpBuilder &b, Location loc, int64_t v) {
  return intConst(b, loc, b.getI32Type(), v);
}
Value mlir::triton::gpu::i64Const(OpBuilder &b, Location loc, int64_t v) {
  return intConst(b, loc, b.getI64Type(), v);
}
Value mlir::triton::gpu::boolConst(OpBuilder &b, Location loc, bool v) {
  return intConst(b, loc, b.getI1Type(), v);
}

Value mlir::triton::gpu::zeroOf(OpBuilder &b, Location loc, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::ZeroOp::create(b, loc, type);
  if (auto f = dyn_cast<FloatType>(type))
    return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(f, 0.0));
  return intConst(b, loc, type, 0);
}

/// `elems` (32 bits in all) as one i32, the first in the low bits.
Value mlir::triton::gpu::packRegister(OpBuilder &b, Location loc,
                                      ArrayRef<Value> elems) {
  Type i32 = b.getI32Type();
  if (elems.size() == 1)
    return elems[0].getType() == i32
               ? elems[0]
               : LLVM::BitcastOp::create(b, loc, i32, elems[0]).getResult();
  auto vecTy = VectorType::get(elems.size(), elems[0].getType());
  Value v = LLVM::UndefOp::create(b, loc, vecTy);
  for (auto [i, e] : llvm::enumerate(elems))
    v = LLVM::InsertElementOp::create(b, loc, v, e, i32Const(b, loc, i));
  return LLVM::BitcastOp::create(b, loc, i32, v);
}

/// The `count` elements of type `elt` packed in the i32 `reg`.
SmallVector<Value> mlir::triton::gpu::unpackRegister(OpBuilder &b, Location loc,
                                                     Value reg, Type elt,
                                                     unsigned count) {
  if (count == 1)
    return {reg.getType() == elt
                ? reg
                : LLVM::BitcastOp::create(b, loc, elt, reg).getResult()};
  auto vecTy = VectorType::get(count, elt);
  Value v = LLVM::BitcastOp::create(b, loc, vecTy, reg);
  SmallVector<Value> out;
  for (unsigned i = 0; i < count; ++i)
    out.push_back(
        LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, i)));
  return out;
}

Value mlir::triton::gpu::bitcastTo(OpBuilder &b, Location loc, Value v,
                                   Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (isa<LLVM::LLVMPointerType>(from)) {
    if (isa<LLVM::LLVMPointerType>(to))
      return LLVM::AddrSpaceCastOp::create(b, loc, to, v);
    Value i = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
    return bitcastTo(b, loc, i, to);
  }
  if (isa<LLVM::LLVMPointerType>(to)) {
    Value i = bitcastTo(b, loc, v, b.getI64Type());
    return LLVM::IntToPtrOp::create(b, loc, to, i);
  }
  return LLVM::BitcastOp::create(b, loc, to, v);
}

//===----------------------------------------------------------------------===//
// Thread ids and layouts
//===----------------------------------------------------------------------===//

static int getModuleIntAttr(Operation *op, StringRef name, int dflt) {
  ModuleOp mod =
      isa<ModuleOp>(op) ? cast<ModuleOp>(op) : op->getParentOfType<ModuleOp>();
  if (!mod)
    return dflt;
  if (auto attr = mod->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return dflt;
}

int mlir::triton::gpu::getNumWarps(Operation *op) {
  // Inside a warp-specialized partition the partition's warps count.
  return lookupNumWarps(op).value_or(4);
}
int mlir::triton::gpu::getNumCTAs(Operation *op) {
  return getModuleIntAttr(op, "ttg.num-ctas", 1);
}
int mlir::triton::gpu::getThreadsPerWarp(Operation *op) {
  return getModuleIntAttr(op, "ttg.threads-per-warp", 32);
}

std::optional<PartitionRef>
mlir::triton::gpu::getEnclosingPartition(Block *block) {
  for (Region *r = block ? block->getParent() : nullptr; r;
       r = r->getParentRegion())
    if (auto partitions =
            dyn_cast_if_present<WarpSpecializePartitionsOp>(r->getParentOp()))
      return PartitionRef{cast<WarpSpecializeOp>(partitions->getParentOp()),
                          r->getRegionNumber()};
  return std::nullopt;
}

Value mlir::triton::gpu::getThreadId(OpBuilder &b, Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  std::optional<PartitionRef> partition =
      getEnclosingPartition(b.getInsertionBlock());
  if (!partition)
    return tid;
  std::optional<ArrayRef<int32_t>> starts =
      partition->op.getWarpGroupStartIds();
  // Without start ids the conversion of the op has already failed.
  if (!starts || partition->index >= starts->size())
    return tid;
  int32_t first = (*starts)[partition->index] *
                  getThreadsPerWarp(partition->op.getOperation());
  return LLVM::SubOp::create(b, loc, tid, i32Const(b, loc, first));
}

/// The entry block of the code `block` belongs to: its warp_specialize
/// partition's, else its function's (null outside one).
static Block *getScopeEntry(Block *block) {
  if (std::optional<PartitionRef> partition = getEnclosingPartition(block))
    return &partition->op.getPartitionRegions()[partition->index].front();
  Operation *parent = block ? block->getParentOp() : nullptr;
  auto func = dyn_cast_or_null<LLVM::LLVMFuncOp>(parent);
  if (!func && parent)
    func = parent->getParentOfType<LLVM::LLVMFuncOp>();
  return func && !func.getBody().empty() ? &func.getBody().front() : nullptr;
}

Value mlir::triton::gpu::getGlobalScratchArgument(Operation *op) {
  Block *scope = getScopeEntry(op->getBlock());
  bool partition = getEnclosingPartition(op->getBlock()).has_value();
  return scope->getArgument(scope->getNumArguments() - (partition ? 1 : 2));
}

Value mlir::triton::gpu::getProfileScratchArgument(OpBuilder &b, Location loc,
                                                   Operation *op) {
  if (getEnclosingPartition(op->getBlock()))
    return LLVM::ZeroOp::create(b, loc,
                                LLVM::LLVMPointerType::get(b.getContext(), 1));
  Block *scope = getScopeEntry(op->getBlock());
  return scope->getArgument(scope->getNumArguments() - 1);
}

HardwareIds mlir::triton::gpu::getHardwareIds(OpBuilder &b, Location loc,
                                              int threadsPerWarp, int numCTAs) {
  // At the start of the function, where they dominate every use and CSE
  // keeps one of each: computed where they are used, LLVM's PRE copies
  // them onto the edges around loops (a block of its own between a loop's
  // guard and exit, which puts register copies between a wgmma and its
  // wait: ptxas then serializes the wgmmas).
  // (A warp_specialize partition, whose threads are numbered from its own
  // first warp, gets its own, at its start.)
  OpBuilder::InsertionGuard guard(b);
  Block *scope = getScopeEntry(b.getInsertionBlock());
  HardwareIds ids;
  // The lane and warp ids made for an earlier op of the function: the
  // warp's shuffle is not something CSE merges.
  constexpr StringLiteral kLane = "ttg.lane_id", kWarp = "ttg.warp_id";
  if (scope) {
    Block &entry = *scope;
    b.setInsertionPointToStart(&entry);
    for (Operation &op : entry) {
      if (op.hasAttr(kLane))
        ids.lane = op.getResult(0);
      if (op.hasAttr(kWarp))
        ids.warp = op.getResult(0);
    }
  }
  if (!ids.lane || !ids.warp) {
    Value tid = getThreadId(b, loc);
    ids.lane =
        LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, threadsPerWarp - 1));
    Value warp = LLVM::LShrOp::create(
        b, loc, tid, i32Const(b, loc, llvm::Log2_32(threadsPerWarp)));
    // A shuffle from lane 0 tells LLVM the warp id is the same in every lane.
    ids.warp = shuffleIdx(b, loc, warp, i32Const(b, loc, 0), threadsPerWarp);
    ids.lane.getDefiningOp()->setAttr(kLane, b.getUnitAttr());
    ids.warp.getDefiningOp()->setAttr(kWarp, b.getUnitAttr());
  }
  if (numCTAs > 1)
    ids.block = NVVM::BlockInClusterIdXOp::create(b, loc, b.getI32Type());
  else
    ids.block = i32Const(b, loc, 0);
  return ids;
}

SmallVector<Value> mlir::triton::gpu::applyLinearLayout(
    OpBuilder &b, Location loc, const LinearLayout &layout,
    ArrayRef<std::pair<StringAttr, Value>> ins) {
  SmallVector<Value> outs;
  auto outDims = llvm::to_vector(layout.getOutDimNames());
  for (StringAttr outDim : outDims) {
    // The XOR of one term per group of input bits. (XOR rather than
    // `or disjoint` where the bits cannot overlap: the vectorizers treat OR
    // chains as reductions and spend far longer on them.)
    Value acc;
    auto combine = [&](Value term) {
      acc = acc ? LLVM::XOrOp::create(b, loc, acc, term).getResult() : term;
    };
    for (auto [inDim, value] : ins) {
      if (!layout.hasInDim(inDim))
        continue;
      int nBits = layout.getInDimSizeLog2(inDim);
      for (int i = 0; i < nBits;) {
        auto basis = uint32_t(layout.getBasis(inDim, i, outDim));
        if (basis == 0) {
          ++i;
          continue;
        }
        if (!llvm::isPowerOf2_32(basis)) {
          // ((value >> i) & 1) * basis.
          Value bit =
              LLVM::AndOp::create(b, loc, value, i32Const(b, loc, 1 << i));
          Value one = LLVM::LShrOp::create(b, loc, bit, i32Const(b, loc, i));
          combine(LLVM::MulOp::create(b, loc, one, i32Const(b, loc, basis)));
          ++i;
          continue;
        }
        // Input bits i..j-1 that land on consecutive output bits from
        // `target` on: one mask and one shift.
        int target = llvm::Log2_32(basis);
        int j = i + 1;
        while (j < nBits && target + (j - i) < 31 &&
               uint32_t(layout.getBasis(inDim, j, outDim)) ==
                   (uint32_t(1) << (target + (j - i))))
          ++j;
        uint32_t width = (uint32_t(1) << (j - i)) - 1;
        Value bits = LLVM::AndOp::create(b, loc, value,
                                         i32Const(b, loc, int32_t(width << i)));
        Value term = bits;
        if (target > i)
          term =
              LLVM::ShlOp::create(b, loc, bits, i32Const(b, loc, target - i));
        else if (target < i)
          term =
              LLVM::LShrOp::create(b, loc, bits, i32Const(b, loc, i - target));
        combine(term);
        i = j;
      }
    }
    outs.push_back(acc ? acc : i32Const(b, loc, 0));
  }
  return outs;
}

SmallVector<Value>
mlir::triton::gpu::emitThreadOffsets(OpBuilder &b, Location loc,
                                     const LinearLayout &layout,
                                     int threadsPerWarp, int numCTAs) {
  MLIRContext *ctx = b.getContext();
  HardwareIds ids = getHardwareIds(b, loc, threadsPerWarp, numCTAs);
  return applyLinearLayout(b, loc, layout,
                           {{StringAttr::get(ctx, "lane"), ids.lane},
                            {StringAttr::get(ctx, "warp"), ids.warp},
                            {StringAttr::get(ctx, "block"), ids.block}});
}

SmallVector<int64_t> mlir::triton::gpu::shapePerCta(const LinearLayout &layout,
                                                    ArrayRef<int64_t> shape) {
  SmallVector<int64_t> part(shape);
  StringAttr block =
      StringAttr::get(layout.getOutDimNames().begin()->getContext(), "block");
  if (!layout.hasInDim(block))
    return part;
  for (int i = 0; i < layout.getInDimSizeLog2(block); ++i)
    for (auto [d, c] : llvm::enumerate(layout.getBasis(block, i)))
      if (c != 0)
        part[d] = std::min<int64_t>(part[d], c);
  return part;
}

SmallVector<int32_t>
mlir::triton::gpu::registerCoords(const LinearLayout &layout, int reg) {
  MLIRContext *ctx = layout.getOutDimNames().begin()->getContext();
  SmallVector<std::pair<StringAttr, int32_t>> ins;
  for (StringAttr inDim : layout.getInDimNames())
    ins.push_back({inDim, inDim.getValue() == "register" ? reg : 0});
  (void)ctx;
  SmallVector<int32_t> coords;
  for (auto [name, v] : layout.apply(ins))
    coords.push_back(v);
  return coords;
}

std::map<SmallVector<int32_t>, unsigned>
mlir::triton::gpu::registersByCoords(const LinearLayout &layout) {
  std::map<SmallVector<int32_t>, unsigned> m;
  StringAttr reg = StringAttr::get(
      layout.getOutDimNames().begin()->getContext(), "register");
  for (int r = layout.getInDimSize(reg) - 1; r >= 0; --r)
    m[registerCoords(layout, r)] = r;
  return m;
}

SmallVector<SmallVector<Value>>
mlir::triton::gpu::emitIndices(OpBuilder &b, Location loc,
                               RankedTensorType type) {
  std::optional<LinearLayout> layout = getLayout(type);
  assert(layout && "a distributed layout");
  Operation *anchor = b.getInsertionBlock()->getParentOp();
  SmallVector<Value> hw = emitThreadOffsets(
      b, loc, *layout, getThreadsPerWarp(anchor), getNumCTAs(anchor));
  int n = layout->getInDimSize(StringAttr::get(b.getContext(), "register"));
  SmallVector<SmallVector<Value>> result;
  for (int r = 0; r < n; ++r) {
    SmallVector<int32_t> c = registerCoords(*layout, r);
    SmallVector<Value> coords;
    for (auto [d, v] : llvm::enumerate(hw))
      coords.push_back(
          c[d] ? LLVM::XOrOp::create(b, loc, v, i32Const(b, loc, c[d]))
                     .getResult()
               : v);
    result.push_back(coords);
  }
  return result;
}

Value mlir::triton::gpu::emitOwnerPredicate(OpBuilder &b, Location loc,
                                            const LinearLayout &layout,
                                            int threadsPerWarp, int numCTAs) {
  MLIRContext *ctx = b.getContext();
  auto masks = layout.getFreeVariableMasks();
  HardwareIds ids;
  bool haveIds = false;
  Value pred;
  for (StringRef name : {"lane", "warp", "block"}) {
    StringAttr dim = StringAttr::get(ctx, name);
    auto it = masks.find(dim);
    if (it == masks.end() || it->second == 0)
      continue;
    if (!haveIds) {
      ids = getHardwareIds(b, loc, threadsPerWarp, numCTAs);
      haveIds = true;
    }
    Value id = name == "lane"   ? ids.lane
               : name == "warp" ? ids.warp
                                : ids.block;
    Value bits = LLVM::AndOp::create(b, loc, id, i32Const(b, loc, it->second));
    Value isZero = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                        i32Const(b, loc, 0));
    pred =
        pred ? LLVM::AndOp::create(b, loc, pred, isZero).getResult() : isZero;
  }
  return pred;
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

std::optional<int64_t> mlir::triton::gpu::getAllocationOffset(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr))
    return attr.getInt();
  return std::nullopt;
}

Value mlir::triton::gpu::getFunctionSharedBase(OpBuilder &b, Location loc,
                                               Operation *op) {
  auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
  auto ptr3 = LLVM::LLVMPointerType::get(b.getContext(), 3);
  if (func && !func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName())) {
    // Device functions get the base as the argument before the two scratch
    // pointers.
    unsigned n = func.getNumArguments();
    if (n >= 3)
      return func.getArgument(n - 3);
  }
  return LLVM::AddressOfOp::create(b, loc, ptr3, kGlobalSmemName);
}

Value mlir::triton::gpu::gepBytes(OpBuilder &b, Location loc, Value base,
                                  Value offset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{offset});
}

Value mlir::triton::gpu::getSharedAddress(OpBuilder &b, Location loc,
                                          Operation *op) {
  std::optional<int64_t> offset = getAllocationOffset(op);
  if (!offset)
    return {};
  // Upstream's form: the offset, the base, and a GEP even at offset 0
  // (LLVM folds it).
  Value bytes = i32Const(b, loc, *offset);
  return gepBytes(b, loc, getFunctionSharedBase(b, loc, op), bytes);
}

void mlir::triton::gpu::emitBarrier(OpBuilder &b, Location loc) {
  NVVM::Barrier0Op::create(b, loc);
}

static StringRef ptxConstraint(unsigned bits) {
  switch (bits) {
  case 8:
  case 16:
    return "h";
  case 32:
    return "r";
  default:
    return "l";
  }
}

/// The value as an integer of 16, 32 or 64 bits, for an inline-asm operand.
static Value toAsmInt(OpBuilder &b, Location loc, Value v, unsigned &bits) {
  Type t = v.getType();
  bits = isa<LLVM::LLVMPointerType>(t) ? 64 : t.getIntOrFloatBitWidth();
  if (!t.isInteger(bits))
    v = bitcastTo(b, loc, v, b.getIntegerType(bits));
  if (bits < 16) {
    v = LLVM::ZExtOp::create(b, loc, b.getI16Type(), v);
    bits = 16;
  }
  return v;
}

void mlir::triton::gpu::storeShared(OpBuilder &b, Location loc, Value ptr,
                                    Value val, Value pred) {
  if (!pred) {
    LLVM::StoreOp::create(b, loc, val, ptr);
    return;
  }
  unsigned origBits = isa<LLVM::LLVMPointerType>(val.getType())
                          ? 64
                          : val.getType().getIntOrFloatBitWidth();
  unsigned bits;
  Value asInt = toAsmInt(b, loc, val, bits);
  std::string text = "@$2 st.shared.b" +
                     std::to_string(std::max(origBits, 8u)) +
                     " [ $0 + 0 ], $1;";
  std::string cons = ("r," + ptxConstraint(bits) + ",b").str();
  inlinePtx(b, loc, text, cons, {ptr, asInt, pred}, {});
}

Value mlir::triton::gpu::loadShared(OpBuilder &b, Location loc, Value ptr,
                                    Type type) {
  return LLVM::LoadOp::create(b, loc, type, ptr);
}

Type mlir::triton::gpu::memoryType(OpBuilder &b, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return b.getI64Type();
  return type.isInteger(1) ? b.getI8Type() : type;
}

Value mlir::triton::gpu::toMemory(OpBuilder &b, Location loc, Value v) {
  if (isa<LLVM::LLVMPointerType>(v.getType()))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), v);
  if (v.getType().isInteger(1))
    return LLVM::ZExtOp::create(b, loc, b.getI8Type(), v);
  return v;
}

Value mlir::triton::gpu::fromMemory(OpBuilder &b, Location loc, Value v,
                                    Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, v);
  if (type.isInteger(1))
    return LLVM::TruncOp::create(b, loc, type, v);
  return v;
}

Type mlir::triton::gpu::sharedVectorType(Type elt, int vec, bool words) {
  if (!elt.isIntOrFloat())
    return VectorType::get(vec, elt);
  MLIRContext *ctx = elt.getContext();
  unsigned bits = elt.getIntOrFloatBitWidth();
  if (words && bits < 32 && bits * vec > 32)
    return VectorType::get(bits * vec / 32, IntegerType::get(ctx, 32));
  return VectorType::get(vec, IntegerType::get(ctx, bits));
}

Value mlir::triton::gpu::packSharedVector(OpBuilder &b, Location loc,
                                          ArrayRef<Value> values, bool words) {
  Type elt = values.front().getType();
  int vec = values.size();
  Value v = LLVM::UndefOp::create(b, loc, VectorType::get(vec, elt));
  for (auto [i, x] : llvm::enumerate(values))
    v = LLVM::InsertElementOp::create(b, loc, v, x, i32Const(b, loc, i));
  Type type = sharedVectorType(elt, vec, words);
  return type == v.getType() ? v : LLVM::BitcastOp::create(b, loc, type, v);
}

SmallVector<Value> mlir::triton::gpu::unpackSharedVector(OpBuilder &b,
                                                         Location loc, Value v,
                                                         Type elt, int vec) {
  auto elements = VectorType::get(vec, elt);
  if (v.getType() != elements)
    v = LLVM::BitcastOp::create(b, loc, elements, v);
  SmallVector<Value> values;
  for (int i = 0; i < vec; ++i)
    values.push_back(
        LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, i)));
  return values;
}

SmallVector<Value> mlir::triton::gpu::loadSharedVector(OpBuilder &b,
                                                       Location loc, Value addr,
                                                       Type elt, int vec,
                                                       unsigned bytes) {
  if (vec == 1)
    return {fromMemory(
        b, loc, LLVM::LoadOp::create(b, loc, memoryType(b, elt), addr), elt)};
  Value v = LLVM::LoadOp::create(b, loc, sharedVectorType(elt, vec), addr,
                                 /*alignment=*/vec * bytes);
  return unpackSharedVector(b, loc, v, elt, vec);
}

Value mlir::triton::gpu::sharedPointer(OpBuilder &b, Location loc,
                                       Value memDesc, int64_t byteOffset) {
  Value base = unpackLLElements(loc, memDesc, b)[0];
  if (byteOffset)
    base = gepBytes(b, loc, base, i32Const(b, loc, byteOffset));
  return base;
}

Value mlir::triton::gpu::sharedAddress32(OpBuilder &b, Location loc,
                                         Value memDesc, int64_t byteOffset) {
  return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(),
                                  sharedPointer(b, loc, memDesc, byteOffset));
}

Value mlir::triton::gpu::isFirstThread(OpBuilder &b, Location loc) {
  Value tid = getThreadId(b, loc);
  // Masked below the thread count (a power of two), as upstream writes the
  // leader's test.
  Block *block = b.getInsertionBlock();
  if (Operation *scope = block ? block->getParentOp() : nullptr) {
    int threads = getNumWarps(scope) * getThreadsPerWarp(scope);
    if (llvm::isPowerOf2_32(threads))
      tid = LLVM::AndOp::create(b, loc, tid, i32Const(b, loc, threads - 1));
  }
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, tid,
                              i32Const(b, loc, 0));
}

//===----------------------------------------------------------------------===//
// Warp shuffles
//===----------------------------------------------------------------------===//

static Value shuffleCommon(OpBuilder &b, Location loc, Value v, Value offset,
                           NVVM::ShflKind kind, int clamp, int threadsPerWarp) {
  Type type = v.getType();
  unsigned bits =
      isa<LLVM::LLVMPointerType>(type) ? 64 : type.getIntOrFloatBitWidth();
  if (bits == 64) {
    Value i = bitcastTo(b, loc, v, b.getI64Type());
    Value lo = LLVM::TruncOp::create(b, loc, b.getI32Type(), i);
    Value hi = LLVM::TruncOp::create(
        b, loc, b.getI32Type(),
        LLVM::LShrOp::create(b, loc, i, i64Const(b, loc, 32)));
    lo = shuffleCommon(b, loc, lo, offset, kind, clamp, threadsPerWarp);
    hi = shuffleCommon(b, loc, hi, offset, kind, clamp, threadsPerWarp);
    Value r = LLVM::OrOp::create(
        b, loc, LLVM::ZExtOp::create(b, loc, b.getI64Type(), lo),
        LLVM::ShlOp::create(b, loc,
                            LLVM::ZExtOp::create(b, loc, b.getI64Type(), hi),
                            i64Const(b, loc, 32)));
    return bitcastTo(b, loc, r, type);
  }
  Value i32v = v;
  if (bits < 32) {
    Value asInt =
        type.isInteger(bits) ? v : bitcastTo(b, loc, v, b.getIntegerType(bits));
    i32v = LLVM::ZExtOp::create(b, loc, b.getI32Type(), asInt);
  } else if (!type.isInteger(32)) {
    i32v = bitcastTo(b, loc, v, b.getI32Type());
  }
  Value mask =
      i32Const(b, loc, threadsPerWarp == 32 ? -1 : (1LL << threadsPerWarp) - 1);
  Value r = NVVM::ShflOp::create(b, loc, b.getI32Type(), mask, i32v, offset,
                                 i32Const(b, loc, clamp), kind, UnitAttr());
  if (bits < 32) {
    r = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), r);
    return type.isInteger(bits) ? r : bitcastTo(b, loc, r, type);
  }
  return bitcastTo(b, loc, r, type);
}

Value mlir::triton::gpu::shuffleXor(OpBuilder &b, Location loc, Value v,
                                    int mask, int threadsPerWarp) {
  return shuffleCommon(b, loc, v, i32Const(b, loc, mask), NVVM::ShflKind::bfly,
                       0x1f, threadsPerWarp);
}
Value mlir::triton::gpu::shuffleUp(OpBuilder &b, Location loc, Value v,
                                   int delta, int threadsPerWarp) {
  return shuffleCommon(b, loc, v, i32Const(b, loc, delta), NVVM::ShflKind::up,
                       0x0, threadsPerWarp);
}
Value mlir::triton::gpu::shuffleIdx(OpBuilder &b, Location loc, Value v,
                                    Value lane, int threadsPerWarp) {
  return shuffleCommon(b, loc, v, lane, NVVM::ShflKind::idx, 0x1f,
                       threadsPerWarp);
}

//===----------------------------------------------------------------------===//
// Inline PTX
//===----------------------------------------------------------------------===//

SmallVector<Value>
mlir::triton::gpu::inlinePtx(OpBuilder &b, Location loc, StringRef asmText,
                             StringRef constraints, ValueRange operands,
                             TypeRange results, bool hasSideEffects,
                             bool userAsm) {
  MLIRContext *ctx = b.getContext();
  Type resultType;
  if (results.empty())
    resultType = LLVM::LLVMVoidType::get(ctx);
  else if (results.size() == 1)
    resultType = results.front();
  else
    resultType =
        LLVM::LLVMStructType::getLiteral(ctx, llvm::to_vector(results));
  auto dialect = LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT);
  auto op = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, asmText, constraints, hasSideEffects,
      /*is_align_stack=*/false, LLVM::TailCallKind::None, dialect,
      /*operand_attrs=*/userAsm ? ArrayAttr() : b.getArrayAttr({}));
  if (results.empty())
    return {};
  if (results.size() == 1)
    return {op.getResult(0)};
  SmallVector<Value> values;
  for (auto [i, t] : llvm::enumerate(results))
    values.push_back(LLVM::ExtractValueOp::create(
        b, loc, t, op.getResult(0), ArrayRef<int64_t>{(int64_t)i}));
  return values;
}

//===----------------------------------------------------------------------===//
// Scratch memory
//===----------------------------------------------------------------------===//

bool mlir::triton::gpu::conversionMovesOnlyRegisters(RankedTensorType src,
                                                     RankedTensorType dst) {
  std::optional<LinearLayout> s = getLayout(src), d = getLayout(dst);
  if (!s || !d)
    return false;
  MLIRContext *ctx = src.getContext();
  SmallVector<StringAttr> hw = {StringAttr::get(ctx, "lane"),
                                StringAttr::get(ctx, "warp"),
                                StringAttr::get(ctx, "block")};
  auto outs = llvm::to_vector(s->getOutDimNames());
  // The same elements in the same threads: only registers move.
  LinearLayout sHw = s->sublayout(hw, outs), dHw = d->sublayout(hw, outs);
  if (sHw != dHw)
    return false;
  // Every destination register must be found among the source registers.
  StringAttr reg = StringAttr::get(ctx, "register");
  LinearLayout sReg = s->sublayout({reg}, outs),
               dReg = d->sublayout({reg}, outs);
  std::set<SmallVector<int32_t>> srcCoords;
  for (int r = 0; r < sReg.getInDimSize(reg); ++r)
    srcCoords.insert(registerCoords(sReg, r));
  for (int r = 0; r < dReg.getInDimSize(reg); ++r)
    if (!srcCoords.count(registerCoords(dReg, r)))
      return false;
  return true;
}

std::optional<WarpShuffleConversion>
mlir::triton::gpu::planConversionShuffles(ConvertLayoutOp op) {
  RankedTensorType src = op.getSrc().getType(), dst = op.getType();
  std::optional<LinearLayout> s = getLayout(src), d = getLayout(dst);
  if (!s || !d)
    return std::nullopt;
  return planLoweredShuffles(*s, *d,
                             getShuffleElementBits(src.getElementType()),
                             op->hasAttr(kWarpShufflesAttrName));
}

bool mlir::triton::gpu::conversionStaysInWarps(const LinearLayout &src,
                                               const LinearLayout &dst) {
  StringAttr kWarp = StringAttr::get(
      (*src.getInDimNames().begin()).getContext(), "warp");
  std::optional<LinearLayout> map = dst.invertAndCompose(src);
  return map && map->isTrivialOver(kWarp) &&
         src.getFreeVariableMasks().lookup(kWarp) == 0 &&
         dst.getFreeVariableMasks().lookup(kWarp) == 0;
}

bool mlir::triton::gpu::conversionNeedsSharedMemory(ConvertLayoutOp op) {
  return !conversionMovesOnlyRegisters(op.getSrc().getType(), op.getType()) &&
         !planConversionShuffles(op);
}

static int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  return n;
}

/// Warps along `axis` of a layout: 2^(number of warp bases moving along it).
static int64_t warpsAlongAxis(const LinearLayout &layout, unsigned axis) {
  MLIRContext *ctx = layout.getOutDimNames().begin()->getContext();
  StringAttr warp = StringAttr::get(ctx, "warp");
  StringAttr block = StringAttr::get(ctx, "block");
  int64_t n = 1;
  for (StringAttr dim : {warp, block}) {
    if (!layout.hasInDim(dim))
      continue;
    for (int i = 0; i < layout.getInDimSizeLog2(dim); ++i)
      if (layout.getBasis(dim, i)[axis] != 0)
        n *= 2;
  }
  return n;
}

int64_t mlir::triton::gpu::scanSharedRuns(const LinearLayout &layout,
                                          unsigned axis, int64_t axisSize) {
  MLIRContext *ctx = layout.getOutDimNames().begin()->getContext();
  StringAttr warp = StringAttr::get(ctx, "warp");
  int64_t lowestWarpStep = 0;
  if (layout.hasInDim(warp))
    for (int i = 0; i < layout.getInDimSizeLog2(warp); ++i) {
      int64_t v = layout.getBasis(warp, i)[axis];
      if (v != 0 && (lowestWarpStep == 0 || v < lowestWarpStep))
        lowestWarpStep = v;
    }
  return lowestWarpStep ? std::max<int64_t>(1, axisSize / lowestWarpStep) : 0;
}

int64_t mlir::triton::gpu::getScratchSizeInBytes(Operation *op) {
  // The explicit captures a ttg.warp_specialize passes to its partitions,
  // a packed struct: scalars at their width, pointers and descriptors at 8
  // bytes, memdescs as upstream's {pointer, an i32 offset per dimension}
  // (ours send the pointer alone, the first 8 bytes).
  if (auto ws = dyn_cast<WarpSpecializeOp>(op)) {
    int64_t bytes = 0;
    for (Type type : ws.getExplicitCaptures().getTypes()) {
      if (type.isIntOrFloat())
        bytes += llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
      else if (auto memdesc = dyn_cast<MemDescType>(type))
        bytes += 8 + 4 * memdesc.getRank();
      else
        bytes += 8;
    }
    return bytes;
  }
  // A tensor map is put together in shared memory first.
  if (isa<nvidia_gpu::TensormapCreateOp>(op))
    return nvidia_gpu::kTensorMapBytes;
  if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
    RankedTensorType src = cvt.getSrc().getType(), dst = cvt.getType();
    if (!conversionNeedsSharedMemory(cvt))
      return 0;
    std::optional<LinearLayout> srcLayout = getLayout(src),
                                dstLayout = getLayout(dst);
    if (!srcLayout || !dstLayout)
      return product(src.getShape()) * getElementBytes(src);
    ScratchPlan plan = planScratch(*srcLayout, *dstLayout, src.getShape(),
                                   getElementBytes(src));
    return (int64_t(1) << plan.offsetBits) * getElementBytes(src);
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    auto src = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
    std::optional<LinearLayout> layout = getLayout(src);
    if (!layout)
      return 0;
    int64_t w = warpsAlongAxis(*layout, reduce.getAxis());
    if (w == 1)
      return 0;
    int64_t outElems =
        product(src.getShape()) / src.getShape()[reduce.getAxis()];
    int64_t bytes = 0;
    for (Value operand : reduce.getSrcs())
      bytes += outElems * w * getElementBytes(operand.getType());
    return bytes;
  }
  if (auto scan = dyn_cast<ScanOp>(op)) {
    auto src = cast<RankedTensorType>(scan.getSrcs()[0].getType());
    std::optional<LinearLayout> layout = getLayout(src);
    if (!layout)
      return 0;
    unsigned axis = scan.getAxis();
    if (axis >= src.getRank())
      return 0;
    int64_t runs = scanSharedRuns(*layout, axis, src.getShape()[axis]);
    if (runs == 0)
      return 0;
    int64_t outElems = product(src.getShape()) / src.getShape()[axis];
    int64_t bytes = 0;
    for (Value operand : scan.getSrcs())
      bytes += outElems * runs * getElementBytes(operand.getType());
    return bytes;
  }
  if (auto hist = dyn_cast<HistogramOp>(op)) {
    auto dst = cast<RankedTensorType>(hist.getType());
    return product(dst.getShape()) * 4;
  }
  if (auto gather = dyn_cast<GatherOp>(op)) {
    auto src = cast<RankedTensorType>(gather.getSrc().getType());
    return product(src.getShape()) * getElementBytes(src);
  }
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    Value result = op->getResult(0);
    if (result.use_empty())
      return 0;
    if (auto tensor = dyn_cast<RankedTensorType>(result.getType())) {
      std::optional<LinearLayout> layout = getLayout(tensor);
      if (!layout)
        return 0;
      // Threads holding copies of an element get the one atomic's result
      // through shared memory.
      auto masks = layout->getFreeVariableMasks();
      bool dup = false;
      for (auto [dim, mask] : masks)
        dup |= mask != 0;
      return dup ? product(tensor.getShape()) * getElementBytes(tensor) : 0;
    }
    return getElementBytes(result.getType());
  }
  return 0;
}

int64_t mlir::triton::gpu::getSharedBytesPerCTA(MemDescType type,
                                                ArrayRef<int64_t> shape) {
  SmallVector<int64_t> part(shape);
  Attribute enc = type.getEncoding();
  if (std::optional<unsigned> rank = getSharedEncodingRank(enc))
    part = getShapePerCTA(getCgaBases(enc, *rank), *rank, shape);
  Type elt = type.getElementType();
  int64_t bits = elt.isIntOrFloat() ? elt.getIntOrFloatBitWidth() : 64;
  return (product(part) * bits + 7) / 8;
}

int64_t mlir::triton::gpu::getLocalAllocSizeInBytes(Operation *op) {
  MemDescType type = cast<LocalAllocOp>(op).getType();
  if (auto padded =
          dyn_cast_or_null<PaddedSharedEncodingAttr>(type.getEncoding())) {
    // `padding` elements after every `interval` of them (none after the
    // last).
    int64_t elems = product(type.getAllocShape());
    int64_t total = elems;
    for (auto [interval, padding] :
         llvm::zip(padded.getIntervals(), padded.getPaddings()))
      total += (elems - 1) / interval * padding;
    Type elt = type.getElementType();
    int64_t bits = elt.isIntOrFloat() ? elt.getIntOrFloatBitWidth() : 64;
    return std::max<int64_t>(1, total * bits / 8);
  }
  int64_t bytes = getSharedBytesPerCTA(type, type.getAllocShape());
  // Padded fp4: each byte's two values take a byte each.
  if (auto nvmma =
          dyn_cast_or_null<NVMMASharedEncodingAttr>(type.getEncoding()))
    if (nvmma.getFp4Padded())
      bytes *= 2;
  return std::max<int64_t>(1, bytes);
}

int64_t mlir::triton::gpu::getLocalAllocAlignment(Operation *op) {
  auto alloc = cast<LocalAllocOp>(op);
  if (std::optional<uint32_t> alignment = alloc.getAlignment())
    return std::max<int64_t>(1, *alignment);
  Attribute encoding = alloc.getType().getEncoding();
  // A swizzled tile starts at a multiple of its swizzle pattern (8 rows of
  // the swizzle width).
  if (auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(encoding))
    return std::max<int64_t>(128, nvmma.getSwizzlingByteWidth() * 8);
  if (auto linear = dyn_cast_or_null<SharedLinearEncodingAttr>(encoding))
    return std::max<int64_t>(16, linear.getAlignment());
  return 16;
}

//===----------------------------------------------------------------------===//
// Shared-memory access plans
//===----------------------------------------------------------------------===//

/// Registers of `layout` that repeat a lower register (a zero register
/// basis is set in their index): their values need no store and can be
/// copied on load.
int mlir::triton::gpu::canonicalRegister(const LinearLayout &layout,
                                         StringAttr reg, int r) {
  for (int i = 0; i < layout.getInDimSizeLog2(reg); ++i)
    if ((r >> i & 1) &&
        llvm::all_of(layout.getBasis(reg, i), [](int32_t c) { return c == 0; }))
      r &= ~(1 << i);
  return r;
}

/// How the registers of a distributed tensor map onto a shared buffer:
/// `toOffset` takes (register, lane, warp, block) to the element offset, and
/// each run of `vec` registers from a multiple of `vec` on sits at
/// consecutive offsets, aligned, so one access of up to 16 bytes moves it.
FailureOr<SharedAccess>
mlir::triton::gpu::planSharedAccess(Operation *op, RankedTensorType tensorType,
                                    MemDescType memType) {
  std::optional<LinearLayout> tensor = getLayout(tensorType);
  std::optional<LinearLayout> shared =
      toLinearLayout(memType.getShape(), memType.getEncoding());
  if (!tensor)
    return op->emitError("cannot lay out ") << tensorType;
  if (!shared)
    return op->emitError("cannot lay out shared memory with ")
           << memType.getEncoding();
  MLIRContext *ctx = op->getContext();
  StringAttr offsetDim = StringAttr::get(ctx, "offset");
  StringAttr blockDim = StringAttr::get(ctx, "block");
  auto outs = llvm::to_vector(shared->getOutDimNames());
  std::optional<LinearLayout> toOffset;
  // A buffer every CTA of the cluster holds whole (its block bases zero):
  // each CTA's copy is laid out as a single CTA's buffer. Writing it takes
  // a tensor each CTA holds whole too.
  bool copiedPerCta = shared->hasInDim(blockDim) &&
                      shared->sublayoutIsZero({blockDim}, outs);
  if (copiedPerCta && !isa<LocalLoadOp>(op) && tensor->hasInDim(blockDim) &&
      !tensor->sublayoutIsZero({blockDim}, llvm::to_vector(
                                               tensor->getOutDimNames())))
    return op->emitError("each CTA's copy of the shared buffer needs the "
                         "whole tensor, which the cluster's CTAs split");
  if (!shared->hasInDim(blockDim) || shared->getInDimSize(blockDim) == 1 ||
      copiedPerCta) {
    LinearLayout offsets = shared->sublayout({offsetDim}, outs);
    if (!offsets.invert())
      return op->emitError("shared layout is not a bijection onto the buffer");
    toOffset = tensor->invertAndCompose(offsets);
    if (!toOffset)
      return op->emitError("the tensor does not fit the shared buffer");
  } else {
    // A buffer split over a cluster's CTAs (and copied where a block basis
    // is zero): each CTA's shared memory holds the part of the tensor its
    // block selects, which must be the part its threads hold.
    bool sameBlocks =
        tensor->hasInDim(blockDim) &&
        tensor->getInDimSize(blockDim) == shared->getInDimSize(blockDim);
    for (int i = 0; sameBlocks && i < shared->getInDimSizeLog2(blockDim); ++i)
      sameBlocks =
          tensor->getBasis(blockDim, i) == shared->getBasis(blockDim, i);
    if (!sameBlocks)
      return op->emitError("the tensor is split over the cluster's CTAs "
                           "otherwise than the shared buffer");
    // Within a CTA, the offsets of its part (the block's coordinates come
    // from the buffer the CTA addresses).
    LinearLayout offsets = shared->sublayout({offsetDim}, outs);
    SmallVector<std::pair<StringAttr, int32_t>> partDims;
    for (auto [dim, size] :
         llvm::zip(outs, shapePerCta(*shared, memType.getShape())))
      partDims.push_back({dim, int32_t(size)});
    FailureOr<LinearLayout> onPart = LinearLayout::tryCreate(
        offsets.getBases(), partDims, /*requireSurjective=*/true);
    if (failed(onPart) || !onPart->invert())
      return op->emitError("shared layout is not a bijection onto the "
                           "cluster's buffers");
    SmallVector<StringAttr> threadDims;
    for (StringAttr dim : tensor->getInDimNames())
      if (dim != blockDim)
        threadDims.push_back(dim);
    std::optional<LinearLayout> within =
        tensor->sublayout(threadDims, outs).invertAndCompose(offsets);
    if (!within)
      return op->emitError("the tensor does not fit the shared buffer");
    toOffset = *within * LinearLayout::zeros1D(tensor->getInDimSize(blockDim),
                                               blockDim, offsetDim);
  }
  SharedAccess access{*toOffset, 1};
  // Vectors: the lowest register bits are the lowest offset bits, and no
  // other input touches those offset bits.
  Type elt = tensorType.getElementType();
  if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() < 8)
    return access;
  unsigned bytes = getElementBytes(tensorType);
  StringAttr reg = StringAttr::get(ctx, "register");
  int regBits = toOffset->getInDimSizeLog2(reg);
  int bits = 0;
  while (bits < regBits && (bytes << (bits + 1)) <= 16 &&
         toOffset->getBasis(reg, bits)[0] == (1 << bits))
    ++bits;
  auto fits = [&](int b) {
    int32_t low = (1 << b) - 1;
    for (StringAttr dim : toOffset->getInDimNames())
      for (int i = 0; i < toOffset->getInDimSizeLog2(dim); ++i)
        if (!(dim == reg && i < b) && (toOffset->getBasis(dim, i)[0] & low))
          return false;
    return true;
  };
  while (bits > 0 && !fits(bits))
    --bits;
  access.vec = 1 << bits;
  return access;
}

/// This thread's part of `access.toOffset` (lane, warp and block).
Value mlir::triton::gpu::threadOffset(OpBuilder &b, Location loc,
                                      Operation *anchor,
                                      const LinearLayout &toOffset) {
  HardwareIds ids =
      getHardwareIds(b, loc, getThreadsPerWarp(anchor), getNumCTAs(anchor));
  MLIRContext *ctx = b.getContext();
  SmallVector<std::pair<StringAttr, Value>> ins;
  for (auto [name, v] :
       {std::pair{"lane", ids.lane}, std::pair{"warp", ids.warp},
        std::pair{"block", ids.block}})
    if (toOffset.hasInDim(StringAttr::get(ctx, name)))
      ins.push_back({StringAttr::get(ctx, name), v});
  return applyLinearLayout(b, loc, toOffset, ins)[0];
}

int32_t mlir::triton::gpu::threadOffsetBits(const LinearLayout &toOffset) {
  int32_t bits = 0;
  for (StringAttr dim : toOffset.getInDimNames())
    if (dim.getValue() != "register")
      for (int i = 0; i < toOffset.getInDimSizeLog2(dim); ++i)
        bits |= toOffset.getBasis(dim, i)[0];
  return bits;
}

/// The byte address of register `r`'s element.
Value mlir::triton::gpu::registerAddress(OpBuilder &b, Location loc, Value base,
                                         Value thread,
                                         const LinearLayout &toOffset, int r,
                                         unsigned bytes, int32_t extraBits) {
  SmallVector<std::pair<StringAttr, int32_t>> ins;
  for (StringAttr dim : toOffset.getInDimNames())
    ins.push_back({dim, dim.getValue() == "register" ? r : 0});
  int32_t constant = toOffset.apply(ins)[0].second;
  // The constant's bits no thread sets add (a displacement the load or store
  // takes whole); only the bits threads may set need the XOR.
  int32_t threadBits = threadOffsetBits(toOffset) | extraBits;
  int32_t mixed = constant & threadBits, disjoint = constant & ~threadBits;
  Value offset =
      mixed ? LLVM::XOrOp::create(b, loc, thread, i32Const(b, loc, mixed))
                  .getResult()
            : thread;
  Value addr = gepBytes(
      b, loc, base, LLVM::MulOp::create(b, loc, offset, i32Const(b, loc, bytes)));
  return disjoint ? gepBytes(b, loc, addr,
                             i32Const(b, loc, int64_t(disjoint) * bytes))
                  : addr;
}

//===----------------------------------------------------------------------===//
// ldmatrix
//===----------------------------------------------------------------------===//

std::optional<LdMatrixPlan>
mlir::triton::gpu::planLdMatrix(const LinearLayout &toOffset,
                                unsigned bitWidth) {
  if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32)
    return std::nullopt;
  MLIRContext *ctx = toOffset.getOutDimNames().begin()->getContext();
  StringAttr reg = StringAttr::get(ctx, "register"),
             lane = StringAttr::get(ctx, "lane");
  if (!toOffset.hasInDim(reg) || !toOffset.hasInDim(lane) ||
      toOffset.getInDimSizeLog2(lane) != 5 || toOffset.getNumOutDims() != 1)
    return std::nullopt;
  auto offsetOf = [&](StringAttr dim, int i) {
    return toOffset.getBasis(dim, i)[0];
  };
  int regBits = toOffset.getInDimSizeLog2(reg);
  int wordBits = llvm::Log2_32(32 / bitWidth);
  if (regBits < wordBits)
    return std::nullopt;
  // The 16-byte row's element bits, lowest first, and the bits that pick
  // the 8 rows of a matrix.
  SmallVector<std::pair<StringAttr, int>> inRow, rows;
  LdMatrixPlan plan;
  plan.wordBits = wordBits;
  auto fits = [&](ArrayRef<std::pair<StringAttr, int>> bits) {
    for (auto [k, bit] : llvm::enumerate(bits))
      if (offsetOf(bit.first, bit.second) != (1 << k))
        return false;
    return true;
  };
  for (int i = 0; i < wordBits; ++i)
    inRow.push_back({reg, i});
  inRow.append({{lane, 0}, {lane, 1}});
  rows = {{lane, 2}, {lane, 3}, {lane, 4}};
  if (!fits(inRow)) {
    if (bitWidth != 16)
      return std::nullopt;
    // Transposed: the lanes 2-4 run along the row.
    plan.trans = true;
    inRow = {{lane, 2}, {lane, 3}, {lane, 4}};
    rows = {{reg, 0}, {lane, 0}, {lane, 1}};
    if (!fits(inRow))
      return std::nullopt;
  }
  // Up to two more register bits number the matrices.
  for (int i = wordBits; i < regBits && plan.matrixRegBits.size() < 2; ++i)
    if (offsetOf(reg, i) != 0)
      plan.matrixRegBits.push_back(i);
  plan.num = 1 << plan.matrixRegBits.size();
  // Every row must start 16 bytes aligned: no basis but the row's own
  // elements may touch the low offset bits.
  int32_t lowMask = (int32_t(16 * 8 / bitWidth)) - 1;
  for (StringAttr dim : toOffset.getInDimNames())
    for (int i = 0; i < toOffset.getInDimSizeLog2(dim); ++i) {
      if (!llvm::is_contained(inRow, std::pair{dim, i}) &&
          (offsetOf(dim, i) & lowMask) != 0)
        return std::nullopt;
    }
  // The row a lane addresses.
  LinearLayout::BasesT bases;
  std::vector<std::vector<int32_t>> laneBases;
  for (auto [dim, i] : rows)
    laneBases.push_back({offsetOf(dim, i)});
  for (int m = 0; m < 2; ++m)
    laneBases.push_back({m < (int)plan.matrixRegBits.size()
                             ? offsetOf(reg, plan.matrixRegBits[m])
                             : 0});
  bases[lane] = std::move(laneBases);
  for (StringAttr dim : toOffset.getInDimNames()) {
    if (dim == reg || dim == lane)
      continue;
    std::vector<std::vector<int32_t>> dimBases;
    for (int i = 0; i < toOffset.getInDimSizeLog2(dim); ++i)
      dimBases.push_back({offsetOf(dim, i)});
    bases[dim] = std::move(dimBases);
  }
  StringAttr offset = *toOffset.getOutDimNames().begin();
  plan.rowOffsets =
      LinearLayout(std::move(bases), {{offset, toOffset.getOutDimSize(offset)}},
                   /*requireSurjective=*/false);
  return plan;
}

void mlir::triton::gpu::emitStMatrix(OpBuilder &b, Location loc,
                                     Operation *anchor,
                                     const LdMatrixPlan &plan,
                                     const LinearLayout &toOffset, Value base,
                                     ArrayRef<Value> values) {
  MLIRContext *ctx = b.getContext();
  StringAttr reg = StringAttr::get(ctx, "register");
  int n = toOffset.getInDimSize(reg);
  Value thread = threadOffset(b, loc, anchor, plan.rowOffsets);
  int32_t rowBits = threadOffsetBits(plan.rowOffsets);
  // The fragments are ldmatrix's: the same plan stores them.
  int covered = (1 << plan.wordBits) - 1;
  for (int bit : plan.matrixRegBits)
    covered |= 1 << bit;
  Type i16 = b.getIntegerType(16);
  Type pair = VectorType::get(2, i16);
  for (int r = 0; r < n; ++r) {
    if ((r & covered) || canonicalRegister(toOffset, reg, r) != r)
      continue;
    Value addr = registerAddress(b, loc, base, thread, toOffset, r, 2, rowBits);
    SmallVector<Value> words;
    for (int m = 0; m < plan.num; ++m) {
      int matrixReg = r;
      for (auto [k, bit] : llvm::enumerate(plan.matrixRegBits))
        if (m >> k & 1)
          matrixReg |= 1 << bit;
      Value word = LLVM::UndefOp::create(b, loc, pair);
      for (int e = 0; e < 2; ++e) {
        Value v = values[matrixReg | e];
        if (v.getType() != i16)
          v = LLVM::BitcastOp::create(b, loc, i16, v);
        word =
            LLVM::InsertElementOp::create(b, loc, word, v, i32Const(b, loc, e));
      }
      words.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), word));
    }
    NVVM::StMatrixOp::create(b, loc, addr, words,
                             plan.trans ? NVVM::MMALayout::col
                                        : NVVM::MMALayout::row,
                             NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
                             NVVM::LdStMatrixEltType::B16);
  }
}

SmallVector<Value> mlir::triton::gpu::emitLdMatrix(
    OpBuilder &b, Location loc, Operation *anchor, const LdMatrixPlan &plan,
    const LinearLayout &toOffset, Value base, Type elt,
    llvm::function_ref<bool(int)> loads) {
  MLIRContext *ctx = b.getContext();
  StringAttr reg = StringAttr::get(ctx, "register");
  int n = toOffset.getInDimSize(reg);
  unsigned bits = elt.getIntOrFloatBitWidth();
  Value thread = threadOffset(b, loc, anchor, plan.rowOffsets);
  int32_t rowBits = threadOffsetBits(plan.rowOffsets);
  // The bits one instruction covers: the word's and the matrices'.
  // (Transposed, register 0 picks the row: the word holds two rows'
  // halves.)
  int covered = (1 << plan.wordBits) - 1;
  for (int bit : plan.matrixRegBits)
    covered |= 1 << bit;
  Type i32 = b.getI32Type();
  Type resultTy =
      plan.num == 1
          ? i32
          : LLVM::LLVMStructType::getLiteral(
                ctx, SmallVector<Type>(plan.num, i32));
  Type wordTy = bits == 32 ? Type(i32)
                           : VectorType::get(32 / bits, b.getIntegerType(bits));
  SmallVector<Value> values(n);
  for (int r = 0; r < n; ++r) {
    if ((r & covered) ||
        (loads ? !loads(r) : canonicalRegister(toOffset, reg, r) != r))
      continue;
    Value addr = registerAddress(b, loc, base, thread, toOffset, r,
                                 bits / 8, rowBits);
    Value loaded = NVVM::LdMatrixOp::create(
        b, loc, resultTy, addr, plan.num,
        plan.trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (int m = 0; m < plan.num; ++m) {
      Value word = plan.num == 1 ? loaded
                                 : LLVM::ExtractValueOp::create(
                                       b, loc, loaded, ArrayRef<int64_t>{m})
                                       .getResult();
      Value parts = bits == 32
                        ? word
                        : LLVM::BitcastOp::create(b, loc, wordTy, word)
                              .getResult();
      int matrixReg = r;
      for (auto [k, bit] : llvm::enumerate(plan.matrixRegBits))
        if (m >> k & 1)
          matrixReg |= 1 << bit;
      for (int e = 0; e < 32 / (int)bits; ++e) {
        // The word's parts are the registers of its low register bits.
        int target = matrixReg | e;
        Value v = bits == 32 ? parts
                             : LLVM::ExtractElementOp::create(
                                   b, loc, parts, i32Const(b, loc, e))
                                   .getResult();
        if (v.getType() != elt)
          v = LLVM::BitcastOp::create(b, loc, elt, v);
        values[target] = v;
      }
    }
  }
  if (!loads)
    for (int r = 0; r < n; ++r)
      if (!values[r])
        values[r] = values[canonicalRegister(toOffset, reg, r)];
  return values;
}
