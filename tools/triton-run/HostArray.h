//===- HostArray.h - a dense array in host memory ---------------*- C++ -*-===//
//
// The host side of a buffer argument: dtype, row-major shape and bytes. Every
// buffer is made on the host first (from an initializer or a file), copied to
// the device for the launch and back afterwards, so --dry-run can exercise
// everything but the launch on these arrays alone.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_HOSTARRAY_H
#define TRITON_RUN_HOSTARRAY_H

#include "DType.h"
#include "Support.h"

#include <cstdint>
#include <string>
#include <vector>

namespace triton::runner {

struct HostArray {
  DType dtype = DType::F32;
  /// Row-major dimensions, each at least 1.
  std::vector<int64_t> shape;
  ByteBuffer data;

  size_t numElements() const {
    size_t count = 1;
    for (int64_t dim : shape)
      count *= static_cast<size_t>(dim);
    return count;
  }
  size_t byteSize() const { return numElements() * dtypeSize(dtype); }
  const uint8_t *element(size_t index) const {
    return data.data() + index * dtypeSize(dtype);
  }
};

/// Checks that every dimension is at least 1 and that the byte size of the
/// array fits in size_t; `what` names the array in the message.
Status checkShape(const std::vector<int64_t> &shape, DType dtype,
                  const std::string &what);

/// Allocates a zeroed array of the given dtype and shape.
Status allocateArray(DType dtype, std::vector<int64_t> shape, HostArray &array);

/// "4096x1024", as shapes are written on the command line.
std::string formatShape(const std::vector<int64_t> &shape);

/// "(4096, 1024)", as numpy prints a shape.
std::string formatShapeTuple(const std::vector<int64_t> &shape);

} // namespace triton::runner

#endif // TRITON_RUN_HOSTARRAY_H
