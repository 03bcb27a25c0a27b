//===- Args.h - kernel arguments from the command line ----------*- C++ -*-===//
//
// Each positional argument after the module is one kernel argument, in
// order:
//
//   [NAME=]TYPE:VALUE              a scalar           i32:1024  f16:0.5
//   [NAME=]VALUE                   a scalar typed by the signature
//   [NAME=]TYPE:SHAPE:INIT         a buffer           f32:4096x1024:zeros
//   [NAME=]@FILE.npy               a buffer, dtype and shape from the file
//   [NAME=]null                    a null pointer
//   [NAME=]desc:BLOCK[,nan]:BUFFER a tensor descriptor (a CUtensorMap) of
//                                  blocks BLOCK over a buffer written as
//                                  above (TYPE:SHAPE:INIT or @FILE.npy)
//
// INIT is zeros, ones, fill=V, iota[,start=V][,step=V],
// uniform[,lo=V][,hi=V][,seed=N], normal[,mean=V][,std=V][,seed=N], or
// @FILE (.npy checked against TYPE and SHAPE; any other name read raw).
// Buffers are named NAME, or argN after their position, for --print, --save
// and --check.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_ARGS_H
#define TRITON_RUN_ARGS_H

#include "HostArray.h"
#include "Metadata.h"
#include "Module.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace triton::runner {

/// How a buffer's initial contents are made.
struct BufferInit {
  enum class Kind { Zeros, Ones, Fill, Iota, Uniform, Normal, File };
  Kind kind = Kind::Zeros;
  /// The literal of fill=V, parsed in the buffer's dtype.
  std::string fillText;
  double start = 0, step = 1;
  /// uniform draws from [lo, hi), by default [0, defaultHi(dtype)).
  std::optional<double> lo, hi;
  double mean = 0, stddev = 1;
  uint64_t seed = 0;
  std::string path;

  /// The default upper bound of uniform: 1 for floats, 100 for integers,
  /// 2 for i1 (so 0 or 1).
  static double defaultHi(DType dtype);

  /// "normal(mean=0, std=1, seed=0)" for a buffer of `dtype`, for the plan
  /// and the report.
  std::string describe(DType dtype) const;
};

struct KernelArg {
  enum class Kind { Scalar, Buffer, Null, Descriptor };
  Kind kind = Kind::Scalar;
  /// Position among the kernel's arguments.
  unsigned index = 0;
  /// The given name, or "argN".
  std::string name;
  /// The argument as written on the command line.
  std::string spelling;

  /// Scalars: whether a type was written; the value's text and storage.
  bool typed = false;
  DType dtype = DType::F32;
  std::string valueText;
  uint8_t value[8] = {};

  /// Buffers: true for @FILE.npy, whose dtype and shape come from the file.
  bool shapeFromFile = false;
  std::vector<int64_t> shape;
  BufferInit init;
  HostArray host;

  /// Descriptors (which hold their buffer, as buffers do): the block, NaN
  /// padding, then (resolveDescriptors) the tensor map's encoding from the
  /// metadata's tensordesc_meta.
  std::vector<int64_t> block;
  bool nanPadding = false;
  int swizzle = 0;
  /// CUtensorMapDataType.
  int tmaDataType = 0;
  std::vector<int64_t> box;

  /// Buffers and descriptors have device memory, printed, saved, checked.
  bool holdsBuffer() const {
    return kind == Kind::Buffer || kind == Kind::Descriptor;
  }

  /// Bytes this argument occupies in the kernel's parameter list (a
  /// descriptor is a CUtensorMap passed by value).
  unsigned paramSize() const {
    if (kind == Kind::Descriptor)
      return 128;
    return kind == Kind::Scalar ? dtypeSize(dtype) : 8;
  }
  /// "f32[1024]" for buffers, "i32 7" for scalars, "null".
  std::string describe() const;
};

/// Parses the positional kernel arguments; names must be unique.
Status parseKernelArgs(const std::vector<std::string> &texts,
                       std::vector<KernelArg> &args);

/// Makes the host contents of every buffer argument.
Status materializeBuffers(std::vector<KernelArg> &args);

/// Types the untyped scalars from the signature and checks every argument
/// against it (count, buffer vs scalar, dtype). Without a signature, only
/// checks that every scalar has a type.
Status applySignature(std::vector<KernelArg> &args,
                      const KernelMetadata &metadata);

/// Resolves each descriptor argument: the buffer it names, and its tensor
/// map's swizzle, element type and box from the k-th entry of the
/// metadata's tensordesc_meta (the k-th descriptor argument).
Status resolveDescriptors(std::vector<KernelArg> &args,
                          const KernelMetadata &metadata);

/// Checks the arguments (plus the two scratch pointers when `scratchArgs`)
/// against the parameter sizes the module gives for `kernel`.
Status checkParamSizes(const std::vector<KernelArg> &args,
                       const KernelInfo &kernel, bool scratchArgs);

} // namespace triton::runner

#endif // TRITON_RUN_ARGS_H
