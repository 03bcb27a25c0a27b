//===- Npy.h - .npy and raw .bin files --------------------------*- C++ -*-===//
//
// numpy's .npy format (versions 1.0, 2.0 and 3.0; C order, little-endian) and
// raw little-endian .bin files, for buffer contents, --save and --check.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_NPY_H
#define TRITON_RUN_NPY_H

#include "HostArray.h"

#include <string>

namespace triton::runner {

/// Reads a .npy file; its dtype and shape become the array's. Fails on
/// big-endian data, Fortran order, unsupported dtypes, 0-d or empty arrays,
/// and files whose size does not match their header.
Status readNpy(const std::string &path, HostArray &array);

/// Writes a .npy file (version 1.0, or 2.0 for very long headers).
Status writeNpy(const std::string &path, const HostArray &array);

/// Reads a raw file into an array of the given dtype and shape; its size
/// must be exactly the array's.
Status readRaw(const std::string &path, DType dtype,
               const std::vector<int64_t> &shape, HostArray &array);

/// Writes the array's bytes, nothing else.
Status writeRaw(const std::string &path, const HostArray &array);

/// Writes .npy when `path` ends in .npy, raw bytes when it ends in .bin;
/// other names are an error.
Status writeArrayFile(const std::string &path, const HostArray &array);

} // namespace triton::runner

#endif // TRITON_RUN_NPY_H
