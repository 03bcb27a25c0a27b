//===- Support.cpp - errors, strings and memory for triton-run -----------===//
//
// Number parsing is written out by hand rather than with std::stoi and
// friends: those throw, and triton-run must report bad numbers as messages
// whether or not exceptions are enabled.
//
//===----------------------------------------------------------------------===//

#include "Support.h"

#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace triton::runner {

std::string formatString(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  int length = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string result;
  if (length > 0) {
    result.resize(static_cast<size_t>(length) + 1);
    std::vsnprintf(result.data(), result.size(), fmt, args);
    result.pop_back();
  }
  va_end(args);
  return result;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> pieces;
  size_t start = 0;
  while (true) {
    size_t pos = text.find(sep, start);
    if (pos == std::string_view::npos) {
      pieces.push_back(text.substr(start));
      return pieces;
    }
    pieces.push_back(text.substr(start, pos - start));
    start = pos + 1;
  }
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         text.substr(text.size() - suffix.size()) == suffix;
}

/// Parses the digits of an unsigned decimal or 0x-hexadecimal number.
static bool parseMagnitude(std::string_view text, uint64_t &value) {
  uint64_t base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  if (text.empty())
    return false;
  uint64_t result = 0;
  for (char c : text) {
    uint64_t digit;
    if (c >= '0' && c <= '9')
      digit = static_cast<uint64_t>(c - '0');
    else if (base == 16 && c >= 'a' && c <= 'f')
      digit = static_cast<uint64_t>(c - 'a' + 10);
    else if (base == 16 && c >= 'A' && c <= 'F')
      digit = static_cast<uint64_t>(c - 'A' + 10);
    else
      return false;
    if (result > (UINT64_MAX - digit) / base)
      return false;
    result = result * base + digit;
  }
  value = result;
  return true;
}

bool parseInt64(std::string_view text, int64_t &value) {
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  uint64_t magnitude;
  if (!parseMagnitude(text, magnitude))
    return false;
  if (negative) {
    if (magnitude > uint64_t(INT64_MAX) + 1)
      return false;
    value = magnitude == uint64_t(INT64_MAX) + 1
                ? INT64_MIN
                : -static_cast<int64_t>(magnitude);
    return true;
  }
  if (magnitude > uint64_t(INT64_MAX))
    return false;
  value = static_cast<int64_t>(magnitude);
  return true;
}

bool parseUInt64(std::string_view text, uint64_t &value) {
  if (!text.empty() && text[0] == '+')
    text.remove_prefix(1);
  return parseMagnitude(text, value);
}

bool parseDouble(std::string_view text, double &value) {
  // strtod skips leading blanks; a literal with blanks is malformed here.
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    return false;
  std::string copy(text);
  char *end = nullptr;
  errno = 0;
  double result = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size())
    return false;
  // ERANGE on underflow still yields the nearest value; only overflow of a
  // finite literal is an error.
  if (errno == ERANGE && std::isinf(result))
    return false;
  value = result;
  return true;
}

bool parseCount(std::string_view text, uint64_t &value) {
  if (parseUInt64(text, value))
    return true;
  double number;
  if (!parseDouble(text, number) || !std::isfinite(number) || number < 0 ||
      number >= 18446744073709551616.0 || std::floor(number) != number)
    return false;
  value = static_cast<uint64_t>(number);
  return true;
}

ByteBuffer::ByteBuffer(ByteBuffer &&other) noexcept
    : bytes(other.bytes), length(other.length) {
  other.bytes = nullptr;
  other.length = 0;
}

ByteBuffer &ByteBuffer::operator=(ByteBuffer &&other) noexcept {
  if (this != &other) {
    std::free(bytes);
    bytes = other.bytes;
    length = other.length;
    other.bytes = nullptr;
    other.length = 0;
  }
  return *this;
}

ByteBuffer::~ByteBuffer() { std::free(bytes); }

Status ByteBuffer::allocate(size_t size) {
  std::free(bytes);
  bytes = static_cast<uint8_t *>(std::calloc(size ? size : 1, 1));
  length = bytes ? size : 0;
  if (!bytes)
    return Status::badInput(
        formatString("cannot allocate %zu bytes of host memory", size));
  return Status();
}

Status readFile(const std::string &path, ByteBuffer &contents) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return Status::badInput(formatString("cannot open '%s': %s", path.c_str(),
                                         std::strerror(errno)));
  struct stat info;
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    ::close(fd);
    return Status::badInput(
        formatString("cannot read '%s': not a regular file", path.c_str()));
  }
  size_t size = static_cast<size_t>(info.st_size);
  Status status = contents.allocate(size);
  size_t done = 0;
  while (!status.failed() && done < size) {
    ssize_t got = ::read(fd, contents.data() + done, size - done);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      status = Status::badInput(formatString(
          "cannot read '%s': %s", path.c_str(),
          got == 0 ? "file shrank while reading" : std::strerror(errno)));
    else
      done += static_cast<size_t>(got);
  }
  ::close(fd);
  return status;
}

/// Writes all of `size` bytes, retrying short writes.
static bool writeAll(int fd, const void *data, size_t size) {
  const char *cursor = static_cast<const char *>(data);
  while (size > 0) {
    ssize_t wrote = ::write(fd, cursor, size);
    if (wrote < 0 && errno == EINTR)
      continue;
    if (wrote <= 0)
      return false;
    cursor += wrote;
    size -= static_cast<size_t>(wrote);
  }
  return true;
}

Status writeFileAtomically(const std::string &path,
                           const std::vector<ByteRange> &pieces) {
  std::string temp = path + ".tmp.XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0)
    return Status::badInput(formatString("cannot write '%s': %s", path.c_str(),
                                         std::strerror(errno)));
  // mkstemp creates the file 0600; give it the mode a plain open would.
  mode_t mask = ::umask(0);
  ::umask(mask);
  bool ok = ::fchmod(fd, 0666 & ~mask) == 0;
  for (const ByteRange &piece : pieces)
    ok = ok && writeAll(fd, piece.data, piece.size);
  int error = ok ? 0 : errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (ok && ::rename(temp.c_str(), path.c_str()) != 0) {
    ok = false;
    error = errno;
  }
  if (!ok) {
    ::unlink(temp.c_str());
    return Status::badInput(formatString("cannot write '%s': %s", path.c_str(),
                                         std::strerror(error)));
  }
  return Status();
}

} // namespace triton::runner
