//===- LoadStoreOpToLLVM.cpp - global memory accesses ---------------------===//
//
// tt.load, tt.store, tt.atomic_rmw and tt.atomic_cas become predicated PTX
// (`@p ld.global.v4.b32 ...`), as Triton emits them. A thread accesses its
// registers in vectors of up to 128 bits where the pointers' axis info shows
// the addresses are contiguous and aligned, the layout keeps them in
// consecutive registers, and the mask is constant across the vector.
//
//===----------------------------------------------------------------------===//

#include "Analysis/AxisInfo.h"
#include "Dialect/NVGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Utility.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Elements per vector for accessing `ptr` (a tensor of pointers) under
/// `mask`: limited by the pointers' contiguity and alignment along the
/// fastest dimension, by the layout's consecutive registers, by 128 bits and
/// by the mask's constancy. `hint` is contiguity known otherwise (the
/// `contiguity` a pipelined copy carries from the load it replaced).
unsigned computeVectorSize(ModuleAxisInfoAnalysis &axisInfo, Value ptr,
                           Value mask, int64_t hint = 1) {
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return 1;
  std::optional<LinearLayout> layout = getLayout(type);
  if (!layout)
    return 1;
  auto ptrTy = cast<PointerType>(type.getElementType());
  unsigned bits = ptrTy.getPointeeType().getIntOrFloatBitWidth();
  unsigned bytes = std::max(1u, bits / 8);
  unsigned dim = getOrder(type)[0];

  int64_t vec = std::max(1u, 128 / std::max(bits, 8u));
  AxisInfo *info = axisInfo.getAxisInfo(ptr);
  if (!info)
    return 1;
  int64_t contiguity = info->getContiguity(dim);
  int64_t multiple = std::max<int64_t>(1, info->getDivisibility(dim) / bytes);
  vec = std::min(vec, std::max(std::min(contiguity, multiple), hint));

  // Registers consecutive along `dim`.
  MLIRContext *ctx = type.getContext();
  auto outs = llvm::to_vector(layout->getOutDimNames());
  SmallVector<StringAttr> reordered = {outs[dim]};
  for (auto [d, name] : llvm::enumerate(outs))
    if (d != dim)
      reordered.push_back(name);
  SmallVector<StringAttr> ins = {StringAttr::get(ctx, "register")};
  for (StringAttr in : layout->getInDimNames())
    if (in.getValue() != "register")
      ins.push_back(in);
  LinearLayout ordered = layout->transposeIns(ins).transposeOuts(reordered);
  vec = std::min<int64_t>(vec, ordered.getNumConsecutiveInOut());

  if (mask && isa<RankedTensorType>(mask.getType())) {
    if (AxisInfo *m = axisInfo.getAxisInfo(mask))
      vec = std::min<int64_t>(vec, m->getConstancy(dim));
    else
      vec = 1;
  }
  return std::max<int64_t>(1, llvm::bit_floor((uint64_t)vec));
}

} // namespace

/// Whether `op` may read or write shared memory when it runs: views,
/// allocations without a value and deallocations do not; ops with scratch
/// (an allocation offset), memdesc operands or regions may.
static bool mayTouchSharedMemory(Operation *op) {
  // An mbarrier's expectation is the issuing thread's own update of it.
  if (isa<LocalDeallocOp, MemDescIndexOp, MemDescTransOp, MemDescReshapeOp,
          MemDescSubsliceOp, MemDescReinterpretOp, nvidia_gpu::BarrierExpectOp>(
          op))
    return false;
  if (auto alloc = dyn_cast<LocalAllocOp>(op))
    return alloc.getSrc() != nullptr;
  if (op->getNumRegions() != 0 || getAllocationOffset(op))
    return true;
  auto isMemDesc = [](Type t) { return isa<MemDescType>(t); };
  return llvm::any_of(op->getOperandTypes(), isMemDesc) ||
         llvm::any_of(op->getResultTypes(), isMemDesc);
}

void mlir::triton::gpu::markSharedMemoryIdle(ModuleOp mod) {
  mod.walk([](Operation *op) {
    bool writesFirst =
        isa<AsyncCopyGlobalToLocalOp, LocalStoreOp, nvidia_gpu::InitBarrierOp,
            nvidia_gpu::TensormapCreateOp,
            nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op) ||
        (isa<LocalAllocOp>(op) && cast<LocalAllocOp>(op).getSrc()) ||
        (isa<ConvertLayoutOp>(op) && getAllocationOffset(op));
    if (!writesFirst)
      return;
    for (Operation *prev = op->getPrevNode(); prev;
         prev = prev->getPrevNode()) {
      // These end with a barrier of the whole CTA (the writes of a whole
      // tensor and an mbarrier's init end with one for their readers); an
      // async copy right after another (a group of copies, as the pipeliner
      // makes them) is covered by the barrier the first one starts with, if
      // it needs one.
      bool endsWithBarrier =
          isa<AsyncWaitOp, LocalBarrierOp, LocalStoreOp,
              nvidia_gpu::InitBarrierOp, nvidia_gpu::TensormapCreateOp>(prev) ||
          (isa<LocalAllocOp>(prev) && cast<LocalAllocOp>(prev).getSrc());
      bool sameGroup = (isa<AsyncCopyGlobalToLocalOp>(op) &&
                        isa<AsyncCopyGlobalToLocalOp>(prev)) ||
                       (isa<nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op) &&
                        isa<nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(prev));
      if (endsWithBarrier || sameGroup) {
        op->setAttr(kSharedIdleAttr, UnitAttr::get(op->getContext()));
        return;
      }
      if (mayTouchSharedMemory(prev))
        return;
    }
    // Nothing before it in its block: idle only at the start of a kernel,
    // its entry block (control flow is lowered by now: a loop body is a
    // block of the function too, entered again after its last reads).
    auto func = dyn_cast<FuncOp>(op->getParentOp());
    if (func && func.isPublic() && op->getBlock()->isEntryBlock())
      op->setAttr(kSharedIdleAttr, UnitAttr::get(op->getContext()));
  });
}

/// The register bits of `type`'s layout whose coordinates stay inside one
/// block of `constancy` elements along every dimension: blocks of powers of
/// two start at multiples of their size, so XORing such a coordinate into
/// any element's keeps it in its block.
static uint32_t equalRegisterBits(RankedTensorType type,
                                  ArrayRef<int64_t> constancy) {
  std::optional<LinearLayout> layout = getLayout(type);
  if (!layout || constancy.size() != size_t(type.getRank()))
    return 0;
  StringAttr reg = StringAttr::get(type.getContext(), "register");
  if (!layout->hasInDim(reg))
    return 0;
  uint32_t bits = 0;
  for (int i = 0; i < layout->getInDimSizeLog2(reg) && i < 32; ++i) {
    ArrayRef<int32_t> coords = layout->getBasis(reg, i);
    bool inside = true;
    for (auto [c, block] : llvm::zip(coords, constancy))
      inside &= c < int64_t(llvm::bit_floor(uint64_t(std::max<int64_t>(1, block))));
    if (inside)
      bits |= uint32_t(1) << i;
  }
  return bits;
}

LoweringHints mlir::triton::gpu::computeLoweringHints(ModuleOp mod) {
  ModuleAxisInfoAnalysis axisInfo(mod);
  LoweringHints hints;
  VectorSizes &sizes = hints.vectorSizes;
  mod.walk([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op))
      sizes[op] = computeVectorSize(axisInfo, load.getPtr(), load.getMask());
    else if (auto store = dyn_cast<StoreOp>(op))
      sizes[op] = computeVectorSize(axisInfo, store.getPtr(), store.getMask());
    else if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      sizes[op] = computeVectorSize(axisInfo, rmw.getPtr(), rmw.getMask());
    else if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op))
      sizes[op] = computeVectorSize(axisInfo, copy.getSrc(), copy.getMask(),
                                    copy.getContiguity());
    else if (op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
             isMemoryEffectFree(op)) {
      auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      AxisInfo *info = type ? axisInfo.getAxisInfo(op->getResult(0)) : nullptr;
      if (!info)
        return;
      if (uint32_t bits = equalRegisterBits(type, info->getConstancy()))
        hints.equalRegisterBits[op] = bits;
    }
  });
  return hints;
}

namespace {

/// Cache and eviction qualifiers of ld/st.
std::string cacheQualifiers(CacheModifier cache, EvictionPolicy evict,
                            bool store) {
  std::string q;
  switch (cache) {
  case CacheModifier::CA:
    q += store ? "" : ".ca";
    break;
  case CacheModifier::CG:
    q += ".cg";
    break;
  case CacheModifier::CS:
    q += ".cs";
    break;
  case CacheModifier::CV:
    q += store ? "" : ".cv";
    break;
  case CacheModifier::WB:
    q += store ? ".wb" : "";
    break;
  case CacheModifier::WT:
    q += store ? ".wt" : "";
    break;
  default:
    break;
  }
  if (evict == EvictionPolicy::EVICT_FIRST)
    q += ".L1::evict_first";
  else if (evict == EvictionPolicy::EVICT_LAST)
    q += ".L1::evict_last";
  return q;
}

/// From sm_80 an eviction policy also goes to L2, as a cache policy that
/// createpolicy makes (one per access, as upstream emits it): the 64-bit
/// policy, or null where there is none.
Value l2CachePolicy(OpBuilder &b, Location loc, EvictionPolicy evict,
                    int computeCapability) {
  if (computeCapability < 80 || (evict != EvictionPolicy::EVICT_FIRST &&
                                 evict != EvictionPolicy::EVICT_LAST))
    return {};
  std::string text =
      std::string("mov.u64 $0, 0x0;\n\tcreatepolicy.fractional.L2::") +
      (evict == EvictionPolicy::EVICT_FIRST ? "evict_first" : "evict_last") +
      ".b64 $0, 1.0;";
  return inlinePtx(b, loc, text, "=l", {}, {b.getI64Type()})[0];
}

/// How `vec` elements of `eltBits` are moved: `n` words of `wordBits`.
struct WordPlan {
  unsigned wordBits, n;
};
WordPlan planWords(unsigned vec, unsigned eltBits) {
  unsigned total = vec * std::max(eltBits, 8u);
  if (eltBits >= 64)
    return {64, vec};
  if (total <= 16)
    return {std::max(total, 8u) == 8 ? 8u : 16u, 1};
  return {32, total / 32};
}

Type wordType(OpBuilder &b, unsigned wordBits) {
  return b.getIntegerType(wordBits == 8 ? 16 : wordBits);
}

StringRef wordConstraint(unsigned wordBits) {
  return wordBits <= 16 ? "h" : wordBits == 32 ? "r" : "l";
}

/// Packs `values` (elements of `eltType`, already in memory form) into words.
SmallVector<Value> packWords(OpBuilder &b, Location loc, ArrayRef<Value> values,
                             Type eltType, WordPlan plan) {
  unsigned eltBits = std::max(8u, isa<LLVM::LLVMPointerType>(eltType)
                                      ? 64u
                                      : eltType.getIntOrFloatBitWidth());
  unsigned perWord = std::max(1u, plan.wordBits / eltBits);
  SmallVector<Value> words;
  Type intElt = b.getIntegerType(eltBits);
  for (unsigned w = 0; w < plan.n; ++w) {
    if (perWord == 1) {
      Value v = bitcastTo(b, loc, values[w], intElt);
      if (plan.wordBits == 8)
        v = LLVM::ZExtOp::create(b, loc, b.getI16Type(), v);
      words.push_back(v);
      continue;
    }
    auto vecTy = VectorType::get({(int64_t)perWord}, intElt);
    Value vec = LLVM::UndefOp::create(b, loc, vecTy);
    for (unsigned i = 0; i < perWord; ++i) {
      Value e = bitcastTo(b, loc, values[w * perWord + i], intElt);
      vec = LLVM::InsertElementOp::create(b, loc, vec, e, i32Const(b, loc, i));
    }
    words.push_back(
        LLVM::BitcastOp::create(b, loc, wordType(b, plan.wordBits), vec));
  }
  return words;
}

/// Unpacks words back into `vec` elements of `eltType` (memory form).
SmallVector<Value> unpackWords(OpBuilder &b, Location loc,
                               ArrayRef<Value> words, Type eltType,
                               WordPlan plan, unsigned vec) {
  unsigned eltBits = std::max(8u, isa<LLVM::LLVMPointerType>(eltType)
                                      ? 64u
                                      : eltType.getIntOrFloatBitWidth());
  unsigned perWord = std::max(1u, plan.wordBits / eltBits);
  Type intElt = b.getIntegerType(eltBits);
  SmallVector<Value> values;
  for (Value w : words) {
    if (perWord == 1) {
      Value v = w;
      if (plan.wordBits == 8)
        v = LLVM::TruncOp::create(b, loc, intElt, v);
      values.push_back(bitcastTo(b, loc, v, eltType));
      continue;
    }
    auto vecTy = VectorType::get({(int64_t)perWord}, intElt);
    Value v = LLVM::BitcastOp::create(b, loc, vecTy, w);
    for (unsigned i = 0; i < perWord; ++i) {
      Value e = LLVM::ExtractElementOp::create(b, loc, v, i32Const(b, loc, i));
      values.push_back(bitcastTo(b, loc, e, eltType));
    }
  }
  values.resize(vec);
  return values;
}

Value andPred(OpBuilder &b, Location loc, Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return LLVM::AndOp::create(b, loc, a, c);
}

/// Memory form of a register value: i1 as i8.
Value toMem(OpBuilder &b, Location loc, Value v) {
  return v.getType().isInteger(1)
             ? LLVM::ZExtOp::create(b, loc, b.getI8Type(), v)
             : v;
}
Type memType(OpBuilder &b, Type t) {
  return t.isInteger(1) ? b.getI8Type() : t;
}

/// Thread 0 only, for scalar stores and atomics.
Value isThreadZero(OpBuilder &b, Location loc) {
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                              getThreadId(b, loc), i32Const(b, loc, 0));
}

struct LoadOpConversion : public ConvertOpToLLVMPattern<LoadOp> {
  LoadOpConversion(LLVMTypeConverter &converter, const VectorSizes &sizes,
                   int computeCapability)
      : ConvertOpToLLVMPattern(converter), vectorSizes(sizes),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    if (isa<PointerType>(op.getPtr().getType()) &&
        isa<RankedTensorType>(
            cast<PointerType>(op.getPtr().getType()).getPointeeType()))
      return op.emitError("block pointers must be rewritten first "
                          "(triton-rewrite-tensor-pointer)");
    Type elt =
        getTypeConverter()->convertType(getElementTypeOrSelf(resultType));
    Type mem = memType(rewriter, elt);
    unsigned eltBits =
        isa<LLVM::LLVMPointerType>(mem) ? 64 : mem.getIntOrFloatBitWidth();
    auto ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getOther())
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    unsigned n = ptrs.size();
    unsigned vec = vectorSizes.lookup(op);
    if (vec == 0)
      vec = 1;
    WordPlan plan = planWords(vec, eltBits);
    std::string ld =
        std::string(op.getIsVolatile() ? "ld.volatile.global" : "ld.global") +
        cacheQualifiers(op.getCache(), op.getEvict(), false);
    std::string sizeSuffix;
    if (plan.n > 1)
      sizeSuffix += ".v" + std::to_string(plan.n);
    sizeSuffix += ".b" + std::to_string(plan.wordBits);
    std::string movTy = plan.wordBits <= 16   ? "u16"
                        : plan.wordBits == 32 ? "u32"
                                              : "u64";

    SmallVector<Value> results;
    for (unsigned r = 0; r < n; r += vec) {
      Value pred = masks.empty() ? Value() : masks[r];
      std::string text, cons;
      SmallVector<Value> operands;
      unsigned nOut = plan.n;
      std::string outs;
      for (unsigned w = 0; w < nOut; ++w) {
        cons += std::string(w ? "," : "") + "=" +
                wordConstraint(plan.wordBits).str();
        outs += std::string(w ? ", " : "") + "$" + std::to_string(w);
      }
      unsigned next = nOut;
      // Each output starts as `other` (0 without one), as upstream writes
      // it; unmasked, ptxas drops the dead move.
      {
        if (pred && !others.empty()) {
          SmallVector<Value> otherVals;
          for (unsigned i = 0; i < vec; ++i)
            otherVals.push_back(toMem(rewriter, loc, others[r + i]));
          SmallVector<Value> words =
              packWords(rewriter, loc, otherVals, mem, plan);
          for (unsigned w = 0; w < nOut; ++w) {
            text += "mov." + movTy + " $" + std::to_string(w) + ", $" +
                    std::to_string(next) + ";\n\t";
            cons += std::string(",") + wordConstraint(plan.wordBits).str();
            operands.push_back(words[w]);
            ++next;
          }
        } else {
          for (unsigned w = 0; w < nOut; ++w)
            text += "mov." + movTy + " $" + std::to_string(w) + ", 0x0;\n\t";
        }
      }
      unsigned ptrIdx = next++;
      operands.push_back(ptrs[r]);
      cons += ",l";
      Value policy = l2CachePolicy(rewriter, loc, op.getEvict(),
                                   computeCapability);
      std::string policyArg;
      if (policy) {
        policyArg = ", $" + std::to_string(next++);
        operands.push_back(policy);
        cons += ",l";
      }
      if (pred) {
        text += "@$" + std::to_string(next) + " ";
        operands.push_back(pred);
        cons += ",b";
      }
      text += ld + (policy ? ".L2::cache_hint" : "") + sizeSuffix + " { " +
              outs + " }, [ $" + std::to_string(ptrIdx) + " + 0 ]" +
              policyArg + ";";
      SmallVector<Type> wordTypes(nOut, wordType(rewriter, plan.wordBits));
      SmallVector<Value> words =
          inlinePtx(rewriter, loc, text, cons, operands, wordTypes);
      for (Value v : unpackWords(rewriter, loc, words, mem, plan, vec))
        results.push_back(
            elt.isInteger(1)
                ? LLVM::TruncOp::create(rewriter, loc, elt, v).getResult()
                : v);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }

  const VectorSizes &vectorSizes;
  int computeCapability;
};

struct StoreOpConversion : public ConvertOpToLLVMPattern<StoreOp> {
  StoreOpConversion(LLVMTypeConverter &converter, const VectorSizes &sizes,
                   int computeCapability)
      : ConvertOpToLLVMPattern(converter), vectorSizes(sizes),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type valueType = op.getValue().getType();
    if (isa<PointerType>(op.getPtr().getType()) &&
        isa<RankedTensorType>(
            cast<PointerType>(op.getPtr().getType()).getPointeeType()))
      return op.emitError("block pointers must be rewritten first "
                          "(triton-rewrite-tensor-pointer)");
    Type elt = getTypeConverter()->convertType(getElementTypeOrSelf(valueType));
    Type mem = memType(rewriter, elt);
    unsigned eltBits =
        isa<LLVM::LLVMPointerType>(mem) ? 64 : mem.getIntOrFloatBitWidth();
    auto ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    auto values = unpackLLElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    unsigned n = ptrs.size();
    unsigned vec = vectorSizes.lookup(op);
    if (vec == 0)
      vec = 1;
    WordPlan plan = planWords(vec, eltBits);

    // One thread of those holding the same element stores it.
    Value owner;
    int regFree = 0;
    if (auto tensor = dyn_cast<RankedTensorType>(valueType)) {
      std::optional<LinearLayout> layout = getLayout(tensor);
      owner = emitOwnerPredicate(rewriter, loc, *layout, getThreadsPerWarp(op),
                                 getNumCTAs(op));
      regFree = layout->getFreeVariableMasks().lookup(
          StringAttr::get(op.getContext(), "register"));
    } else {
      owner = isThreadZero(rewriter, loc);
    }
    std::string st =
        "st.global" + cacheQualifiers(op.getCache(), op.getEvict(), true);
    std::string sizeSuffix;
    if (plan.n > 1)
      sizeSuffix += ".v" + std::to_string(plan.n);
    sizeSuffix += ".b" + std::to_string(std::max(plan.wordBits, 8u));

    for (unsigned r = 0; r < n; r += vec) {
      if (r & regFree)
        continue;
      Value pred =
          andPred(rewriter, loc, masks.empty() ? Value() : masks[r], owner);
      SmallVector<Value> vals;
      for (unsigned i = 0; i < vec; ++i)
        vals.push_back(toMem(rewriter, loc, values[r + i]));
      SmallVector<Value> words = packWords(rewriter, loc, vals, mem, plan);
      std::string cons, list;
      SmallVector<Value> operands;
      for (unsigned w = 0; w < plan.n; ++w) {
        cons += std::string(w ? "," : "") + wordConstraint(plan.wordBits).str();
        list += std::string(w ? ", " : "") + "$" + std::to_string(w);
        operands.push_back(words[w]);
      }
      unsigned ptrIdx = plan.n, next = ptrIdx + 1;
      operands.push_back(ptrs[r]);
      cons += ",l";
      Value policy = l2CachePolicy(rewriter, loc, op.getEvict(),
                                   computeCapability);
      std::string policyArg;
      if (policy) {
        policyArg = ", $" + std::to_string(next++);
        operands.push_back(policy);
        cons += ",l";
      }
      std::string text;
      if (pred) {
        text = "@$" + std::to_string(next) + " ";
        operands.push_back(pred);
        cons += ",b";
      }
      text += st + (policy ? ".L2::cache_hint" : "") + sizeSuffix + " [ $" +
              std::to_string(ptrIdx) + " + 0 ], " + "{ " + list + " }" +
              policyArg + ";";
      inlinePtx(rewriter, loc, text, cons, operands, {});
    }
    rewriter.eraseOp(op);
    return success();
  }

  const VectorSizes &vectorSizes;
  int computeCapability;
};

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// The state space, semantics and scope of an atom, in upstream's order:
/// `.global.gpu.acq_rel` for read-modify-writes, `.global.acq_rel.gpu` for
/// compare-and-swap (`semanticsFirst`).
std::string semScope(MemSemantic sem, MemSyncScope scope,
                     bool semanticsFirst = false) {
  std::string scopeText;
  switch (scope) {
  case MemSyncScope::GPU:
    scopeText = ".gpu";
    break;
  case MemSyncScope::CTA:
    scopeText = ".cta";
    break;
  case MemSyncScope::SYSTEM:
    scopeText = ".sys";
    break;
  }
  std::string semText;
  switch (sem) {
  case MemSemantic::RELAXED:
    semText = ".relaxed";
    break;
  case MemSemantic::ACQUIRE:
    semText = ".acquire";
    break;
  case MemSemantic::RELEASE:
    semText = ".release";
    break;
  case MemSemantic::ACQUIRE_RELEASE:
    semText = ".acq_rel";
    break;
  }
  return ".global" +
         (semanticsFirst ? semText + scopeText : scopeText + semText);
}

FailureOr<std::string> rmwSuffix(Operation *op, RMWOp kind, Type elt) {
  unsigned bits = elt.getIntOrFloatBitWidth();
  std::string b = std::to_string(bits);
  bool isFloat = isa<FloatType>(elt);
  switch (kind) {
  case RMWOp::AND:
    return ".and.b" + b;
  case RMWOp::OR:
    return ".or.b" + b;
  case RMWOp::XOR:
    return ".xor.b" + b;
  case RMWOp::ADD:
    return ".add.u" + b;
  case RMWOp::FADD:
    if (elt.isF16())
      return std::string(".add.noftz.f16");
    if (elt.isBF16())
      return std::string(".add.noftz.bf16");
    return ".add.f" + b;
  case RMWOp::MAX:
    return isFloat ? ".max.f" + b : ".max.s" + b;
  case RMWOp::MIN:
    return isFloat ? ".min.f" + b : ".min.s" + b;
  case RMWOp::UMAX:
    return ".max.u" + b;
  case RMWOp::UMIN:
    return ".min.u" + b;
  case RMWOp::XCHG:
    return ".exch.b" + b;
  }
  return op->emitError("unknown atomic kind");
}

/// One atomic the PTX way cannot express: given the predicate (null for
/// always), the pointer and the operands of one element, the old value.
using AtomicEmitter =
    std::function<Value(Value pred, Value ptr, ArrayRef<Value> args)>;

/// One atomic on several consecutive elements: given the predicate (null for
/// always), the first element's pointer and the elements' operands, their
/// old values.
using VectorAtomicEmitter = std::function<SmallVector<Value>(
    Value pred, Value ptr, ArrayRef<SmallVector<Value>> args)>;

/// Shared code of atomic_rmw and atomic_cas: one PTX atom per element, run by
/// the thread that owns it; the result, when used, is shared with the
/// threads holding copies of the element through scratch shared memory.
template <typename OpTy>
struct AtomicConversionBase : public ConvertOpToLLVMPattern<OpTy> {
  using ConvertOpToLLVMPattern<OpTy>::ConvertOpToLLVMPattern;

  /// Each element's atomic is `atom<instr>` in inline PTX, or what `emit`
  /// builds when given.
  LogicalResult lower(OpTy op, ValueRange ptrs,
                      ArrayRef<SmallVector<Value>> args, ArrayRef<Value> masks,
                      StringRef instr, ConversionPatternRewriter &rewriter,
                      const AtomicEmitter &emit = nullptr, unsigned vec = 1,
                      const VectorAtomicEmitter &emitVector = nullptr) const {
    Location loc = op.getLoc();
    Type resultType = op.getType();
    Type elt =
        this->getTypeConverter()->convertType(getElementTypeOrSelf(resultType));
    unsigned bits = elt.getIntOrFloatBitWidth();
    StringRef c = wordConstraint(bits);
    Type word = rewriter.getIntegerType(std::max(bits, 16u));
    auto tensor = dyn_cast<RankedTensorType>(resultType);
    Value owner;
    int regFree = 0;
    bool copies = false;
    if (tensor) {
      std::optional<LinearLayout> layout = getLayout(tensor);
      owner = emitOwnerPredicate(rewriter, loc, *layout, getThreadsPerWarp(op),
                                 getNumCTAs(op));
      regFree = layout->getFreeVariableMasks().lookup(
          StringAttr::get(op.getContext(), "register"));
      copies = owner != nullptr;
    } else {
      owner = isThreadZero(rewriter, loc);
      copies = true;
    }
    bool needResult = !op.getResult().use_empty();
    SmallVector<Value> results(ptrs.size());
    for (unsigned r = 0; r < ptrs.size(); ++r) {
      if (r & regFree)
        continue;
      Value pred =
          andPred(rewriter, loc, masks.empty() ? Value() : masks[r], owner);
      if (emitVector && vec > 1) {
        // Registers r..r+vec-1: consecutive addresses, one mask.
        if (r % vec)
          continue;
        SmallVector<Value> old =
            emitVector(pred, ptrs[r], args.slice(r, vec));
        for (unsigned i = 0; i < vec; ++i)
          results[r + i] = old[i];
        continue;
      }
      if (emit) {
        results[r] = emit(pred, ptrs[r], args[r]);
        continue;
      }
      std::string text =
          "mov.u" + std::to_string(std::max(bits, 16u)) + " $0, 0x0;\n\t";
      std::string cons = ("=" + c).str();
      SmallVector<Value> operands = {ptrs[r]};
      cons += ",l";
      std::string argList;
      for (auto [i, a] : llvm::enumerate(args[r])) {
        unsigned ab;
        Value v = bitcastTo(rewriter, loc, a, rewriter.getIntegerType(bits));
        (void)ab;
        if (bits < 16)
          v = LLVM::ZExtOp::create(rewriter, loc, word, v);
        operands.push_back(v);
        cons += ("," + c).str();
        argList += ", $" + std::to_string(2 + i);
      }
      unsigned predIdx = 1 + operands.size();
      if (pred) {
        operands.push_back(pred);
        cons += ",b";
        text += "@$" + std::to_string(predIdx) + " ";
      }
      text += "atom" + instr.str() + " $0, [ $1 + 0 ]" + argList + ";";
      Value v = inlinePtx(rewriter, loc, text, cons, operands, word)[0];
      if (bits < 16)
        v = LLVM::TruncOp::create(rewriter, loc, rewriter.getIntegerType(bits),
                                  v);
      results[r] = bitcastTo(rewriter, loc, v, elt);
    }
    if (!needResult) {
      // The op's value is unused; give it the raw results.
      for (Value &v : results)
        if (!v)
          v = zeroOf(rewriter, loc, elt);
      rewriter.replaceOp(op, packLLElements(loc, this->getTypeConverter(),
                                            results, rewriter, resultType));
      return success();
    }
    if (!copies && regFree == 0) {
      rewriter.replaceOp(op, packLLElements(loc, this->getTypeConverter(),
                                            results, rewriter, resultType));
      return success();
    }
    // Share the owners' results through shared memory.
    Value base = getSharedAddress(rewriter, loc, op);
    if (!base)
      return op.emitError("no shared memory planned for this atomic");
    unsigned bytes = getElementBytes(elt);
    if (!tensor) {
      emitBarrier(rewriter, loc);
      storeShared(rewriter, loc, base, results[0], owner);
      emitBarrier(rewriter, loc);
      rewriter.replaceOp(op, loadShared(rewriter, loc, base, elt));
      return success();
    }
    auto coords = emitIndices(rewriter, loc, tensor);
    ArrayRef<int64_t> shape = tensor.getShape();
    auto offsetOf = [&](ArrayRef<Value> c) {
      Value off;
      int64_t stride = 1;
      for (int d = shape.size() - 1; d >= 0; --d) {
        Value t = LLVM::MulOp::create(rewriter, loc, c[d],
                                      i32Const(rewriter, loc, stride * bytes));
        off = off ? LLVM::AddOp::create(rewriter, loc, off, t).getResult() : t;
        stride *= shape[d];
      }
      return gepBytes(rewriter, loc, base, off);
    };
    emitBarrier(rewriter, loc);
    for (unsigned r = 0; r < results.size(); ++r)
      if (results[r])
        storeShared(rewriter, loc, offsetOf(coords[r]), results[r], owner);
    emitBarrier(rewriter, loc);
    SmallVector<Value> shared;
    for (unsigned r = 0; r < results.size(); ++r)
      shared.push_back(loadShared(rewriter, loc, offsetOf(coords[r]), elt));
    rewriter.replaceOp(op, packLLElements(loc, this->getTypeConverter(), shared,
                                          rewriter, resultType));
    return success();
  }
};

struct AtomicRMWOpConversion : public AtomicConversionBase<AtomicRMWOp> {
  AtomicRMWOpConversion(TritonGPUToLLVMTypeConverter &converter,
                        const VectorSizes &vectorSizes, int capability,
                        int ptxVersion)
      : AtomicConversionBase(converter), vectorSizes(vectorSizes),
        capability(capability), ptxVersion(ptxVersion) {}

  /// How many consecutive elements one `atom` adds: float adds of
  /// contiguous, equally masked elements, as upstream vectorizes them. On
  /// sm_90 with PTX 8.1 `atom.add.v2/.v4.f32` and `.v2/.v4/.v8` of f16 and
  /// bf16 (at most 128 bits); otherwise f16 pairs packed in one 32-bit word
  /// (`atom.add.noftz.f16x2`).
  bool hasVectorAtomics(int target) const {
    return target >= 90 && ptxVersion >= 81;
  }
  unsigned vectorWidth(AtomicRMWOp op, Type elt, int target) const {
    if (op.getAtomicRmwOp() != RMWOp::FADD ||
        !isa<RankedTensorType>(op.getType()))
      return 1;
    unsigned vec = std::max(1u, vectorSizes.lookup(op));
    unsigned bits = elt.getIntOrFloatBitWidth();
    if (hasVectorAtomics(target) &&
        (elt.isF32() || elt.isF16() || elt.isBF16()))
      return std::min(vec, 128 / bits);
    if (elt.isF16() && vec >= 2)
      return 2;
    return 1;
  }

  /// One vector (or packed-pair) atomic add of `vals` at `ptr`.
  SmallVector<Value> emitVectorAdd(ConversionPatternRewriter &rewriter,
                                   Location loc, AtomicRMWOp op, Type elt,
                                   int target, Value pred, Value ptr,
                                   ArrayRef<SmallVector<Value>> vals) const {
    unsigned vec = vals.size();
    unsigned bits = elt.getIntOrFloatBitWidth();
    std::string sem = semScope(op.getSem(), op.getScope());
    std::string type = elt.isF32() ? "f32" : elt.isF16() ? "f16" : "bf16";
    std::string add = elt.isF32() ? ".add" : ".add.noftz";
    SmallVector<Value> operands = {ptr};
    if (!hasVectorAtomics(target)) {
      // A pair in one word: f16x2.
      auto pairType = VectorType::get({2}, elt);
      Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
      for (unsigned i = 0; i < 2; ++i)
        pair = LLVM::InsertElementOp::create(rewriter, loc, pair, vals[i][0],
                                             i32Const(rewriter, loc, i));
      operands.push_back(pair);
      std::string text = "mov.u32 $0, 0x0;\n\t";
      std::string cons = "=r,l,r";
      if (pred) {
        operands.push_back(pred);
        cons += ",b";
        text += "@$3 ";
      }
      text += "atom" + sem + add + "." + type + "x2 $0, [ $1 + 0 ], $2;";
      Value old = inlinePtx(rewriter, loc, text, cons, operands, pairType)[0];
      SmallVector<Value> out;
      for (unsigned i = 0; i < 2; ++i)
        out.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, old, i32Const(rewriter, loc, i)));
      return out;
    }
    StringRef c = wordConstraint(bits);
    std::string text, cons, outs, ins;
    for (unsigned i = 0; i < vec; ++i) {
      text += "mov.u" + std::to_string(std::max(bits, 16u)) + " $" +
              std::to_string(i) + ", 0x0;\n\t";
      cons += std::string(i ? "," : "") + "=" + c.str();
      outs += std::string(i ? ", " : "") + "$" + std::to_string(i);
    }
    cons += ",l";
    for (unsigned i = 0; i < vec; ++i) {
      operands.push_back(vals[i][0]);
      cons += "," + c.str();
      ins += std::string(i ? ", " : "") + "$" + std::to_string(vec + 1 + i);
    }
    if (pred) {
      operands.push_back(pred);
      cons += ",b";
      text += "@$" + std::to_string(2 * vec + 1) + " ";
    }
    text += "atom" + sem + add + ".v" + std::to_string(vec) + "." + type +
            " { " + outs + " }, [ $" + std::to_string(vec) + " + 0 ], { " +
            ins + " };";
    SmallVector<Type> types(vec, elt);
    return inlinePtx(rewriter, loc, text, cons, operands, types);
  }

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elt = getElementTypeOrSelf(op.getType());
    auto ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    auto vals = unpackLLElements(loc, adaptor.getVal(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    SmallVector<SmallVector<Value>> args;
    for (Value v : vals)
      args.push_back({v});
    // PTX has atom.add.noftz.bf16 from sm_90 on; before, LLVM's atomicrmw
    // (which the NVPTX back end expands into a compare-and-swap loop). The
    // module's own target decides, the pass's option where it names none.
    int target = getCudaCapability(op).value_or(capability);
    // Adding a constant 0 to a scalar with acquire or relaxed semantics
    // reads it: an `ld.acquire` (or relaxed) instead of an atomic, as
    // upstream lowers it.
    if (isAddOfZeroLoad(op)) {
      auto sem = op.getSem() == MemSemantic::ACQUIRE
                     ? nvgpu::MemSemantic::ACQUIRE
                     : nvgpu::MemSemantic::RELAXED;
      nvgpu::MemSyncScope scope = nvgpu::MemSyncScope::GPU;
      if (op.getScope() == MemSyncScope::CTA)
        scope = nvgpu::MemSyncScope::CTA;
      else if (op.getScope() == MemSyncScope::SYSTEM)
        scope = nvgpu::MemSyncScope::SYSTEM;
      Type loaded = getTypeConverter()->convertType(elt);
      return lower(op, ptrs, args, masks, "", rewriter,
                   [&](Value pred, Value ptr, ArrayRef<Value>) -> Value {
                     return nvgpu::LoadAcquireOp::create(rewriter, loc, loaded,
                                                         ptr, pred, sem, scope);
                   });
    }
    if (op.getAtomicRmwOp() == RMWOp::FADD && elt.isBF16() && target < 90)
      return lower(op, ptrs, args, masks, "", rewriter,
                   [&](Value pred, Value ptr, ArrayRef<Value> operands) {
                     return emitAtomicRMW(rewriter, loc, op, pred, ptr,
                                          operands.front());
                   });
    FailureOr<std::string> suffix = rmwSuffix(op, op.getAtomicRmwOp(), elt);
    if (failed(suffix))
      return failure();
    unsigned vec = vectorWidth(op, elt, target);
    return lower(
        op, ptrs, args, masks, semScope(op.getSem(), op.getScope()) + *suffix,
        rewriter, nullptr, vec,
        [&](Value pred, Value ptr, ArrayRef<SmallVector<Value>> vals) {
          return emitVectorAdd(rewriter, loc, op, elt, target, pred, ptr,
                               vals);
        });
  }

  /// Whether `op` adds a constant 0 to one scalar with acquire or relaxed
  /// semantics: a load.
  static bool isAddOfZeroLoad(AtomicRMWOp op) {
    if (isa<RankedTensorType>(op.getType()) ||
        (op.getAtomicRmwOp() != RMWOp::ADD &&
         op.getAtomicRmwOp() != RMWOp::FADD) ||
        (op.getSem() != MemSemantic::ACQUIRE &&
         op.getSem() != MemSemantic::RELAXED))
      return false;
    Type elt = op.getType();
    if (!elt.isIntOrFloat())
      return false;
    unsigned bits = elt.getIntOrFloatBitWidth();
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
      return false;
    return matchPattern(op.getVal(), m_Zero()) ||
           matchPattern(op.getVal(), m_AnyZeroFloat());
  }

  /// An `llvm.atomicrmw fadd` of `val` at `ptr`, run only where `pred`
  /// holds (elsewhere the old value reads as zero).
  static Value emitAtomicRMW(ConversionPatternRewriter &rewriter, Location loc,
                             AtomicRMWOp op, Value pred, Value ptr, Value val) {
    LLVM::AtomicOrdering ordering = LLVM::AtomicOrdering::acq_rel;
    switch (op.getSem()) {
    case MemSemantic::RELAXED:
      ordering = LLVM::AtomicOrdering::monotonic;
      break;
    case MemSemantic::ACQUIRE:
      ordering = LLVM::AtomicOrdering::acquire;
      break;
    case MemSemantic::RELEASE:
      ordering = LLVM::AtomicOrdering::release;
      break;
    case MemSemantic::ACQUIRE_RELEASE:
      break;
    }
    StringRef scope;
    switch (op.getScope()) {
    case MemSyncScope::GPU:
      scope = "device";
      break;
    case MemSyncScope::CTA:
      scope = "block";
      break;
    case MemSyncScope::SYSTEM:
      break;
    }
    auto atomic = [&] {
      return LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::fadd,
                                       ptr, val, ordering, scope)
          .getResult();
    };
    if (!pred)
      return atomic();
    Block *current = rewriter.getInsertionBlock();
    Block *after = rewriter.splitBlock(current, rewriter.getInsertionPoint());
    Value old = after->addArgument(val.getType(), loc);
    Block *then = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(then);
    LLVM::BrOp::create(rewriter, loc, ValueRange{atomic()}, after);
    rewriter.setInsertionPointToEnd(current);
    Value zero = LLVM::ZeroOp::create(rewriter, loc, val.getType());
    LLVM::CondBrOp::create(rewriter, loc, pred, then, ValueRange{}, after,
                           ValueRange{zero});
    rewriter.setInsertionPointToStart(after);
    return old;
  }

private:
  const VectorSizes &vectorSizes;
  int capability;
  int ptxVersion;
};

struct AtomicCASOpConversion : public AtomicConversionBase<AtomicCASOp> {
  using AtomicConversionBase::AtomicConversionBase;
  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elt = getElementTypeOrSelf(op.getType());
    auto ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    auto cmps = unpackLLElements(loc, adaptor.getCmp(), rewriter);
    auto vals = unpackLLElements(loc, adaptor.getVal(), rewriter);
    SmallVector<SmallVector<Value>> args;
    for (auto [c, v] : llvm::zip(cmps, vals))
      args.push_back({c, v});
    std::string instr = semScope(op.getSem(), op.getScope(),
                                 /*semanticsFirst=*/true) +
                        ".cas.b" + std::to_string(elt.getIntOrFloatBitWidth());
    return lower(op, ptrs, args, {}, instr, rewriter);
  }
};

//===----------------------------------------------------------------------===//
// Asynchronous copies (cp.async)
//===----------------------------------------------------------------------===//

/// Whether `v` is a zero constant (scalar or splat).
bool isZeroConstant(Value v) {
  return matchPattern(v, m_Zero()) || matchPattern(v, m_AnyZeroFloat());
}

/// ttg.async_copy_global_to_local: one cp.async per vector of consecutive
/// registers that are consecutive in the shared buffer too, after a barrier.
/// A masked-off vector copies 0 source bytes, which fills the destination
/// with zeros.
struct AsyncCopyGlobalToLocalOpConversion
    : public ConvertOpToLLVMPattern<AsyncCopyGlobalToLocalOp> {
  AsyncCopyGlobalToLocalOpConversion(LLVMTypeConverter &converter,
                                     const VectorSizes &sizes)
      : ConvertOpToLLVMPattern(converter), vectorSizes(sizes) {}

  LogicalResult
  matchAndRewrite(AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto memType = cast<MemDescType>(op.getResult().getType());
    Type elt = memType.getElementType();
    if (!elt.isIntOrFloat() || elt.getIntOrFloatBitWidth() < 8)
      return op.emitError("cp.async copies elements of 8 bits or more, not ")
             << elt;
    if (op.getOther() && !isZeroConstant(op.getOther()))
      return op.emitError("cp.async fills masked-off elements with zeros; "
                          "'other' must be a zero constant");
    unsigned bytes = elt.getIntOrFloatBitWidth() / 8;
    auto asTensor =
        RankedTensorType::get(srcType.getShape(), elt, srcType.getEncoding());
    FailureOr<SharedAccess> access = planSharedAccess(op, asTensor, memType);
    if (failed(access))
      return failure();
    unsigned vec =
        std::min<unsigned>(access->vec, std::max(1u, vectorSizes.lookup(op)));
    while (vec > 1 && vec * bytes > 16)
      vec /= 2;
    unsigned copyBytes = vec * bytes;
    if (copyBytes < 4)
      return op.emitError("cp.async moves 4, 8 or 16 bytes; this copy's "
                          "layouts give vectors of ")
             << copyBytes << " bytes";
    auto ptrs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    Value base = unpackLLElements(loc, adaptor.getResult(), rewriter)[0];
    Value thread = threadOffset(rewriter, loc, op, access->toOffset);
    StringAttr reg = rewriter.getStringAttr("register");
    bool cg = copyBytes == 16 && op.getCache() != CacheModifier::CA;
    // The source size is the copy's (an immediate) unless masked.
    std::string size = "0x" + llvm::utohexstr(copyBytes, /*LowerCase=*/true);
    std::string text = std::string("cp.async.") + (cg ? "cg" : "ca") +
                       ".shared.global [ $0 + 0 ], [ $1 + 0 ], " + size +
                       ", " + (masks.empty() ? size : std::string("$2")) + ";";
    Value full, none;
    if (!masks.empty()) {
      full = i32Const(rewriter, loc, copyBytes);
      none = i32Const(rewriter, loc, 0);
    }
    // Other threads may still read the buffer (a pipelined loop refills the
    // slot it has just read): they finish first, unless nothing touched
    // shared memory since the last barrier or the copy shares that of the
    // copy before it (markSharedMemoryIdle).
    if (!op->hasAttr(kSharedIdleAttr))
      emitBarrier(rewriter, loc);
    for (unsigned r = 0; r < ptrs.size(); r += vec) {
      if (canonicalRegister(access->toOffset, reg, r) != int(r))
        continue;
      Value dst = registerAddress(rewriter, loc, base, thread, access->toOffset,
                                  r, bytes);
      Value dstAddr =
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), dst);
      if (masks.empty()) {
        inlinePtx(rewriter, loc, text, "r,l", {dstAddr, ptrs[r]}, {});
        continue;
      }
      Value srcSize =
          LLVM::SelectOp::create(rewriter, loc, masks[r], full, none);
      inlinePtx(rewriter, loc, text, "r,l,r", {dstAddr, ptrs[r], srcSize}, {});
    }
    rewriter.replaceOp(op, i32Const(rewriter, loc, 0));
    return success();
  }

  const VectorSizes &vectorSizes;
};

struct AsyncCommitGroupOpConversion
    : public ConvertOpToLLVMPattern<AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncCommitGroupOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
    rewriter.replaceOp(op, i32Const(rewriter, loc, 0));
    return success();
  }
};

/// Waits until at most `num` committed groups are pending, then a barrier
/// makes every thread's finished copies visible to all.
struct AsyncWaitOpConversion : public ConvertOpToLLVMPattern<AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc,
                                     rewriter.getI32IntegerAttr(op.getNum()));
    emitBarrier(rewriter, loc);
    rewriter.replaceOp(op, i32Const(rewriter, loc, 0));
    return success();
  }
};

} // namespace

void mlir::triton::gpu::populateLoadStoreOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target, const VectorSizes &vectorSizes) {
  patterns.add<LoadOpConversion, StoreOpConversion>(converter, vectorSizes,
                                                    target.computeCapability);
  patterns.add<AsyncCopyGlobalToLocalOpConversion>(converter, vectorSizes);
  patterns.add<AtomicCASOpConversion, AsyncCommitGroupOpConversion,
               AsyncWaitOpConversion>(converter);
  patterns.add<AtomicRMWOpConversion>(converter, vectorSizes,
                                      target.computeCapability,
                                      target.ptxVersion);
}
