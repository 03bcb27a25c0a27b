//===- Support.h - errors, strings and memory for triton-run ----*- C++ -*-===//
//
// triton-run is built with and without C++ exceptions (the top-level build
// uses LLVM's -fno-exceptions), so every failure travels as a Status value up
// to main, which prints it and picks the exit code. Host memory for buffers
// comes from malloc through ByteBuffer, so that a huge shape on the command
// line is a clear error rather than an uncaught std::bad_alloc.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_SUPPORT_H
#define TRITON_RUN_SUPPORT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace triton::runner {

/// Exit codes of triton-run; part of its interface (docs/triton-run.md).
enum ExitCode : int {
  ExitSuccess = 0,
  /// --check found values outside the tolerance.
  ExitMismatch = 1,
  /// Bad command line, files, metadata or arguments: nothing was launched.
  ExitBadInput = 2,
  /// No driver, no device, or an error reported by the CUDA driver.
  ExitDevice = 3,
};

/// The outcome of an operation: success, or a message and the exit code that
/// main should end with.
class [[nodiscard]] Status {
public:
  Status() = default;

  static Status badInput(std::string message) {
    return Status(ExitBadInput, std::move(message));
  }
  static Status device(std::string message) {
    return Status(ExitDevice, std::move(message));
  }
  static Status mismatch(std::string message) {
    return Status(ExitMismatch, std::move(message));
  }

  bool failed() const { return code != ExitSuccess; }
  ExitCode exitCode() const { return code; }
  const std::string &message() const { return text; }

private:
  Status(ExitCode code, std::string text) : code(code), text(std::move(text)) {}

  ExitCode code = ExitSuccess;
  std::string text;
};

/// printf into a std::string.
std::string formatString(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/// Splits on every occurrence of `sep`; keeps empty pieces.
std::vector<std::string_view> split(std::string_view text, char sep);

bool startsWith(std::string_view text, std::string_view prefix);
bool endsWith(std::string_view text, std::string_view suffix);

/// Parses a whole decimal or 0x-hexadecimal integer with an optional sign.
/// Fails on empty text, trailing characters and values outside int64/uint64.
bool parseInt64(std::string_view text, int64_t &value);
bool parseUInt64(std::string_view text, uint64_t &value);

/// Parses a whole floating-point literal (also nan, inf, -inf).
bool parseDouble(std::string_view text, double &value);

/// Parses a non-negative size; also accepts scientific notation that names an
/// integer exactly (1e9, 3.2e9), for --bytes and --flops.
bool parseCount(std::string_view text, uint64_t &value);

/// Host memory owned through malloc/free. Move-only.
class ByteBuffer {
public:
  ByteBuffer() = default;
  ByteBuffer(const ByteBuffer &) = delete;
  ByteBuffer &operator=(const ByteBuffer &) = delete;
  ByteBuffer(ByteBuffer &&other) noexcept;
  ByteBuffer &operator=(ByteBuffer &&other) noexcept;
  ~ByteBuffer();

  /// Allocates `size` zeroed bytes (at least one, so data() is never null).
  Status allocate(size_t size);

  uint8_t *data() { return bytes; }
  const uint8_t *data() const { return bytes; }
  size_t size() const { return length; }

private:
  uint8_t *bytes = nullptr;
  size_t length = 0;
};

/// Reads a whole file.
Status readFile(const std::string &path, ByteBuffer &contents);

/// A piece of a file to write.
struct ByteRange {
  const void *data;
  size_t size;
};

/// Writes the pieces one after the other to `path` atomically: into a
/// temporary file in the same directory, then rename(2), so that readers never
/// see a torn file and a failed run leaves no partial output.
Status writeFileAtomically(const std::string &path,
                           const std::vector<ByteRange> &pieces);

} // namespace triton::runner

#endif // TRITON_RUN_SUPPORT_H
