//===- Metadata.h - kernel metadata and signatures --------------*- C++ -*-===//
//
// What a launch needs to know besides the binary: kernel name, warps, CTAs,
// shared memory, scratch sizes (upstream Triton's field names, which our own
// metadata JSON uses too), and, where available, the argument signature.
// Three JSON layouts are read:
//   - upstream's cache JSON (metadata_raw.json): the fields at top level;
//   - the corpus wrapper (metadata.json): the fields under "metadata";
//   - a signature file (signature.json): "signature" (argument name -> type,
//     constexprs typed "constexpr") and "launch" {"grid": [...]}.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_METADATA_H
#define TRITON_RUN_METADATA_H

#include "DType.h"
#include "Support.h"

#include <optional>
#include <string>
#include <vector>

namespace triton::runner {

/// One kernel parameter of a signature, constexprs already dropped.
struct SignatureEntry {
  enum class Kind { Scalar, Pointer, TensorDesc };
  /// The argument's name in the source, or "" when the signature is a list.
  std::string name;
  /// The type as written ("*fp32", "i32").
  std::string type;
  Kind kind = Kind::Scalar;
  /// The scalar type, or the pointee type of a pointer when known (pointers
  /// to fp8 types and the like match buffers of any dtype).
  std::optional<DType> dtype;
  /// A tensor descriptor's block shape ("tensordesc<fp16[64, 32]>").
  std::vector<int64_t> block;
};

/// One entry of upstream's `tensordesc_meta`: how the launcher encodes the
/// tensor map of a descriptor argument.
struct TensorDescMeta {
  /// CUtensorMapSwizzle (0 none, 1 32B, 2 64B, 3 128B).
  int swizzle = 0;
  int elemSize = 1;
  /// PTX's tensor-map element type number (mapped to CUtensorMapDataType
  /// as upstream's launcher maps it).
  int elemType = 0;
  /// The box, outermost dimension first.
  std::vector<int64_t> blockSize;
  bool fp4Padded = false;
};

struct KernelMetadata {
  /// The file the launch parameters came from, "" when none.
  std::string path;
  std::string name;
  std::optional<int64_t> numWarps, numCtas, shared, warpSize;
  std::optional<int64_t> globalScratchSize, globalScratchAlign;
  std::optional<int64_t> profileScratchSize, profileScratchAlign;
  /// The compilation target as the metadata spells it ("cuda:90").
  std::string target;

  /// Where the signature came from, "" when there is none.
  std::string signatureSource;
  std::vector<SignatureEntry> signature;
  /// The grid a signature.json launched with, empty when none.
  std::vector<int64_t> grid;
  /// The metadata's `tensordesc_meta`, one per descriptor argument.
  std::vector<TensorDescMeta> tensorDescs;
};

/// Reads a metadata JSON file into `metadata` (fields it lacks are left
/// unset). A "signature" in it is read as with loadSignature.
Status loadMetadata(const std::string &path, KernelMetadata &metadata);

/// Reads a signature: from a file when `spec` ends in .json, else from an
/// inline comma-separated list such as "*fp32,*fp32,i32".
Status loadSignature(const std::string &spec, KernelMetadata &metadata);

} // namespace triton::runner

#endif // TRITON_RUN_METADATA_H
