//===- PTX.cpp - LLVM IR to PTX through the NVPTX back end ----------------===//
//
// Upstream Triton's make_ptx: inline everything that may be inlined, run the
// NVPTX code generator with Triton's options, and fix up the text so that
// ptxas sees the PTX version Triton chose rather than the one LLVM knows.
//
//===----------------------------------------------------------------------===//

#include "Target/PTX.h"
#include "LLVMDiagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Pass.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"

using namespace llvm;

namespace mlir::triton::nvidia {

struct PTXCodeGenerator::Impl {
  SmallString<0> ptx;
  raw_svector_ostream os{ptx};
  legacy::PassManager passes;
  bool ran = false;
};

PTXCodeGenerator::PTXCodeGenerator(TargetMachine &machine)
    : machine(machine), impl(std::make_unique<Impl>()) {}
PTXCodeGenerator::~PTXCodeGenerator() = default;

Expected<std::unique_ptr<PTXCodeGenerator>>
PTXCodeGenerator::create(TargetMachine &machine) {
  std::unique_ptr<PTXCodeGenerator> generator(new PTXCodeGenerator(machine));
  legacy::PassManager &passes = generator->impl->passes;
  passes.add(createAlwaysInlinerLegacyPass());
  passes.add(createVerifierPass());
  if (machine.addPassesToEmitFile(passes, generator->impl->os, nullptr,
                                  CodeGenFileType::AssemblyFile))
    return createStringError("the NVPTX target cannot emit assembly");
  return std::move(generator);
}

Expected<std::string> PTXCodeGenerator::run(Module &module) {
  if (impl->ran)
    return createStringError("the code generator's passes ran already");
  impl->ran = true;
  LLVMDiagnosticCapture diagnostics(module.getContext());
  impl->passes.run(module);
  if (Error error = diagnostics.takeError("NVPTX code generation failed"))
    return std::move(error);
  return std::string(impl->ptx.str());
}

Expected<std::string> translateToPTX(Module &module,
                                     const NVPTXOptions &options,
                                     PTXCodeGenerator *generator) {
  std::string brokenReason;
  raw_string_ostream brokenStream(brokenReason);
  if (verifyModule(module, &brokenStream))
    return createStringError("invalid LLVM module: %s", brokenReason.c_str());

  std::unique_ptr<TargetMachine> ownMachine;
  std::unique_ptr<PTXCodeGenerator> ownGenerator;
  if (!generator) {
    TargetMachine *machine = nullptr;
    if (Error error = ensureNVPTXTargetMachine(options, machine, ownMachine))
      return std::move(error);
    Expected<std::unique_ptr<PTXCodeGenerator>> made =
        PTXCodeGenerator::create(*machine);
    if (!made)
      return made.takeError();
    ownGenerator = std::move(*made);
    generator = ownGenerator.get();
  }
  TargetMachine &machine = generator->getTargetMachine();
  module.setTargetTriple(machine.getTargetTriple());
  module.setDataLayout(machine.createDataLayout());

  for (Function &function : module)
    if (!function.isDeclaration() &&
        !function.hasFnAttribute(Attribute::NoInline))
      function.addFnAttr(Attribute::AlwaysInline);

  Expected<std::string> ptx = generator->run(module);
  if (!ptx)
    return ptx.takeError();
  return fixupPTX(*ptx, options.capability, options.ptxVersion);
}

/// Rewrites the `.target` directive: `sm_NN` becomes `sm_<capability>` with
/// any suffix kept, and the `debug` flag goes.
static std::string fixupTarget(StringRef line, int capability) {
  StringRef rest = line.drop_front(StringRef(".target").size());
  SmallVector<StringRef> flags;
  rest.split(flags, ',');
  SmallVector<std::string> kept;
  for (StringRef flag : flags) {
    flag = flag.trim();
    if (flag == "debug" || flag.empty())
      continue;
    StringRef suffix = flag;
    if (suffix.consume_front("sm_")) {
      suffix = suffix.drop_while(isDigit);
      if (suffix.size() + 3 < flag.size()) {
        kept.push_back("sm_" + std::to_string(capability) + suffix.str());
        continue;
      }
    }
    kept.push_back(flag.str());
  }
  return ".target " + join(kept, ", ");
}

std::string fixupPTX(StringRef ptx, int capability, int ptxVersion) {
  std::string result;
  result.reserve(ptx.size());
  while (!ptx.empty()) {
    auto [line, rest] = ptx.split('\n');
    bool hadNewline = line.size() < ptx.size();
    ptx = rest;
    if (line.starts_with(".version ") || line == ".version")
      result += ".version " + std::to_string(ptxVersion / 10) + "." +
                std::to_string(ptxVersion % 10);
    else if (line.starts_with(".target ") || line.starts_with(".target\t"))
      result += fixupTarget(line, capability);
    else
      result += line;
    if (hadNewline)
      result += '\n';
  }
  return result;
}

} // namespace mlir::triton::nvidia
