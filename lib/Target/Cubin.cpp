//===- Cubin.cpp - PTX to CUBIN through ptxas -----------------------------===//
//
// make_cubin runs NVIDIA's assembler in a child process on temporary files;
// the CUBIN comes back in memory, so the caller writes it atomically. A
// failure carries ptxas's own messages, which name the user's input rather
// than the temporary file.
//
//===----------------------------------------------------------------------===//

#include "Target/Cubin.h"
#include "Target/NVPTXTarget.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace mlir::triton::nvidia {

namespace {
/// A temporary file that is removed when it goes out of scope.
struct TempPath {
  SmallString<128> path;
  ~TempPath() {
    if (!path.empty())
      sys::fs::remove(path);
  }
};
} // namespace

static Error createTemp(StringRef prefix, StringRef suffix, TempPath &temp) {
  if (std::error_code ec =
          sys::fs::createTemporaryFile(prefix, suffix, temp.path))
    return createStringError(ec, "cannot create a temporary file: %s",
                             ec.message().c_str());
  return Error::success();
}

static std::string readFileOrEmpty(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

Expected<std::string> getPtxasCUDAVersion(StringRef ptxasPath) {
  TempPath output;
  if (Error error = createTemp("triton-ptxas-version", "txt", output))
    return std::move(error);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(output.path),
                                          StringRef(output.path)};
  std::string message;
  int rc = sys::ExecuteAndWait(ptxasPath, {ptxasPath, "--version"},
                               std::nullopt, redirects, /*SecondsToWait=*/60,
                               /*MemoryLimit=*/0, &message);
  std::string text = readFileOrEmpty(output.path);
  if (rc != 0)
    return createStringError("'%s --version' failed%s%s",
                             ptxasPath.str().c_str(),
                             message.empty() ? "" : ": ", message.c_str());
  SmallVector<StringRef, 3> matches;
  if (!Regex("release ([0-9]+)\\.([0-9]+)").match(text, &matches))
    return createStringError(
        "cannot read a CUDA version from '%s --version' (expected "
        "'release MAJOR.MINOR')",
        ptxasPath.str().c_str());
  return (matches[1] + "." + matches[2]).str();
}

Expected<int> getDefaultPTXVersion(int capability) {
  Expected<std::string> ptxas = findPtxas(capability);
  if (!ptxas)
    return ptxas.takeError();
  Expected<std::string> cudaVersion = getPtxasCUDAVersion(*ptxas);
  if (!cudaVersion)
    return cudaVersion.takeError();
  return getPTXVersionFromCUDAVersion(*cudaVersion);
}

Expected<Cubin> compileToCubin(StringRef ptx, StringRef ptxasPath,
                               const PtxasOptions &options,
                               StringRef inputName) {
  TempPath input, output, log;
  if (Error error = createTemp("triton-ptxas", "ptx", input))
    return std::move(error);
  if (Error error = createTemp("triton-ptxas", "cubin", output))
    return std::move(error);
  if (Error error = createTemp("triton-ptxas", "log", log))
    return std::move(error);
  {
    std::error_code ec;
    raw_fd_ostream os(input.path, ec);
    if (!ec) {
      os << ptx;
      os.close();
      ec = os.error();
    }
    if (ec)
      return createStringError(ec, "cannot write '%s': %s", input.path.c_str(),
                               ec.message().c_str());
  }

  std::string gpuName = "--gpu-name=" + getNVPTXProcessor(options.capability);
  std::string optLevel =
      options.optLevel ? std::to_string(*options.optLevel) : "";
  SmallVector<StringRef> args = {ptxasPath};
  if (options.lineInfo)
    args.push_back("-lineinfo");
  if (options.suppressDebugInfo)
    args.push_back("-suppress-debug-info");
  if (!options.enableFPFusion)
    args.push_back("--fmad=false");
  args.push_back("-v");
  if (options.optLevel) {
    args.push_back("--opt-level");
    args.push_back(optLevel);
  }
  for (const std::string &option : options.extraOptions)
    args.push_back(option);
  args.append({gpuName, input.path, "-o", output.path});

  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log.path),
                                          StringRef(log.path)};
  std::string message;
  bool failedToRun = false;
  int rc = sys::ExecuteAndWait(ptxasPath, args, std::nullopt, redirects,
                               /*SecondsToWait=*/0, /*MemoryLimit=*/0, &message,
                               &failedToRun);
  // ptxas names its input in every message: show the user's name instead.
  std::string text = readFileOrEmpty(log.path);
  for (size_t pos = text.find(input.path.str()); pos != std::string::npos;
       pos = text.find(input.path.str(), pos + inputName.size()))
    text.replace(pos, input.path.size(), inputName.str());

  if (failedToRun)
    return createStringError("cannot run '%s': %s", ptxasPath.str().c_str(),
                             message.c_str());
  if (rc != 0) {
    std::string reason =
        rc < 0 ? "ptxas crashed" + (message.empty() ? "" : ": " + message)
               : "ptxas failed with exit code " + std::to_string(rc);
    // The temporary files are gone: the command names the user's input.
    std::string command;
    raw_string_ostream os(command);
    args[args.size() - 3] = inputName;
    args.back() = "out.cubin";
    interleave(args, os, " ");
    return createStringError("%s\nptxas output:\n%s\ncommand: %s",
                             reason.c_str(), text.c_str(), command.c_str());
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> binary =
      MemoryBuffer::getFile(output.path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!binary)
    return createStringError(binary.getError(),
                             "ptxas succeeded but wrote no CUBIN: %s",
                             binary.getError().message().c_str());
  return Cubin{(*binary)->getBuffer().str(), std::move(text)};
}

} // namespace mlir::triton::nvidia
