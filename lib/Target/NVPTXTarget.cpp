//===- NVPTXTarget.cpp - arch spellings, processors, PTX versions ---------===//
//
// The small facts of upstream Triton's NVIDIA back end that every stage
// needs: how a capability maps to LLVM's processor and features, and which
// PTX version a CUDA toolkit supports.
//
//===----------------------------------------------------------------------===//

#include "Target/NVPTXTarget.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

using namespace llvm;

namespace mlir::triton::nvidia {

std::string getNVPTXProcessor(int capability) {
  return "sm_" + std::to_string(capability) + (capability >= 90 ? "a" : "");
}

std::string getNVPTXFeatures(int capability, int ptxVersion) {
  int version = std::min(kMaxLLVMPTXVersion, ptxVersion);
  version = std::max(version, getMinimumPTXVersion(capability));
  return "+ptx" + std::to_string(version);
}

Expected<int> getPTXVersionFromCUDAVersion(StringRef cudaVersion) {
  auto [majorText, minorText] = cudaVersion.trim().split('.');
  unsigned major = 0, minor = 0;
  if (majorText.getAsInteger(10, major) || minorText.getAsInteger(10, minor))
    return createStringError("invalid CUDA version '%s': expected MAJOR.MINOR",
                             cudaVersion.str().c_str());
  if (major >= 13)
    return 90 + (major - 13) * 10 + minor;
  if (major == 12)
    return minor < 6 ? 80 + minor : 79 + minor;
  if (major == 11)
    return 70 + minor;
  if (major == 10)
    return 63 + minor;
  return createStringError("CUDA %s is too old: Triton needs CUDA 10 or later",
                           cudaVersion.str().c_str());
}

void initializeNVPTXTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

/// The NVPTX subtarget of a processor, or the generic one; null when LLVM
/// has no NVPTX target.
static std::unique_ptr<MCSubtargetInfo> createSubtarget(StringRef processor,
                                                        std::string &error) {
  initializeNVPTXTarget();
  Triple triple(kNVPTXTriple);
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  return std::unique_ptr<MCSubtargetInfo>(
      target->createMCSubtargetInfo(triple, processor, ""));
}

/// Asks the back end which PTX version it picks for a processor when none is
/// requested, which is the processor's minimum: LLVM has no other way to
/// tell, so an empty module is compiled and its `.version` read.
static int computeMinimumPTXVersion(int capability) {
  initializeNVPTXTarget();
  Triple triple(kNVPTXTriple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return 0;
  std::unique_ptr<TargetMachine> machine(
      target->createTargetMachine(triple, getNVPTXProcessor(capability), "",
                                  TargetOptions(), std::nullopt));
  if (!machine)
    return 0;
  LLVMContext context;
  Module module("min-ptx-version", context);
  module.setTargetTriple(triple);
  module.setDataLayout(machine->createDataLayout());
  SmallString<256> ptx;
  raw_svector_ostream os(ptx);
  legacy::PassManager passes;
  if (machine->addPassesToEmitFile(passes, os, nullptr,
                                   CodeGenFileType::AssemblyFile))
    return 0;
  passes.run(module);
  SmallVector<StringRef, 3> matches;
  int major = 0, minor = 0;
  if (!Regex("\\.version ([0-9]+)\\.([0-9]+)").match(ptx, &matches) ||
      matches[1].getAsInteger(10, major) || matches[2].getAsInteger(10, minor))
    return 0;
  return major * 10 + minor;
}

int getMinimumPTXVersion(int capability) {
  static std::mutex mutex;
  static std::map<int, int> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = cache.try_emplace(capability, 0);
  if (inserted)
    it->second = computeMinimumPTXVersion(capability);
  return it->second;
}

Error verifyNVPTXProcessor(int capability) {
  std::string error;
  // Asking for an unknown processor directly would print LLVM's warning.
  std::unique_ptr<MCSubtargetInfo> subtarget = createSubtarget("", error);
  if (!subtarget)
    return createStringError("cannot find the NVPTX target: %s", error.c_str());
  std::string processor = getNVPTXProcessor(capability);
  if (!subtarget->isCPUStringValid(processor))
    return createStringError("unsupported GPU architecture sm_%d: LLVM's "
                             "NVPTX back end has no processor '%s'",
                             capability, processor.c_str());
  return Error::success();
}

Error verifyPTXVersion(int capability, int ptxVersion) {
  int minimum = getMinimumPTXVersion(capability);
  if (ptxVersion < minimum)
    return createStringError("%s needs PTX %d.%d or later, not %d.%d",
                             getNVPTXProcessor(capability).c_str(),
                             minimum / 10, minimum % 10, ptxVersion / 10,
                             ptxVersion % 10);
  return Error::success();
}

/// LLVM's registered option `name`, or null.
static cl::Option *findLLVMOption(StringRef name) {
  initializeNVPTXTarget();
  DenseMap<StringRef, cl::Option *> &options = cl::getRegisteredOptions();
  auto it = options.find(name);
  return it == options.end() ? nullptr : it->second;
}

Error setLLVMBoolOption(StringRef name, bool value) {
  cl::Option *option = findLLVMOption(name);
  if (!option)
    return createStringError("LLVM has no option '%s'", name.str().c_str());
  // The options set here are all declared as cl::opt<bool> in LLVM. One
  // already set is left untouched (another thread may be reading it).
  auto *flag = static_cast<cl::opt<bool> *>(option);
  if (flag->getValue() != value)
    flag->setValue(value);
  return Error::success();
}

Error setLLVMCommandLineOption(StringRef name, StringRef value) {
  cl::Option *option = findLLVMOption(name);
  if (!option)
    return createStringError("LLVM has no option '%s'", name.str().c_str());
  if (option->getNumOccurrences() == 0 &&
      option->addOccurrence(/*pos=*/0, name, value))
    return createStringError("LLVM rejects '-%s=%s'", name.str().c_str(),
                             value.str().c_str());
  return Error::success();
}

Error setNVPTXBackendOptions() {
  for (const char *option : {"nvptx-short-ptr", "nvptx-mad-wide-opt"})
    if (Error error = setLLVMBoolOption(option, true))
      return error;
  return Error::success();
}

Expected<std::unique_ptr<TargetMachine>>
createNVPTXTargetMachine(const NVPTXOptions &options) {
  if (Error error = verifyNVPTXProcessor(options.capability))
    return std::move(error);
  if (Error error = verifyPTXVersion(options.capability, options.ptxVersion))
    return std::move(error);
  Triple triple(kNVPTXTriple);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError("cannot find the NVPTX target: %s", error.c_str());
  TargetOptions targetOptions;
  if (options.enableFPFusion)
    targetOptions.AllowFPOpFusion = FPOpFusion::Fast;
  targetOptions.NoInfsFPMath = false;
  targetOptions.NoNaNsFPMath = true;
  targetOptions.TrapUnreachable = true;
  targetOptions.MCOptions.AsmVerbose = true;
  targetOptions.MCOptions.PreserveAsmComments = true;
  // Upstream generates code at -O3, where the NVPTX back end runs GVN twice
  // more after O3's; -O2 runs EarlyCSE there instead. The corpus kernels get
  // the same PTX (flash attention: one compare placed elsewhere in its loop)
  // for a quarter fewer instructions on sm_80 flash attention, 4% on sm_90
  // matmul.
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, getNVPTXProcessor(options.capability),
      getNVPTXFeatures(options.capability, options.ptxVersion), targetOptions,
      Reloc::PIC_, std::nullopt, CodeGenOptLevel::Default));
  if (!machine)
    return createStringError("cannot create the NVPTX target machine for %s",
                             getNVPTXProcessor(options.capability).c_str());
  return machine;
}

Error ensureNVPTXTargetMachine(const NVPTXOptions &options,
                               TargetMachine *&machine,
                               std::unique_ptr<TargetMachine> &owned) {
  if (machine)
    return Error::success();
  if (Error error = setNVPTXBackendOptions())
    return error;
  Expected<std::unique_ptr<TargetMachine>> created =
      createNVPTXTargetMachine(options);
  if (!created)
    return created.takeError();
  owned = std::move(*created);
  machine = owned.get();
  return Error::success();
}

} // namespace mlir::triton::nvidia
