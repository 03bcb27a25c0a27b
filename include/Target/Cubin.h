//===- Cubin.h - PTX to CUBIN through ptxas ---------------------*- C++ -*-===//
//
// Upstream Triton's make_cubin: find ptxas, ask it for its CUDA version (which
// picks the default PTX version), and assemble PTX into a CUBIN.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TARGET_CUBIN_H
#define TRITON_TARGET_CUBIN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace mlir::triton::nvidia {

/// Finds ptxas for a capability: $TRITON_PTXAS_BLACKWELL_PATH for sm_100 and
/// later when set, else $TRITON_PTXAS_PATH when set, else
/// /usr/local/cuda/bin/ptxas, else `ptxas` on PATH. A variable that is set
/// must name an executable; nothing found is an error that says where it
/// looked.
llvm::Expected<std::string> findPtxas(int capability);

/// The environment the compilers we run (ptxas, triton-compile-stages) get:
/// ours, plus glibc malloc tunables that spare them page faults unless the
/// user set GLIBC_TUNABLES (even to nothing). Null-terminated; the strings
/// live as long as the process's environment.
std::vector<const char *> compilerEnvironment();

/// The CUDA version `MAJOR.MINOR` that `ptxas --version` reports.
llvm::Expected<std::string> getPtxasCUDAVersion(llvm::StringRef ptxasPath);

/// The default PTX version for a capability: the one the CUDA version of
/// its ptxas supports (getPTXVersionFromCUDAVersion).
llvm::Expected<int> getDefaultPTXVersion(int capability);

/// How ptxas is run.
struct PtxasOptions {
  int capability = 90;
  /// `-lineinfo`; with `suppressDebugInfo`, `-lineinfo -suppress-debug-info`.
  bool lineInfo = true;
  bool suppressDebugInfo = false;
  /// Off: `--fmad=false`.
  bool enableFPFusion = true;
  /// `--opt-level N` when set.
  std::optional<int> optLevel;
  /// Passed after the other options, before `--gpu-name`.
  std::vector<std::string> extraOptions;
};

/// The result of a successful ptxas run.
struct Cubin {
  std::string binary;
  /// What `ptxas -v` printed (registers, spills, ...).
  std::string log;
};

/// Assembles PTX with `ptxas -lineinfo -v --gpu-name=sm_NN[a] in.ptx -o out`.
/// On failure the error carries ptxas's output, with its input named
/// `inputName`, and the command line.
llvm::Expected<Cubin> compileToCubin(llvm::StringRef ptx,
                                     llvm::StringRef ptxasPath,
                                     const PtxasOptions &options,
                                     llvm::StringRef inputName = "<ptx>");

/// A ptxas started before its PTX exists. ptxas spends about half of its
/// time on a small kernel setting itself up before it reads its input, so a
/// compiler that starts it first and hands it the PTX through a pipe when
/// ready hides that time behind its own work. The CUBIN comes back through
/// a named pipe, so it arrives the moment ptxas closes it, a millisecond or
/// more before ptxas has exited. Not finishing the job kills ptxas.
class PtxasJob {
public:
  /// Starts ptxas, reading its PTX from a pipe.
  static llvm::Expected<std::unique_ptr<PtxasJob>>
  start(llvm::StringRef ptxasPath, const PtxasOptions &options);

  /// Sends `ptx` to ptxas, which compiles it while the caller goes on; a
  /// failure to send is reported by wait(). Call at most once.
  void send(llvm::StringRef ptx);

  /// What wait() waits for.
  enum class WaitFor {
    /// ptxas's exit: its status is checked and Cubin::log is complete.
    Exit,
    /// A complete CUBIN (a well-formed ELF file that ptxas closed): ptxas
    /// may still be exiting, and Cubin::log may then be empty. Should ptxas
    /// close something else, wait() waits for its exit as with Exit. The
    /// job's destructor reaps ptxas.
    Cubin,
  };

  /// Waits for the CUBIN of the PTX sent; errors as compileToCubin, naming
  /// the PTX `inputName`. Call once, after send().
  llvm::Expected<Cubin> wait(llvm::StringRef inputName = "<ptx>",
                             WaitFor what = WaitFor::Exit);

  /// send() then wait().
  llvm::Expected<Cubin> finish(llvm::StringRef ptx,
                               llvm::StringRef inputName = "<ptx>");

  ~PtxasJob();
  PtxasJob(const PtxasJob &) = delete;
  PtxasJob &operator=(const PtxasJob &) = delete;

private:
  PtxasJob() = default;
  /// start(), with the CUBIN coming back through a named pipe when
  /// `pipeOutput` (and one can be made) or through a plain file.
  static llvm::Expected<std::unique_ptr<PtxasJob>>
  startWith(llvm::StringRef ptxasPath, const PtxasOptions &options,
            bool pipeOutput);

  /// Reads the CUBIN from the named pipe until ptxas closes it, or until
  /// ptxas exits without writing (then `status` is set and pid is -1).
  std::string readCubin(int &status);

  /// Removes the output and log files, if any are left.
  void removeFiles();

  int pid = -1;
  int ptxFd = -1;
  /// The read end of the named pipe at outputPath; -1 when ptxas writes a
  /// plain file (no named pipe could be made there).
  int cubinFd = -1;
  /// ptxas wrote a complete CUBIN and is exiting: reap it, do not kill it.
  bool exiting = false;
  /// ptxas opened the pipe and closed it without writing.
  bool openedEmpty = false;
  std::error_code sendError;
  std::string outputPath, logPath;
  /// What a second run with a plain output file needs, should ptxas fail
  /// without writing into the pipe.
  std::string ptxasPath, sentPtx;
  PtxasOptions options;
  std::vector<std::string> args;
};

} // namespace mlir::triton::nvidia

#endif // TRITON_TARGET_CUBIN_H
