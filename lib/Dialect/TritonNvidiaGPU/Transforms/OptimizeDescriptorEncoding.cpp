//===- OptimizeDescriptorEncoding.cpp - shared layouts of descriptors -----===//
//
// triton-nvidia-optimize-descriptor-encoding: gives the block of every
// !tt.tensordesc the shared layout its TMA copies use. The descriptors that
// must agree (a kernel argument and the loop-carried values, branches and
// calls it flows through, or a tt.make_tensor_descriptor and its uses) form
// one group; a group takes the #ttg.nvmma_shared layout its loads' results
// are allocated in when they all agree, else the default NVMMA layout of
// the block (row-major, the widest swizzle its rows fill). In a cluster
// (`ttg.num-ctas` > 1) the default splits the block over the CTAs as the
// tensors its copies read or write are split (each CTA copies its part),
// else every CTA copies all of it. A layout already on a descriptor of the
// group wins. The host's tensor map (tensordesc_meta)
// and the device's (ttng.tensormap_create) are encoded from it.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/Transforms/Utility.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::triton::nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZEDESCRIPTORENCODING
#include "Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::nvidia_gpu

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

bool isDesc(Value v) { return isa<TensorDescType>(v.getType()); }

/// The descriptor values of a module, grouped by what must share a type.
class DescriptorGroups {
public:
  void add(Value v) {
    if (isDesc(v))
      classes.insert(v.getAsOpaquePointer());
  }
  void tie(Value a, Value b) {
    if (!isDesc(a) || !isDesc(b))
      return;
    classes.unionSets(a.getAsOpaquePointer(), b.getAsOpaquePointer());
  }
  void tie(ValueRange as, ValueRange bs) {
    for (auto [a, b] : llvm::zip(as, bs))
      tie(a, b);
  }
  Value leader(Value v) {
    return Value::getFromOpaquePointer(
        classes.getLeaderValue(v.getAsOpaquePointer()));
  }
  SmallVector<Value> members(Value v) {
    SmallVector<Value> out;
    for (auto it = classes.findLeader(v.getAsOpaquePointer());
         it != classes.member_end(); ++it)
      out.push_back(Value::getFromOpaquePointer(*it));
    return out;
  }

private:
  llvm::EquivalenceClasses<void *> classes;
};

/// The layout a descriptor load's result is allocated in, if it is only
/// ever put into shared memory as a TMA copy could write it.
Attribute allocatedLayout(DescriptorLoadOp load) {
  Attribute found;
  for (Operation *user : load->getUsers()) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (!alloc)
      return {};
    auto enc = dyn_cast_or_null<NVMMASharedEncodingAttr>(
        alloc.getType().getEncoding());
    if (!enc || enc.getTransposed() || enc.getFp4Padded())
      return {};
    if (found && found != enc)
      return {};
    found = enc;
  }
  return found;
}

/// The CGA bases of the tensor a TMA copy of descriptor `desc` by `user`
/// reads or writes, at the block's `rank` (a rank-reduced copy's tensor
/// lacks leading unit dimensions, which no CTA splits); nullopt for users
/// that copy no block.
std::optional<SmallVector<int32_t>> copiedCgaBases(Operation *user, Value desc,
                                                   unsigned rank) {
  Value tensor;
  if (auto load = dyn_cast<DescriptorLoadOp>(user))
    tensor = load.getResult();
  else if (auto store = dyn_cast<DescriptorStoreOp>(user))
    tensor = store.getSrc();
  else if (auto reduce = dyn_cast<DescriptorReduceOp>(user))
    tensor = reduce.getSrc();
  if (!tensor || user->getOperand(0) != desc)
    return std::nullopt;
  auto type = cast<RankedTensorType>(tensor.getType());
  unsigned tensorRank = type.getRank();
  if (!type.getEncoding() || tensorRank > rank)
    return std::nullopt;
  SmallVector<int32_t> bases = getCgaBases(type.getEncoding(), tensorRank);
  SmallVector<int32_t> out;
  for (size_t i = 0; i + tensorRank <= bases.size(); i += tensorRank) {
    out.append(rank - tensorRank, 0);
    out.append(bases.begin() + i, bases.begin() + i + tensorRank);
  }
  return out;
}

/// `enc` for a block of `rank` dimensions (a rank-reduced load's buffer
/// drops the block's leading unit dimensions).
Attribute withRank(Attribute enc, unsigned rank) {
  auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(enc);
  if (!nvmma)
    return enc;
  NVMMASharedEncodingAttr ranked = nvidia_gpu::tmaEncodingForRank(nvmma, rank);
  return ranked ? Attribute(ranked) : enc;
}

struct OptimizeDescriptorEncodingPass
    : public triton::nvidia_gpu::impl::
          TritonNvidiaGPUOptimizeDescriptorEncodingBase<
              OptimizeDescriptorEncodingPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    SymbolTable symbols(mod);
    DescriptorGroups groups;
    SmallVector<Value> values;
    auto record = [&](Value v) {
      if (!isDesc(v))
        return;
      groups.add(v);
      values.push_back(v);
    };
    mod.walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            record(arg);
      for (Value result : op->getResults())
        record(result);
    });
    // What flows into what must keep one type.
    mod.walk([&](Operation *op) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        groups.tie(loop.getInitArgs(), loop.getRegionIterArgs());
        groups.tie(loop.getRegionIterArgs(), loop.getResults());
        groups.tie(loop.getRegionIterArgs(),
                   loop.getBody()->getTerminator()->getOperands());
      } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
          if (!region->empty())
            groups.tie(ifOp.getResults(),
                       region->front().getTerminator()->getOperands());
      } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
        groups.tie(loop.getInits(), loop.getBeforeArguments());
        groups.tie(loop.getBeforeArguments(), loop.getYieldOp().getOperands());
        groups.tie(loop.getConditionOp().getArgs(), loop.getAfterArguments());
        groups.tie(loop.getConditionOp().getArgs(), loop.getResults());
      } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
        groups.tie(select.getResult(), select.getTrueValue());
        groups.tie(select.getResult(), select.getFalseValue());
      } else if (auto call = dyn_cast<CallOp>(op)) {
        auto callee = symbols.lookup<FuncOp>(call.getCallee());
        if (!callee || callee.isExternal())
          return;
        groups.tie(call.getOperands(), callee.getArguments());
        callee.walk([&](ReturnOp ret) {
          groups.tie(call.getResults(), ret.getOperands());
        });
      }
    });

    // The layout of each group: one already there, else the one its loads
    // are allocated in, else the default.
    llvm::MapVector<Value, Attribute> existing, wanted;
    llvm::DenseMap<Value, SmallVector<int32_t>> cga;
    llvm::DenseSet<Value> conflicted;
    for (Value v : values) {
      Value leader = groups.leader(v);
      auto block = cast<TensorDescType>(v.getType()).getBlockType();
      if (Attribute enc = block.getEncoding()) {
        auto [it, inserted] = existing.insert({leader, enc});
        if (!inserted && it->second != enc) {
          emitError(v.getLoc(), "descriptors that flow into each other have "
                                "different block layouts: ")
              << it->second << " and " << enc;
          return signalPassFailure();
        }
      }
      for (Operation *user : v.getUsers()) {
        if (auto bases = copiedCgaBases(user, v, block.getRank()))
          cga.try_emplace(leader, std::move(*bases));
        auto load = dyn_cast<DescriptorLoadOp>(user);
        if (!load || load.getDesc() != v)
          continue;
        Attribute enc = allocatedLayout(load);
        if (enc)
          enc = withRank(enc, block.getRank());
        if (!enc) {
          conflicted.insert(leader);
          continue;
        }
        auto [it, inserted] = wanted.insert({leader, enc});
        if (!inserted && it->second != enc)
          conflicted.insert(leader);
      }
    }

    // Without a copy to follow, every CTA of a cluster copies the block.
    unsigned ctaBits = 0;
    if (auto numCTAs = mod->getAttrOfType<IntegerAttr>("ttg.num-ctas"))
      ctaBits = llvm::Log2_64(std::max<int64_t>(1, numCTAs.getInt()));
    for (Value v : values) {
      Value leader = groups.leader(v);
      auto type = cast<TensorDescType>(v.getType());
      RankedTensorType block = type.getBlockType();
      if (block.getEncoding())
        continue;
      Attribute enc = existing.lookup(leader);
      if (!enc && !conflicted.contains(leader))
        enc = wanted.lookup(leader);
      if (!enc) {
        SmallVector<int32_t> bases(ctaBits * block.getRank(), 0);
        if (auto it = cga.find(leader); it != cga.end())
          bases = it->second;
        enc = nvidia_gpu::tmaDefaultEncoding(block, bases);
      }
      v.setType(TensorDescType::get(
          &getContext(), RankedTensorType::get(block.getShape(),
                                               block.getElementType(), enc)));
    }

    // Functions take and return what their blocks now carry.
    for (auto func : mod.getOps<FuncOp>()) {
      if (func.isExternal())
        continue;
      SmallVector<Type> results(func.getFunctionType().getResults());
      func.walk([&](ReturnOp ret) {
        for (auto [i, operand] : llvm::enumerate(ret.getOperands()))
          if (i < results.size())
            results[i] = operand.getType();
      });
      func.setType(FunctionType::get(&getContext(),
                                     func.front().getArgumentTypes(), results));
    }
  }
};

} // namespace
