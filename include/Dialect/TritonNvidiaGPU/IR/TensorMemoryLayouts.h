//===- TensorMemoryLayouts.h - tensor memory as linear layouts -*- C++ -*-===//
//
// Blackwell tensor memory (TMEM) is 128 rows (lanes) of 512 32-bit columns
// per CTA; warp w of a warpgroup reaches rows [32 (w % 4), 32 (w % 4) + 32)
// only. A tensor-memory encoding places a 2-D tensor in it, which we model as
// a linear layout from (row, col) to (dim0, dim1). Registers move to and from
// it through tcgen05.ld/st messages of fixed shapes (32x32b, 16x64b, 16x128b,
// 16x256b, 16x32bx2), so only some register layouts can be stored or loaded:
// those that are whole messages repeated along registers and warps.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TRITONNVIDIAGPU_IR_TENSORMEMORYLAYOUTS_H
#define TRITON_DIALECT_TRITONNVIDIAGPU_IR_TENSORMEMORYLAYOUTS_H

#include "Dialect/TritonGPU/IR/Dialect.h"
#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "Tools/LinearLayout.h"

#include <optional>

namespace mlir::triton::nvidia_gpu {

/// The tcgen05.ld/st message shapes, rows x bits per row of one warp.
enum class TMemMessage { M32x32b, M16x64b, M16x128b, M16x256b, M16x32bx2 };

/// The layout from (row, col) to (dim0, dim1) of a 2-D buffer of `shape`
/// with a #ttng.tensor_memory_encoding or #ttng.tensor_memory_scales_encoding
/// (col counts elements: a 16-bit element packed two to a 32-bit column
/// takes one col, an unpacked one two); std::nullopt for another encoding or
/// a shape that is not 2-D powers of two.
std::optional<LinearLayout> tensorMemoryToLinearLayout(ArrayRef<int64_t> shape,
                                                       Attribute encoding);

/// The message a tensor of `regType` is moved with to or from `memType`
/// (the first that fits, in the order 32x32b, 16x256b, 16x64b, 16x128b, then
/// 16x32bx2), or failure, with the reason in `whyNot` when given, when no
/// sequence of tcgen05.ld/st messages moves it: the register layout must put
/// warps 0..3 on the rows of their own quarter of tensor memory and each
/// warp's lanes and registers on whole messages.
FailureOr<TMemMessage> getTMemLdStMessage(RankedTensorType regType,
                                          gpu::MemDescType memType,
                                          std::string *whyNot = nullptr);

/// A register layout of `memType`'s shape that 32x32b messages move (lane i
/// of warp w holds row 32 (w % 4) + i, registers step along the columns,
/// further warps split the columns), as a #ttg.linear encoding; std::nullopt
/// when there is none (fewer than 4 warps, or a non-power-of-two count).
std::optional<gpu::LinearEncodingAttr>
getTMem32x32bLayout(gpu::MemDescType memType, unsigned numWarps);

/// The register layout a tensor of `type` (2-D) is given to move to or from
/// tensor memory of `encoding` (upstream's choice): with blockM = 128, lane
/// i of warp w holds row 32 (w % 4) + i and registers step along blockN
/// columns, a second warpgroup taking further rows where the tensor has
/// more than 128, else half the columns; with blockM = 64, 16 lanes take
/// rows and the other lane bit half of blockN columns (16x32bx2 messages).
/// std::nullopt for other ranks or warp counts than 4 and 8.
std::optional<gpu::LinearEncodingAttr>
getTMemCompatibleLayout(RankedTensorType type,
                        TensorMemoryEncodingAttr encoding, unsigned numWarps);

/// The register layout scales of `type` (M x N, 2-D) are stored into
/// tensor memory from: four consecutive columns per thread (repeated where
/// N < 4), rows over the 32 lanes, further rows then columns over registers,
/// the warps of a warpgroup each holding all of it, and with 8 warps the
/// last register step moved to the second warpgroup. std::nullopt for other
/// ranks or warp counts than 4 and 8.
std::optional<gpu::LinearEncodingAttr>
getTMemScalesStoreLayout(RankedTensorType type, unsigned numWarps);

} // namespace mlir::triton::nvidia_gpu

#endif // TRITON_DIALECT_TRITONNVIDIAGPU_IR_TENSORMEMORYLAYOUTS_H
