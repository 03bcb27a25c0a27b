//===- Utility.h - shared pieces of the ttg to LLVM lowering ----*- C++ -*-===//
//
// What the op lowerings of convert-triton-gpu-to-llvm share: the type
// converter, packing a thread's values into the LLVM struct a tensor becomes,
// thread and warp ids, the coordinates a thread's registers hold (from the
// tensor's linear layout), shared memory addresses, barriers, warp shuffles,
// inline PTX, and the scratch-memory sizes that allocate-shared-memory plans
// and the lowering then uses.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "Dialect/Triton/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonGPU/IR/LinearLayoutConversions.h"
#include "Dialect/TritonGPU/IR/WarpShuffle.h"
#include "Tools/LinearLayout.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cstdint>
#include <map>
#include <optional>

namespace mlir::triton::gpu {

/// Attribute names the allocation pass writes and the lowering reads (and
/// kAllocationOffsetAttr, in the dialect).
inline constexpr llvm::StringLiteral kSharedAttr = "ttg.shared";
inline constexpr llvm::StringLiteral kGlobalSmemName = "global_smem";

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The LLVM type converter of the lowering: `!tt.ptr<T, AS>` becomes
/// `!llvm.ptr<AS>`, a tensor with a distributed layout the struct of the
/// values one thread holds (one per register of its linear layout), a
/// `!ttg.memdesc` the struct {!llvm.ptr<3>} of its shared-memory address.
class TritonGPUToLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonGPUToLLVMTypeConverter(MLIRContext *ctx,
                               const LowerToLLVMOptions &options);

  /// The LLVM type of one element of a tensor of `elementType`.
  Type convertElementType(Type elementType) const;
};

/// The linear layout of a tensor type with a distributed layout, or nullopt.
std::optional<LinearLayout> getLayout(RankedTensorType type);

/// The number of values one thread holds of a tensor type (1 for scalars).
unsigned getNumRegisters(Type type);

/// Bytes one element of `type` (a scalar or a tensor's element type) takes in
/// memory: pointers 8, i1 1, otherwise the bit width rounded up to bytes.
unsigned getElementBytes(Type type);

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

SmallVector<Value> unpackLLElements(Location loc, Value llvmStruct,
                                    OpBuilder &b);
Value packLLElements(Location loc, const TypeConverter *converter,
                     ValueRange values, OpBuilder &b, Type originalType);

//===----------------------------------------------------------------------===//
// Small builders
//===----------------------------------------------------------------------===//

Value i32Const(OpBuilder &b, Location loc, int64_t v);
Value i64Const(OpBuilder &b, Location loc, int64_t v);
Value intConst(OpBuilder &b, Location loc, Type type, int64_t v);
Value boolConst(OpBuilder &b, Location loc, bool v);
/// The zero of an LLVM integer, float or pointer type.
Value zeroOf(OpBuilder &b, Location loc, Type type);
/// Reinterprets an integer, float or pointer value as `to` of the same width
/// (ptrtoint / inttoptr / bitcast as needed).
Value bitcastTo(OpBuilder &b, Location loc, Value v, Type to);
/// `elems` (32 bits in all) as one i32, the first in the low bits.
Value packRegister(OpBuilder &b, Location loc, ArrayRef<Value> elems);
/// The `count` elements of type `elt` packed in the i32 `reg`.
SmallVector<Value> unpackRegister(OpBuilder &b, Location loc, Value reg,
                                  Type elt, unsigned count);

//===----------------------------------------------------------------------===//
// Thread ids and layouts
//===----------------------------------------------------------------------===//

/// The partition of a ttg.warp_specialize that `block` is in, if any.
struct PartitionRef {
  WarpSpecializeOp op;
  unsigned index;
};
std::optional<PartitionRef> getEnclosingPartition(Block *block);

/// The thread's index among the threads that run the code at `b`'s
/// insertion point, as i32: %tid.x, less the partition's first thread
/// inside a ttg.warp_specialize partition.
Value getThreadId(OpBuilder &b, Location loc);

/// The global scratch pointer of the code holding `op`: the second to last
/// argument of kernels and device functions, the last capture of a
/// warp_specialize partition (as upstream passes it).
Value getGlobalScratchArgument(Operation *op);
/// The profile scratch pointer of the code holding `op`: the last argument
/// of kernels and device functions; none in a warp_specialize partition,
/// where it is null (nothing of this toolchain profiles a partition).
Value getProfileScratchArgument(OpBuilder &b, Location loc, Operation *op);
/// The lane, warp (made warp-uniform) and block-in-cluster ids of the thread.
struct HardwareIds {
  Value lane, warp, block;
};
HardwareIds getHardwareIds(OpBuilder &b, Location loc, int threadsPerWarp,
                           int numCTAs);
int getNumWarps(Operation *op);
int getNumCTAs(Operation *op);
int getThreadsPerWarp(Operation *op);

/// Evaluates `layout` at runtime: `ins` gives a value for some input
/// dimensions (the others are taken as 0). Returns one i32 per output
/// dimension, in order: the XOR of the input bits' images, where a run of
/// input bits that lands on consecutive output bits is one mask and one
/// shift.
SmallVector<Value>
applyLinearLayout(OpBuilder &b, Location loc, const LinearLayout &layout,
                  ArrayRef<std::pair<StringAttr, Value>> ins);

/// The tensor coordinates of each register the current thread holds of a
/// tensor of `type`: result[r][d] is dim d of register r, as i32.
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &b, Location loc,
                                            RankedTensorType type);

/// The lane/warp/block part of a tensor's layout evaluated for this thread:
/// one i32 per dim, to be XORed with the register part, which is a constant
/// per register (`registerCoords`).
SmallVector<Value> emitThreadOffsets(OpBuilder &b, Location loc,
                                     const LinearLayout &layout,
                                     int threadsPerWarp, int numCTAs);
SmallVector<int32_t> registerCoords(const LinearLayout &layout, int reg);

/// The part of a tensor of `shape` laid out by `layout` that one CTA of a
/// cluster holds: along a dimension the CTAs split, the lowest coordinate a
/// block basis moves to (zero bases: copies).
SmallVector<int64_t> shapePerCta(const LinearLayout &layout,
                                 ArrayRef<int64_t> shape);
/// The register of `layout` holding each register-only coordinate tuple
/// (lane, warp and block 0); the lowest register where several hold one.
std::map<SmallVector<int32_t>, unsigned>
registersByCoords(const LinearLayout &layout);

/// An i1 that is true in the one thread (of each group of threads holding the
/// same data) that should write it: lane, warp and block bits that are free
/// variables of `layout` must be 0. Null when no bit is free.
Value emitOwnerPredicate(OpBuilder &b, Location loc, const LinearLayout &layout,
                         int threadsPerWarp, int numCTAs);

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// The `allocation.offset` of `op`, or nullopt.
std::optional<int64_t> getAllocationOffset(Operation *op);

/// The shared-memory base of the function holding `op`: `@global_smem` in a
/// kernel, the trailing shared-memory argument of a device function.
Value getFunctionSharedBase(OpBuilder &b, Location loc, Operation *op);

/// The address of the buffer `op` owns (its `allocation.offset` from the
/// function's base). Fails (null) when the op has no offset.
Value getSharedAddress(OpBuilder &b, Location loc, Operation *op);

/// byte address `base` + `offset` (i32) in address space 3.
Value gepBytes(OpBuilder &b, Location loc, Value base, Value offset);

/// A CTA-wide barrier (bar.sync 0).
void emitBarrier(OpBuilder &b, Location loc);

/// How the registers of a distributed tensor map onto a shared buffer:
/// `toOffset` takes (register, lane, warp, block) to the element offset, and
/// each run of `vec` registers from a multiple of `vec` on sits at
/// consecutive offsets, aligned, so one access of up to 16 bytes moves it.
struct SharedAccess {
  LinearLayout toOffset;
  int vec = 1;
};
FailureOr<SharedAccess> planSharedAccess(Operation *op,
                                         RankedTensorType tensorType,
                                         MemDescType memType);
/// How ldmatrix (8x8 matrices of 16-bit units, up to four per instruction)
/// loads a tensor of 8-, 16- or 32-bit elements from shared memory laid out by
/// `toOffset` (register, lane, warp, block -> element offset). Without
/// `trans`, the registers of one 32-bit word and lanes 0 and 1 step through
/// one 16-byte row; lanes 2-4 and the matrix bits pick rows. With `trans`
/// (16-bit only), lanes 2-4 step through the row and the word's two halves
/// and lanes 0-1 pick rows. `rowOffsets` maps (lane, warp, block) to the row
/// a lane addresses: lane bits 0-2 the row in its matrix, bits 3-4 the
/// matrix.
struct LdMatrixPlan {
  bool trans = false;
  int num = 1;
  int wordBits = 1;                // register bits inside one 32-bit word
  SmallVector<int> matrixRegBits;  // the register bits numbering matrices
  LinearLayout rowOffsets;
};
std::optional<LdMatrixPlan> planLdMatrix(const LinearLayout &toOffset,
                                         unsigned bitWidth);
/// Loads the registers of the tensor with the plan's ldmatrix instructions.
/// `loads` picks the registers (those an instruction starts at) to load,
/// leaving the rest null; by default every register is, and registers
/// repeating a lower one copy it.
SmallVector<Value>
emitLdMatrix(OpBuilder &b, Location loc, Operation *anchor,
             const LdMatrixPlan &plan, const LinearLayout &toOffset, Value base,
             Type elt, llvm::function_ref<bool(int)> loads = nullptr);

/// Stores 16-bit registers of a tensor with the plan's stmatrix
/// instructions (sm_90), the fragments ldmatrix would load back.
void emitStMatrix(OpBuilder &b, Location loc, Operation *anchor,
                  const LdMatrixPlan &plan, const LinearLayout &toOffset,
                  Value base, ArrayRef<Value> values);

/// How a convert_layout goes through its scratch buffer: each element gets
/// an element offset by an invertible GF(2) map of its coordinates, chosen
/// so that (1) `vec` registers of a thread sit at consecutive offsets: one
/// vector store of up to 16 bytes, and one vector load (registers both
/// layouts hold together) or ldmatrix (16-bit elements whose destination
/// reads 4 bytes a lane); (2) the lanes of a warp that access shared memory
/// in the same wavefront hit distinct banks, on the store side and, through
/// an XOR swizzle of the bank bits with other coordinate bits, on the load
/// side; (3) the other register bases both layouts hold split the conversion
/// into rounds (store, barrier, load, barrier), each through a scratch of
/// `1 << offsetBits` elements.
struct ScratchPlan {
  /// The elements each store (srcVec) and each load (dstVec) moves: the
  /// register bases both layouts hold come first in the offsets, then
  /// those of one side only, so one vector is a prefix of the other.
  int srcVec = 1, dstVec = 1;
  LinearLayout srcOffsets, dstOffsets; // register/lane/warp/block -> offset
  /// The register bits of the vector's elements, element bit k first, in
  /// each layout's register numbering (dstVecBits empty with ldmatrix).
  SmallVector<int> srcVecBits, dstVecBits;
  /// The register bits numbering the rounds, round bit k first.
  SmallVector<int> srcRoundBits, dstRoundBits;
  int offsetBits = 0;
  std::optional<LdMatrixPlan> ldmatrix;
};
ScratchPlan planScratch(const LinearLayout &src, const LinearLayout &dst,
                        ArrayRef<int64_t> shape, unsigned elemBytes);

/// This thread's part of `toOffset` (lane, warp and block), as an i32.
Value threadOffset(OpBuilder &b, Location loc, Operation *anchor,
                   const LinearLayout &toOffset);
/// The offset bits the lane, warp and block part of `toOffset` (its inputs
/// other than "register") may set.
int32_t threadOffsetBits(const LinearLayout &toOffset);
/// The byte address of register `r`'s element: `base` + (`thread` XOR the
/// register's constant offset) * `bytes`. `thread` holds the lane, warp and
/// block part of `toOffset`, and where the caller XORed more in, `extraBits`
/// covers those bits: the constant's other bits are added.
Value registerAddress(OpBuilder &b, Location loc, Value base, Value thread,
                      const LinearLayout &toOffset, int r, unsigned bytes,
                      int32_t extraBits = 0);
/// Register `r` with the bits of zero register bases cleared: registers
/// repeating a lower register hold the same element.
int canonicalRegister(const LinearLayout &layout, StringAttr reg, int r);

/// Stores / loads one value of an LLVM type to / from shared memory, with an
/// optional predicate (null = always).
void storeShared(OpBuilder &b, Location loc, Value ptr, Value val,
                 Value pred = {});
Value loadShared(OpBuilder &b, Location loc, Value ptr, Type type);

/// The type a value of `type` is kept as in shared memory (i1 as i8, a
/// pointer as i64), and the conversions to and from it.
Type memoryType(OpBuilder &b, Type type);
Value toMemory(OpBuilder &b, Location loc, Value v);
Value fromMemory(OpBuilder &b, Location loc, Value v, Type type);
/// The type one shared-memory access of `vec` (> 1) consecutive elements of
/// memory type `elt` moves, as upstream writes it: 32-bit words when the
/// elements are narrower and the whole is wider than a word, else integers
/// of the elements' width. Other element types (pointers) stay as they are.
/// Without `words`, integers of the elements' width always.
Type sharedVectorType(Type elt, int vec, bool words = true);
/// `values` (memory form) as one value of sharedVectorType.
Value packSharedVector(OpBuilder &b, Location loc, ArrayRef<Value> values,
                       bool words = true);
/// A loaded value of sharedVectorType(elt, vec) as its `vec` elements.
SmallVector<Value> unpackSharedVector(OpBuilder &b, Location loc, Value v,
                                      Type elt, int vec);
/// `vec` consecutive elements of type `elt` (each `bytes` wide) from the
/// shared address `addr`, one load (a vector load when `vec` > 1, aligned
/// to its size).
SmallVector<Value> loadSharedVector(OpBuilder &b, Location loc, Value addr,
                                    Type elt, int vec, unsigned bytes);
/// The 32-bit shared-memory address of a converted memdesc's buffer, plus
/// `byteOffset`: what PTX's shared-memory operands take.
Value sharedAddress32(OpBuilder &b, Location loc, Value memDesc,
                      int64_t byteOffset = 0);
/// The shared-memory pointer (`!llvm.ptr<3>`) of the lowered memdesc
/// `memDesc`, `byteOffset` bytes on: what an inline-PTX "r" operand takes
/// (shared pointers are 32-bit).
Value sharedPointer(OpBuilder &b, Location loc, Value memDesc,
                    int64_t byteOffset = 0);
/// True in the CTA's first thread.
Value isFirstThread(OpBuilder &b, Location loc);

//===----------------------------------------------------------------------===//
// Warp shuffles
//===----------------------------------------------------------------------===//

/// shfl.sync.bfly of any 8- to 64-bit value (split into i32 pieces).
Value shuffleXor(OpBuilder &b, Location loc, Value v, int mask,
                 int threadsPerWarp);
/// shfl.sync.up: the value of lane - delta (own value below delta).
Value shuffleUp(OpBuilder &b, Location loc, Value v, int delta,
                int threadsPerWarp);
/// shfl.sync.idx: the value of lane `lane` (an i32).
Value shuffleIdx(OpBuilder &b, Location loc, Value v, Value lane,
                 int threadsPerWarp);

//===----------------------------------------------------------------------===//
// Inline PTX
//===----------------------------------------------------------------------===//

/// One `asm sideeffect` call: `results` are the output types (packed into a
/// struct when there are several), `constraints` the comma-joined constraint
/// string. Returns the results one by one. Ours carry an empty
/// `operand_attrs` list, a user's (tt.elementwise_inline_asm, `userAsm`)
/// none, as upstream's lowering writes them.
SmallVector<Value> inlinePtx(OpBuilder &b, Location loc, StringRef asmText,
                             StringRef constraints, ValueRange operands,
                             TypeRange results, bool hasSideEffects = true,
                             bool userAsm = false);

//===----------------------------------------------------------------------===//
// Scratch memory
//===----------------------------------------------------------------------===//

/// Whether a convert_layout from `src` to `dst` only renames registers:
/// every thread already holds the elements it holds after.
bool conversionMovesOnlyRegisters(RankedTensorType src, RankedTensorType dst);

/// The warp shuffles `op` is lowered by (see planLoweredShuffles):
/// one round of them, or several where `op` carries kWarpShufflesAttrName;
/// nullopt when it goes through shared memory instead.
std::optional<WarpShuffleConversion> planConversionShuffles(ConvertLayoutOp op);

/// Whether a conversion from `src` to `dst` through shared memory keeps
/// each element in its warp, and neither layout repeats elements across
/// warps: each warp then reads only what it wrote, and a warp's sync
/// orders its writes and reads (upstream's criterion for `bar.warp.sync`).
bool conversionStaysInWarps(const LinearLayout &src, const LinearLayout &dst);

/// Whether `op` goes through shared memory: neither a renaming of registers
/// nor warp shuffles do it.
bool conversionNeedsSharedMemory(ConvertLayoutOp op);

/// The runs of positions along `axis` (of `axisSize`) whose totals a
/// tt.scan passes through shared memory, a slot each per row: one per step
/// of the lowest warp bit that moves along the axis; 0 when no warp does.
int64_t scanSharedRuns(const LinearLayout &layout, unsigned axis,
                       int64_t axisSize);

/// Bytes of scratch shared memory the lowering of `op` needs while it runs
/// (0 for none). allocate-shared-memory gives exactly this much.
int64_t getScratchSizeInBytes(Operation *op);

/// Bytes of shared memory a buffer of `shape` (trailing dimensions laid out
/// as `type`'s encoding) takes in each CTA: in a cluster whose CTAs split
/// it, those of one CTA's part.
int64_t getSharedBytesPerCTA(MemDescType type, ArrayRef<int64_t> shape);

/// Bytes of the shared-memory buffer a `ttg.local_alloc` creates and its
/// alignment.
int64_t getLocalAllocSizeInBytes(Operation *op);
int64_t getLocalAllocAlignment(Operation *op);

//===----------------------------------------------------------------------===//
// Pattern sets
//===----------------------------------------------------------------------===//

struct TargetInfo {
  int computeCapability = 80;
  int ptxVersion = 80;
};

void populateFuncOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfo &target);
/// For each elementwise op whose result the axis info shows constant over
/// blocks (AxisInfo constancy): the register bits of its layout that move
/// within one block, so registers differing only in them hold equal values
/// and are computed once.
using EqualRegisterBits = llvm::DenseMap<Operation *, uint32_t>;
void populateElementwiseOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target, const EqualRegisterBits &equalRegisterBits);
void populateViewOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfo &target);
/// Elements per vector access of each tt.load and tt.store of `mod`, from
/// the axis info of the pointers and masks; computed before the lowering
/// moves the functions' bodies.
using VectorSizes = llvm::DenseMap<Operation *, unsigned>;
/// What the lowering learns from the axis info of `mod` before it moves the
/// functions' bodies.
struct LoweringHints {
  VectorSizes vectorSizes;
  EqualRegisterBits equalRegisterBits;
};
LoweringHints computeLoweringHints(ModuleOp mod);
/// Marks (kSharedIdleAttr) each op that writes shared memory first thing
/// (an async copy, a conversion through scratch, a local_alloc of a tensor,
/// a local_store, an mbarrier's init) when no thread can still be accessing shared memory: in
/// its block, back to a barrier (ttg.async_wait, ttg.local_barrier) or to
/// the start of a kernel, no op touches it. An async copy right after
/// another (commits and ops off shared memory between) shares that one's
/// barrier. The barrier such an op starts with is then left out, as
/// upstream's membar analysis leaves it.
constexpr llvm::StringLiteral kSharedIdleAttr = "ttg.shared_idle";
void markSharedMemoryIdle(ModuleOp mod);

void populateLoadStoreOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       const TargetInfo &target,
                                       const VectorSizes &vectorSizes);
/// ttng's TMA copies, reductions and store waits.
void populateTMAToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                               RewritePatternSet &patterns);
/// ttng's mbarrier ops (init, inval, expect, arrive, wait, cp.async arrive).
void populateBarrierOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                     RewritePatternSet &patterns);
void populateMemoryOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    const TargetInfo &target);
void populateReduceScanOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        const TargetInfo &target);
void populateDotOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 const TargetInfo &target);
void populateMMAToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                               RewritePatternSet &patterns,
                               const TargetInfo &target);
void populateMiscOpToLLVMPatterns(TritonGPUToLLVMTypeConverter &converter,
                                  RewritePatternSet &patterns,
                                  const TargetInfo &target);

} // namespace mlir::triton::gpu

#endif // TRITON_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
