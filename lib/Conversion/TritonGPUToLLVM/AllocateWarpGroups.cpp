//===- AllocateWarpGroups.cpp - the tritongpu-allocate-warp-groups pass ---===//
//
// Places the partitions of each ttg.warp_specialize after the kernel's own
// warps (empty partitions fill the worker warps it leaves idle) and shares
// out the registers when the partitions ask for some.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TritonGPUToLLVM/Passes.h"
#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "WarpSpecialize.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUALLOCATEWARPGROUPS
#include "Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

int mlir::triton::gpu::maxRegistersPerThread(int totalWarps) {
  int perThread = kRegistersPerCTA / (totalWarps * 32);
  return std::min(kMaxWarpRegisters, perThread / 8 * 8);
}

std::optional<KernelRegisters>
mlir::triton::gpu::planKernelRegisters(int numWarps, int totalWarps,
                                       int maxnreg) {
  int workers = totalWarps - numWarps;
  int pool = maxnreg * totalWarps * 32;
  // The kernel's warps take as much as they may while the workers keep
  // setmaxnreg's minimum.
  for (int kernel = kMaxWarpRegisters; kernel >= maxnreg; kernel -= 8) {
    int left = pool - kernel * numWarps * 32;
    int idle = workers == 0 ? maxnreg : left / (workers * 32) / 8 * 8;
    idle = std::min(idle, kMaxWarpRegisters);
    if (idle >= kMinWarpRegisters)
      return KernelRegisters{maxnreg, kernel, idle};
  }
  return std::nullopt;
}

namespace {

/// The warps the partitions of `ws` need, before padding.
int partitionWarps(WarpSpecializeOp ws) {
  int n = 0;
  for (int32_t w : ws.getPartitionNumWarps())
    n += w;
  return n;
}

/// Fills the `total` warps of the kernel: partitions that do nothing take
/// the worker warps `ws` leaves idle, in powers of two, largest first (so
/// that every worker warp belongs to some partition, as upstream's pass
/// does). A partition added to a ws that requests registers asks for
/// `idleRegisters`, what the plan leaves an idle worker warp.
void padPartitions(WarpSpecializeOp ws, int numWarps, int total,
                   int idleRegisters) {
  int idle = total - numWarps - partitionWarps(ws);
  if (idle <= 0)
    return;
  SmallVector<int32_t> pads;
  for (int size = llvm::PowerOf2Ceil(idle); size >= 1; size /= 2)
    if (idle >= size) {
      pads.push_back(size);
      idle -= size;
    }
  WarpSpecializePartitionsOp old = ws.getPartitionOp();
  unsigned kept = old.getPartitionRegions().size();
  OpBuilder builder(old);
  auto partitions = WarpSpecializePartitionsOp::create(
      builder, old.getLoc(), /*numRegions=*/kept + pads.size());
  for (unsigned i = 0; i < kept; ++i)
    partitions.getPartitionRegions()[i].takeBody(old.getPartitionRegions()[i]);
  SmallVector<Type> captureTypes(ws.getExplicitCaptures().getTypes());
  SmallVector<Location> captureLocs(captureTypes.size(), ws.getLoc());
  for (unsigned i = kept; i < kept + pads.size(); ++i) {
    Region &region = partitions.getPartitionRegions()[i];
    Block *body =
        builder.createBlock(&region, region.end(), captureTypes, captureLocs);
    builder.setInsertionPointToEnd(body);
    WarpReturnOp::create(builder, ws.getLoc());
  }
  old.erase();
  SmallVector<int32_t> warps(ws.getPartitionNumWarps());
  warps.append(pads);
  ws.setPartitionNumWarps(warps);
  if (std::optional<ArrayRef<int32_t>> requested = ws.getRequestedRegisters()) {
    SmallVector<int32_t> regs(*requested);
    regs.append(pads.size(), idleRegisters);
    ws.setRequestedRegisters(regs);
  }
}

/// Gives `ws` its warpGroupStartIds, after the kernel's `numWarps` warps.
void placePartitions(WarpSpecializeOp ws, int numWarps) {
  ArrayRef<int32_t> warps = ws.getPartitionNumWarps();
  auto order = llvm::to_vector(llvm::seq<unsigned>(0, warps.size()));
  // Largest first: with power-of-two sizes each then starts at a multiple of
  // its size (of 4 for the larger ones, a warp group).
  llvm::stable_sort(
      order, [&](unsigned a, unsigned b) { return warps[a] > warps[b]; });
  SmallVector<int32_t> starts(warps.size());
  int next = numWarps;
  for (unsigned i : order) {
    starts[i] = next;
    next += warps[i];
  }
  ws.setWarpGroupStartIds(starts);
}

struct AllocateWarpGroupsPass
    : public mlir::triton::impl::TritonGPUAllocateWarpGroupsBase<
          AllocateWarpGroupsPass> {
  void runOnOperation() override {
    ModuleOp mod = getOperation();
    auto numWarpsAttr = mod->getAttrOfType<IntegerAttr>(
        TritonGPUDialect::getNumWarpsAttrName());
    SmallVector<WarpSpecializeOp> ops;
    mod.walk([&](WarpSpecializeOp ws) { ops.push_back(ws); });
    Builder b(mod.getContext());
    if (ops.empty()) {
      // Every module says how many warps its kernels run, as upstream's.
      if (numWarpsAttr)
        mod->setAttr(kTotalNumWarpsAttr, numWarpsAttr);
      return;
    }
    if (!numWarpsAttr) {
      mod.emitError("a module with ttg.warp_specialize ops needs ")
          << TritonGPUDialect::getNumWarpsAttrName();
      return signalPassFailure();
    }
    int numWarps = numWarpsAttr.getInt();

    int total = numWarps;
    for (WarpSpecializeOp ws : ops)
      total = std::max(total, numWarps + partitionWarps(ws));
    total = llvm::alignTo(total, 4);
    bool movesRegisters = false;
    for (WarpSpecializeOp ws : ops) {
      if (std::optional<ArrayRef<int32_t>> requested =
              ws.getRequestedRegisters()) {
        if (requested->size() != ws.getPartitionNumWarps().size()) {
          ws.emitOpError("requestedRegisters must have one entry per "
                         "partition");
          return signalPassFailure();
        }
        movesRegisters = true;
      }
    }
    mod->setAttr(kTotalNumWarpsAttr, b.getI32IntegerAttr(total));
    std::optional<KernelRegisters> kernel;
    int maxnreg = 0;
    if (movesRegisters) {
      maxnreg = maxRegistersPerThread(total);
      if (auto set = mod->getAttrOfType<IntegerAttr>(kMaxnregAttr))
        maxnreg = std::min<int>(maxnreg, set.getInt() / 8 * 8);
      mod->setAttr(kMaxnregAttr, b.getI32IntegerAttr(maxnreg));
      kernel = planKernelRegisters(numWarps, total, maxnreg);
      if (!kernel) {
        ops.front().emitOpError("cannot share out the registers: ")
            << total << " warps with at most " << maxnreg
            << " registers a thread";
        return signalPassFailure();
      }
    }
    for (WarpSpecializeOp ws : ops) {
      padPartitions(ws, numWarps, total, kernel ? kernel->idle : 0);
      placePartitions(ws, numWarps);
    }
    if (!movesRegisters)
      return;
    int pool = maxnreg * total * 32;
    for (WarpSpecializeOp ws : ops) {
      std::optional<ArrayRef<int32_t>> requested = ws.getRequestedRegisters();
      if (!requested)
        continue;
      ArrayRef<int32_t> warps = ws.getPartitionNumWarps();
      ArrayRef<int32_t> starts = *ws.getWarpGroupStartIds();
      for (auto [i, regs] : llvm::enumerate(*requested)) {
        if (regs < kMinWarpRegisters || regs > kMaxWarpRegisters ||
            regs % 8 != 0) {
          ws.emitOpError("partition ")
              << i << " requests " << regs
              << " registers; setmaxnreg takes a multiple of 8 from "
              << kMinWarpRegisters << " to " << kMaxWarpRegisters;
          return signalPassFailure();
        }
      }
      // setmaxnreg sets a whole warp group: partitions that share one get
      // the most any of them asks for.
      DenseMap<int, int32_t> groupRegs;
      for (auto [i, regs] : llvm::enumerate(*requested))
        for (int w = starts[i]; w < starts[i] + warps[i]; ++w)
          groupRegs[w / 4] = std::max(groupRegs.lookup(w / 4), regs);
      SmallVector<int32_t> granted;
      // Every worker warp is in a partition (padPartitions).
      int used = 0;
      for (auto [i, w] : llvm::enumerate(warps)) {
        int32_t regs = 0;
        for (int k = starts[i]; k < starts[i] + w; ++k)
          regs = std::max(regs, groupRegs.lookup(k / 4));
        granted.push_back(regs);
        used += regs * w * 32;
      }
      int left = (pool - used) / (numWarps * 32) / 8 * 8;
      left = std::min(left, kMaxWarpRegisters);
      if (left < kMinWarpRegisters) {
        ws.emitOpError("the partitions request more registers than there "
                       "are: the default warps would be left ")
            << std::max(left, 0) << " a thread";
        return signalPassFailure();
      }
      SmallVector<int32_t> actual{left};
      llvm::append_range(actual, granted);
      ws.setActualRegisters(actual);
    }
  }
};

} // namespace
