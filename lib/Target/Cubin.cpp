//===- Cubin.cpp - PTX to CUBIN through ptxas -----------------------------===//
//
// make_cubin runs NVIDIA's assembler in a child process that reads the PTX
// from a pipe, so it can be started before the PTX exists; the CUBIN comes
// back in memory (through a named pipe where one can be made), so the caller
// writes it atomically. A failure carries ptxas's own messages, which name
// the user's input rather than the pipe.
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

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace mlir::triton::nvidia {

namespace {
/// A temporary file or named pipe, removed when it goes out of scope. (The
/// files here are removed with unlink(): sys::fs::remove refuses a pipe.)
struct TempPath {
  SmallString<128> path;
  ~TempPath() {
    if (!path.empty())
      ::unlink(path.c_str());
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

/// The file name ptxas reads its PTX from: the pipe from the compiler.
static constexpr StringLiteral kPtxInput = "/dev/stdin";

/// Makes a named pipe under a new name in the temporary directory and opens
/// its read end (without waiting for a writer). Returns the descriptor, or
/// -1 when no named pipe can be made there (`path` is then empty).
static int makeCubinPipe(TempPath &path) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    sys::fs::createUniquePath("triton-ptxas-%%%%%%%%.cubin", path.path,
                              /*MakeAbsolute=*/true);
    if (mkfifo(path.path.c_str(), 0600) == 0) {
      int fd = open(path.path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
      if (fd >= 0)
        return fd;
      break; // the path is removed with `path`
    }
    if (errno != EEXIST) {
      path.path.clear();
      return -1;
    }
  }
  if (!path.path.empty())
    ::unlink(path.path.c_str());
  path.path.clear();
  return -1;
}

Expected<std::unique_ptr<PtxasJob>>
PtxasJob::start(StringRef ptxasPath, const PtxasOptions &options) {
  return startWith(ptxasPath, options, /*pipeOutput=*/true);
}

Expected<std::unique_ptr<PtxasJob>>
PtxasJob::startWith(StringRef ptxasPath, const PtxasOptions &options,
                    bool pipeOutput) {
  std::unique_ptr<PtxasJob> job(new PtxasJob());
  job->ptxasPath = ptxasPath.str();
  job->options = options;
  TempPath output, log;
  if (pipeOutput)
    job->cubinFd = makeCubinPipe(output);
  if (job->cubinFd < 0)
    if (Error error = createTemp("triton-ptxas", "cubin", output))
      return std::move(error);
  if (Error error = createTemp("triton-ptxas", "log", log))
    return std::move(error);

  std::vector<std::string> &args = job->args;
  args.push_back(ptxasPath.str());
  if (options.lineInfo)
    args.push_back("-lineinfo");
  if (options.suppressDebugInfo)
    args.push_back("-suppress-debug-info");
  if (!options.enableFPFusion)
    args.push_back("--fmad=false");
  args.push_back("-v");
  if (options.optLevel) {
    args.push_back("--opt-level");
    args.push_back(std::to_string(*options.optLevel));
  }
  for (const std::string &option : options.extraOptions)
    args.push_back(option);
  args.push_back("--gpu-name=" + getNVPTXProcessor(options.capability));
  args.push_back(kPtxInput.str());
  args.push_back("-o");
  args.push_back(output.path.str().str());

  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0)
    return createStringError(std::error_code(errno, std::generic_category()),
                             "cannot create a pipe to ptxas");
  // Room for the whole PTX of a large kernel, so that sending it does not
  // wait for ptxas to be ready to read (best effort).
  (void)fcntl(pipeFds[1], F_SETPIPE_SZ, 1 << 20);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[0], STDIN_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.path.c_str(),
                                   O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::vector<const char *> envp = compilerEnvironment();
  pid_t pid;
  int rc = posix_spawn(&pid, args[0].c_str(), &actions, nullptr, argv.data(),
                       const_cast<char *const *>(envp.data()));
  posix_spawn_file_actions_destroy(&actions);
  close(pipeFds[0]);
  if (rc != 0) {
    close(pipeFds[1]);
    return createStringError(std::error_code(rc, std::generic_category()),
                             "cannot run '%s': %s", args[0].c_str(),
                             strerror(rc));
  }
  job->pid = pid;
  job->ptxFd = pipeFds[1];
  // The job owns the temporary files from now on.
  job->outputPath = output.path.str().str();
  job->logPath = log.path.str().str();
  output.path.clear();
  log.path.clear();
  return std::move(job);
}

/// Writes all of `data` to `fd` without dying of SIGPIPE when the reader is
/// gone (ptxas rejected its options, say): EPIPE is reported instead.
static std::error_code writeAll(int fd, StringRef data) {
  sigset_t pipeSignal, previous;
  sigemptyset(&pipeSignal);
  sigaddset(&pipeSignal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous);
  std::error_code ec;
  while (!data.empty()) {
    ssize_t written = ::write(fd, data.data(), data.size());
    if (written < 0) {
      if (errno == EINTR)
        continue;
      ec = std::error_code(errno, std::generic_category());
      break;
    }
    data = data.drop_front(written);
  }
  if (ec == std::errc::broken_pipe) {
    // Consume the SIGPIPE raised for this thread before unblocking it.
    struct timespec zero = {0, 0};
    sigtimedwait(&pipeSignal, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return ec;
}

void PtxasJob::send(StringRef ptx) {
  assert(ptxFd >= 0 && "the PTX was sent already");
  if (cubinFd >= 0)
    sentPtx = ptx.str();
  sendError = writeAll(ptxFd, ptx);
  close(ptxFd);
  ptxFd = -1;
}

Expected<Cubin> PtxasJob::finish(StringRef ptx, StringRef inputName) {
  send(ptx);
  return wait(inputName);
}

/// Whether `data` is a whole 64-bit little-endian ELF file: its headers,
/// and the contents of every section, lie within it.
static bool isCompleteELF(StringRef data) {
  if (data.size() < 64 ||
      !data.starts_with("\x7f"
                        "ELF") ||
      data[4] != 2 || data[5] != 1)
    return false;
  auto field = [&](uint64_t offset, unsigned bytes) -> uint64_t {
    uint64_t value = 0;
    for (unsigned i = 0; i < bytes; ++i)
      value |= uint64_t(uint8_t(data[offset + i])) << (8 * i);
    return value;
  };
  auto within = [&](uint64_t offset, uint64_t size) {
    return offset <= data.size() && size <= data.size() - offset;
  };
  uint64_t phoff = field(0x20, 8), shoff = field(0x28, 8);
  uint64_t phentsize = field(0x36, 2), phnum = field(0x38, 2);
  uint64_t shentsize = field(0x3A, 2), shnum = field(0x3C, 2);
  if (shnum == 0 || shentsize < 0x40 || !within(shoff, shnum * shentsize) ||
      !within(phoff, phnum * phentsize))
    return false;
  for (uint64_t i = 0; i < shnum; ++i) {
    uint64_t header = shoff + i * shentsize;
    constexpr uint64_t kNoBits = 8;
    if (field(header + 4, 4) != kNoBits &&
        !within(field(header + 0x18, 8), field(header + 0x20, 8)))
      return false;
  }
  return true;
}

/// Waits for `pid` without blocking: true once it is gone (its status in
/// `status`; 0 when it cannot be known, as when SIGCHLD is ignored and the
/// system reaped it).
static bool reaped(pid_t pid, int &status) {
  pid_t got;
  while ((got = waitpid(pid, &status, WNOHANG)) < 0 && errno == EINTR) {
  }
  if (got == pid)
    return true;
  if (got < 0) {
    status = 0;
    return true;
  }
  return false;
}

std::string PtxasJob::readCubin(int &status) {
  std::string data;
  char buffer[1 << 16];
  // Takes what the pipe holds now; false at its end.
  auto drain = [&]() {
    for (;;) {
      ssize_t n = ::read(cubinFd, buffer, sizeof(buffer));
      if (n > 0) {
        data.append(buffer, n);
        continue;
      }
      if (n < 0 && errno == EINTR)
        continue;
      return n < 0 && errno == EAGAIN;
    }
  };
  for (;;) {
    pollfd ready = {cubinFd, POLLIN, 0};
    // Until data comes, look every few milliseconds whether ptxas exited
    // without writing (a failure); once it writes, it closes or dies.
    int events = poll(&ready, 1, data.empty() ? 5 : -1);
    if (events < 0 && errno != EINTR)
      break;
    if (events > 0) {
      bool open = drain();
      if (!open && !data.empty())
        break; // every writer closed the pipe: the CUBIN is whole
      if (!open) {
        // A writer came and went without writing, or (on some systems) no
        // writer came yet: let a little time pass.
        openedEmpty = true;
        usleep(500);
      }
    }
    if (data.empty() && reaped(pid, status)) {
      pid = -1;
      drain(); // what it wrote between the poll and its exit
      break;
    }
  }
  // Nobody else may open the pipe now: a second opening would wait for a
  // reader for ever. (A file ptxas put in its place stays, to be read.)
  struct stat info;
  if (lstat(outputPath.c_str(), &info) == 0 && S_ISFIFO(info.st_mode))
    ::unlink(outputPath.c_str());
  return data;
}

Expected<Cubin> PtxasJob::wait(StringRef inputName, WaitFor what) {
  assert(pid > 0 && ptxFd < 0 && "no PTX was sent, or the job was finished");
  std::error_code writeError = sendError;
  int status = 0;
  std::optional<std::string> piped;
  if (cubinFd >= 0) {
    piped = readCubin(status);
    close(cubinFd);
    cubinFd = -1;
    if (pid > 0 && what == WaitFor::Cubin && isCompleteELF(*piped)) {
      // ptxas closed a whole CUBIN; leave it to exit while the caller goes
      // on. Its log is not needed, and its files can go now.
      exiting = true;
      ::unlink(logPath.c_str());
      return Cubin{std::move(*piped), std::string()};
    }
    // Nothing came through the pipe: whatever ptxas left at its path (a
    // plain file, should it have replaced the pipe) is read below.
    if (piped->empty())
      piped.reset();
  }
  if (pid > 0) {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    pid = -1;
  }

  // ptxas names its input in every message: show the user's name instead.
  std::string text = readFileOrEmpty(logPath);
  for (size_t pos = text.find(kPtxInput); pos != std::string::npos;
       pos = text.find(kPtxInput, pos + inputName.size()))
    text.replace(pos, kPtxInput.size(), inputName.str());

  bool exited = WIFEXITED(status);
  int rc = exited ? WEXITSTATUS(status) : -1;
  if ((!exited || rc != 0) && openedEmpty && !piped && !writeError) {
    // A ptxas that cannot write into a pipe (one that seeks in its output)
    // opens it and fails without writing: run it again with a plain file
    // before blaming the PTX. (A ptxas that rejects the PTX never opens its
    // output.)
    Expected<std::unique_ptr<PtxasJob>> again =
        startWith(ptxasPath, options, /*pipeOutput=*/false);
    if (again) {
      (*again)->send(sentPtx);
      removeFiles();
      return (*again)->wait(inputName, WaitFor::Exit);
    }
    consumeError(again.takeError());
  }
  Expected<Cubin> result = [&]() -> Expected<Cubin> {
    if (!exited || rc != 0) {
      std::string reason =
          exited
              ? "ptxas failed with exit code " + std::to_string(rc)
              : "ptxas crashed (signal " +
                    std::to_string(WIFSIGNALED(status) ? WTERMSIG(status) : 0) +
                    ")";
      // The temporary files are gone: the command names the user's input.
      std::vector<std::string> shown = args;
      shown[shown.size() - 3] = inputName.str();
      shown.back() = "out.cubin";
      std::string command = join(shown, " ");
      return createStringError("%s\nptxas output:\n%s\ncommand: %s",
                               reason.c_str(), text.c_str(), command.c_str());
    }
    if (writeError)
      return createStringError(writeError, "cannot send the PTX to ptxas: %s",
                               writeError.message().c_str());
    if (piped)
      return Cubin{std::move(*piped), std::move(text)};
    if (!sys::fs::is_regular_file(outputPath))
      return createStringError("ptxas succeeded but wrote no CUBIN");
    ErrorOr<std::unique_ptr<MemoryBuffer>> binary =
        MemoryBuffer::getFile(outputPath, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    if (!binary)
      return createStringError(binary.getError(),
                               "ptxas succeeded but wrote no CUBIN: %s",
                               binary.getError().message().c_str());
    return Cubin{(*binary)->getBuffer().str(), std::move(text)};
  }();
  removeFiles();
  return result;
}

void PtxasJob::removeFiles() {
  for (std::string *path : {&outputPath, &logPath}) {
    if (!path->empty())
      ::unlink(path->c_str());
    path->clear();
  }
}

PtxasJob::~PtxasJob() {
  if (ptxFd >= 0)
    close(ptxFd);
  if (cubinFd >= 0)
    close(cubinFd);
  if (pid > 0) {
    // A ptxas that wrote its CUBIN is given ten seconds to exit.
    int status;
    bool gone = false;
    for (int tries = 0; exiting && !gone && tries < 10000; ++tries) {
      gone = reaped(pid, status);
      if (!gone)
        usleep(1000);
    }
    if (!gone) {
      kill(pid, SIGKILL);
      while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }
  removeFiles();
}

Expected<Cubin> compileToCubin(StringRef ptx, StringRef ptxasPath,
                               const PtxasOptions &options,
                               StringRef inputName) {
  Expected<std::unique_ptr<PtxasJob>> job = PtxasJob::start(ptxasPath, options);
  if (!job)
    return job.takeError();
  return (*job)->finish(ptx, inputName);
}

} // namespace mlir::triton::nvidia
