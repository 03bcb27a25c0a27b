//===- TMA.cpp - facts of TMA tensor maps
//----------------------------------===//
//
// What a tensor map encodes about a descriptor's block, shared by the TMA
// lowering (device-side tensor maps), the copies' PTX and the metadata the
// host's launcher encodes its tensor maps from.
//
//===----------------------------------------------------------------------===//

#include "Dialect/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton::gpu;

SmallVector<int64_t>
mlir::triton::nvidia_gpu::tmaCtaShape(ArrayRef<int64_t> shape,
                                      NVMMASharedEncodingAttr enc) {
  SmallVector<int64_t> part(shape.begin(), shape.end());
  unsigned rank = enc.getRank();
  if (enc.getCgaBases().empty() || rank > part.size())
    return part;
  SmallVector<unsigned> split = getCTASplitNum(enc.getCgaBases(), rank);
  size_t first = part.size() - rank;
  for (unsigned d = 0; d < rank; ++d)
    part[first + d] = std::max<int64_t>(1, part[first + d] / split[d]);
  return part;
}

int64_t mlir::triton::nvidia_gpu::tmaCtaBytes(ArrayRef<int64_t> shape,
                                              NVMMASharedEncodingAttr enc) {
  int64_t n = 1;
  for (int64_t d : tmaCtaShape(shape, enc))
    n *= d;
  return n * std::max(1u, enc.getElementBitWidth() / 8);
}

SmallVector<int64_t>
mlir::triton::nvidia_gpu::tmaBlockShape(ArrayRef<int64_t> shape,
                                        NVMMASharedEncodingAttr enc) {
  SmallVector<int64_t> box = tmaCtaShape(shape, enc);
  for (int64_t &d : box)
    d = std::min<int64_t>(d, 256);
  if (!box.empty() && enc.getSwizzlingByteWidth() != 0) {
    int64_t contiguous =
        enc.getSwizzlingByteWidth() * 8 / enc.getElementBitWidth();
    box.back() = std::min(box.back(), contiguous);
  }
  return box;
}

std::optional<int> mlir::triton::nvidia_gpu::tmaElementType(Type type) {
  if (type.isF16())
    return 6;
  if (type.isBF16())
    return 10;
  if (type.isF32())
    return 7;
  if (type.isF64())
    return 9;
  if (auto fp = dyn_cast<FloatType>(type))
    return fp.getWidth() == 8 ? std::optional<int>(0) : std::nullopt;
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer)
    return std::nullopt;
  switch (integer.getWidth()) {
  case 8:
    return 0;
  case 16:
    return 1;
  case 32:
    return integer.isSigned() ? 3 : 2;
  case 64:
    return integer.isSigned() ? 5 : 4;
  default:
    return std::nullopt;
  }
}

int mlir::triton::nvidia_gpu::tmaSwizzleMode(NVMMASharedEncodingAttr enc) {
  switch (enc.getSwizzlingByteWidth()) {
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  default:
    return 0;
  }
}

NVMMASharedEncodingAttr
mlir::triton::nvidia_gpu::tmaDefaultEncoding(RankedTensorType block,
                                             ArrayRef<int32_t> cgaBases) {
  unsigned rank = block.getRank();
  SmallVector<unsigned> order;
  for (int d = rank - 1; d >= 0; --d)
    order.push_back(d);
  // The swizzle is chosen for the part of the block each CTA holds.
  SmallVector<int64_t> part(block.getShape());
  SmallVector<unsigned> split = getCTASplitNum(cgaBases, rank);
  for (unsigned d = 0; d < rank; ++d)
    part[d] = std::max<int64_t>(1, part[d] / split[d]);
  return getNVMMASharedEncoding(block.getContext(), part, order,
                                block.getElementType(), cgaBases);
}

FailureOr<NVMMASharedEncodingAttr>
mlir::triton::nvidia_gpu::tmaEncoding(TensorDescType desc) {
  RankedTensorType block = desc.getBlockType();
  if (!block.getEncoding())
    return tmaDefaultEncoding(block);
  if (auto nvmma = dyn_cast<NVMMASharedEncodingAttr>(block.getEncoding()))
    return nvmma;
  return failure();
}

NVMMASharedEncodingAttr
mlir::triton::nvidia_gpu::tmaEncodingForRank(NVMMASharedEncodingAttr enc,
                                             unsigned rank) {
  if (enc.getRank() == rank)
    return enc;
  if (!enc.getCgaBases().empty())
    return {};
  return NVMMASharedEncodingAttr::get(
      enc.getContext(), enc.getSwizzlingByteWidth(), enc.getTransposed(),
      enc.getElementBitWidth(), enc.getFp4Padded(), rank, /*cgaBases=*/{});
}
