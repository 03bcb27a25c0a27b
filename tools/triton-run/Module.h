//===- Module.h - GPU module files: cubin, PTX, fatbin ----------*- C++ -*-===//
//
// Reads a module file and learns what it can without a GPU: its format (from
// its first bytes, not its name), the kernels it holds and the byte size of
// each kernel parameter. Kernels are the STT_FUNC symbols that carry CUDA's
// entry flag in a cubin's ELF symbol table, or the `.entry` functions of PTX;
// parameter sizes come from a cubin's .nv.info.<kernel> section (the
// EIATTR_KPARAM_INFO records) or from the PTX parameter list. A fatbin is a
// container of such images; compressed images are skipped.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_MODULE_H
#define TRITON_RUN_MODULE_H

#include "Support.h"

#include <string>
#include <vector>

namespace triton::runner {

enum class ModuleFormat { Cubin, Ptx, Fatbin };

const char *moduleFormatName(ModuleFormat format);

struct KernelInfo {
  std::string name;
  /// Whether paramSizes is known.
  bool hasParamInfo = false;
  /// Byte size of each parameter, in order.
  std::vector<unsigned> paramSizes;
};

struct ModuleImage {
  std::string path;
  ModuleFormat format = ModuleFormat::Cubin;
  /// The file's bytes; PTX is followed by a NUL, as the driver wants.
  ByteBuffer bytes;
  /// The kernels found without the driver.
  std::vector<KernelInfo> kernels;
  /// Why `kernels` may be incomplete (a compressed fatbin image), or "".
  std::string kernelsNote;

  const KernelInfo *findKernel(const std::string &name) const;
  /// "a, b, c": the kernel names, for messages.
  std::string kernelList() const;
};

/// Reads and inspects a module file.
Status loadModule(const std::string &path, ModuleImage &module);

} // namespace triton::runner

#endif // TRITON_RUN_MODULE_H
