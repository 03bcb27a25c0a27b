//===- HostArray.cpp - a dense array in host memory ----------------------===//

#include "HostArray.h"

namespace triton::runner {

Status checkShape(const std::vector<int64_t> &shape, DType dtype,
                  const std::string &what) {
  if (shape.empty())
    return Status::badInput(what + ": a buffer needs at least one dimension");
  size_t bytes = dtypeSize(dtype);
  for (int64_t dim : shape) {
    if (dim < 1)
      return Status::badInput(formatString("%s: dimension %lld is not positive",
                                           what.c_str(),
                                           static_cast<long long>(dim)));
    if (bytes > SIZE_MAX / static_cast<uint64_t>(dim))
      return Status::badInput(formatString("%s: shape %s is too large",
                                           what.c_str(),
                                           formatShape(shape).c_str()));
    bytes *= static_cast<size_t>(dim);
  }
  return Status();
}

Status allocateArray(DType dtype, std::vector<int64_t> shape,
                     HostArray &array) {
  array.dtype = dtype;
  array.shape = std::move(shape);
  return array.data.allocate(array.byteSize());
}

std::string formatShape(const std::vector<int64_t> &shape) {
  std::string text;
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "x" : "") + std::to_string(shape[i]);
  return text;
}

std::string formatShapeTuple(const std::vector<int64_t> &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

} // namespace triton::runner
