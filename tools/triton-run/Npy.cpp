//===- Npy.cpp - .npy and raw .bin files ---------------------------------===//
//
// The .npy header is a Python dict literal, e.g.
//   {'descr': '<f4', 'fortran_order': False, 'shape': (4096, 1024), }
// parsed here by a small reader for exactly that subset of Python syntax.
//
//===----------------------------------------------------------------------===//

#include "Npy.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace triton::runner {

namespace {
/// The three fields of a .npy header.
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
};

/// Reads the dict literal of a .npy header.
class HeaderParser {
public:
  explicit HeaderParser(std::string_view text) : text(text) {}

  bool parse(NpyHeader &header, std::string &error) {
    bool sawDescr = false, sawOrder = false, sawShape = false;
    skipBlanks();
    if (!consume('{'))
      return fail("header is not a dict", error);
    while (true) {
      skipBlanks();
      if (consume('}'))
        break;
      std::string key;
      if (!parseString(key))
        return fail("expected a quoted key", error);
      skipBlanks();
      if (!consume(':'))
        return fail("expected ':' after '" + key + "'", error);
      skipBlanks();
      if (key == "descr") {
        if (!parseString(header.descr))
          return fail("'descr' is not a simple dtype string (structured "
                      "dtypes are not supported)",
                      error);
        sawDescr = true;
      } else if (key == "fortran_order") {
        if (consumeWord("True"))
          header.fortranOrder = true;
        else if (consumeWord("False"))
          header.fortranOrder = false;
        else
          return fail("'fortran_order' is not True or False", error);
        sawOrder = true;
      } else if (key == "shape") {
        if (!parseShape(header.shape))
          return fail("'shape' is not a tuple of integers", error);
        sawShape = true;
      } else {
        return fail("unexpected key '" + key + "'", error);
      }
      skipBlanks();
      if (consume('}'))
        break;
      if (!consume(','))
        return fail("expected ',' or '}'", error);
    }
    if (!sawDescr || !sawOrder || !sawShape)
      return fail("header lacks 'descr', 'fortran_order' or 'shape'", error);
    return true;
  }

private:
  static bool fail(const std::string &why, std::string &error) {
    error = why;
    return false;
  }

  void skipBlanks() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\t' || text[pos] == '\r'))
      ++pos;
  }

  bool consume(char c) {
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }

  bool consumeWord(std::string_view word) {
    if (text.substr(pos, word.size()) != word)
      return false;
    pos += word.size();
    return true;
  }

  bool parseString(std::string &out) {
    if (pos >= text.size() || (text[pos] != '\'' && text[pos] != '"'))
      return false;
    char quote = text[pos++];
    size_t end = text.find(quote, pos);
    if (end == std::string_view::npos)
      return false;
    out = std::string(text.substr(pos, end - pos));
    pos = end + 1;
    return true;
  }

  bool parseShape(std::vector<int64_t> &shape) {
    if (!consume('('))
      return false;
    while (true) {
      skipBlanks();
      if (consume(')'))
        return true;
      size_t start = pos;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9')
        ++pos;
      // Python 2 wrote long integers with an L suffix.
      std::string_view digits = text.substr(start, pos - start);
      consume('L');
      int64_t dim;
      if (!parseInt64(digits, dim))
        return false;
      shape.push_back(dim);
      skipBlanks();
      if (consume(')'))
        return true;
      if (!consume(','))
        return false;
    }
  }

  std::string_view text;
  size_t pos = 0;
};
} // namespace

/// Maps a .npy descr to a dtype; `error` says why when it cannot.
static bool dtypeFromDescr(const std::string &descr, DType &dtype,
                           std::string &error) {
  static const struct {
    const char *code;
    DType dtype;
  } codes[] = {
      {"b1", DType::I1},   {"i1", DType::I8},  {"i2", DType::I16},
      {"i4", DType::I32},  {"i8", DType::I64}, {"u1", DType::U8},
      {"u2", DType::U16},  {"u4", DType::U32}, {"u8", DType::U64},
      {"f2", DType::F16},  {"f4", DType::F32}, {"f8", DType::F64},
      {"V2", DType::BF16},
  };
  if (descr.size() < 2) {
    error = "unsupported dtype '" + descr + "'";
    return false;
  }
  char order = descr[0];
  std::string code = descr.substr(1);
  if (order != '<' && order != '>' && order != '|' && order != '=') {
    order = '|';
    code = descr;
  }
  for (const auto &entry : codes) {
    if (code != entry.code)
      continue;
    if (order == '>' && dtypeSize(entry.dtype) > 1) {
      error = "big-endian data ('" + descr +
              "') is not supported; save it little-endian (astype('<" + code +
              "'))";
      return false;
    }
    dtype = entry.dtype;
    return true;
  }
  error = "unsupported dtype '" + descr + "'";
  return false;
}

/// Reads exactly `size` bytes; false on a short read.
static bool readExactly(int fd, void *dst, size_t size) {
  auto *cursor = static_cast<uint8_t *>(dst);
  while (size > 0) {
    ssize_t got = ::read(fd, cursor, size);
    if (got < 0 && errno == EINTR)
      continue;
    if (got <= 0)
      return false;
    cursor += got;
    size -= static_cast<size_t>(got);
  }
  return true;
}

namespace {
/// A read-only file descriptor, closed on scope exit.
class InputFile {
public:
  ~InputFile() {
    if (fd >= 0)
      ::close(fd);
  }

  Status open(const std::string &path) {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      return Status::badInput(formatString("cannot open '%s': %s", path.c_str(),
                                           std::strerror(errno)));
    struct stat info;
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode))
      return Status::badInput(
          formatString("cannot read '%s': not a regular file", path.c_str()));
    size = static_cast<uint64_t>(info.st_size);
    return Status();
  }

  int fd = -1;
  uint64_t size = 0;
};
} // namespace

Status readNpy(const std::string &path, HostArray &array) {
  InputFile file;
  if (Status status = file.open(path); status.failed())
    return status;
  auto malformed = [&](const std::string &why) {
    return Status::badInput(path + ": not a valid .npy file: " + why);
  };
  uint8_t preamble[12];
  if (file.size < 10 || !readExactly(file.fd, preamble, 10) ||
      std::memcmp(preamble, "\x93NUMPY", 6) != 0)
    return malformed("missing the \\x93NUMPY magic");
  unsigned major = preamble[6];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = preamble[8] | (size_t(preamble[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (!readExactly(file.fd, preamble + 10, 2))
      return malformed("truncated header");
    headerLength = preamble[8] | (size_t(preamble[9]) << 8) |
                   (size_t(preamble[10]) << 16) | (size_t(preamble[11]) << 24);
    headerStart = 12;
  } else {
    return malformed(formatString("unsupported format version %u", major));
  }
  if (headerStart + headerLength > file.size)
    return malformed("truncated header");
  std::string headerText(headerLength, '\0');
  if (!readExactly(file.fd, headerText.data(), headerLength))
    return malformed("truncated header");

  NpyHeader header;
  std::string error;
  if (!HeaderParser(headerText).parse(header, error))
    return malformed(error);
  DType dtype;
  if (!dtypeFromDescr(header.descr, dtype, error))
    return Status::badInput(path + ": " + error);
  if (header.fortranOrder)
    return Status::badInput(
        path + ": Fortran-order arrays are not supported; save a C-order "
               "array (np.ascontiguousarray)");
  if (header.shape.empty())
    return Status::badInput(
        path + ": 0-d arrays are not supported; save a 1-element array");
  if (Status status = checkShape(header.shape, dtype, path); status.failed())
    return status;
  if (Status status = allocateArray(dtype, header.shape, array);
      status.failed())
    return status;
  uint64_t available = file.size - headerStart - headerLength;
  if (available != array.byteSize())
    return malformed(formatString(
        "its header says %s %s (%zu bytes of data), but %llu bytes follow",
        dtypeName(dtype), formatShapeTuple(array.shape).c_str(),
        array.byteSize(), static_cast<unsigned long long>(available)));
  if (!readExactly(file.fd, array.data.data(), array.byteSize()))
    return Status::badInput(formatString("cannot read '%s': %s", path.c_str(),
                                         std::strerror(errno)));
  return Status();
}

Status writeNpy(const std::string &path, const HostArray &array) {
  std::string dict = formatString(
      "{'descr': '%s', 'fortran_order': False, 'shape': %s, }",
      npyDescr(array.dtype), formatShapeTuple(array.shape).c_str());
  // numpy pads the header with blanks and a newline so that the data starts
  // at a multiple of 64 bytes.
  size_t prefix = dict.size() + 1 < 65536 - 10 ? 10 : 12;
  size_t total = prefix + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  std::string preamble("\x93NUMPY", 6);
  size_t length = dict.size();
  preamble += static_cast<char>(prefix == 10 ? 1 : 2);
  preamble += '\0';
  preamble += static_cast<char>(length & 0xFF);
  preamble += static_cast<char>((length >> 8) & 0xFF);
  if (prefix == 12) {
    preamble += static_cast<char>((length >> 16) & 0xFF);
    preamble += static_cast<char>((length >> 24) & 0xFF);
  }
  preamble += dict;
  return writeFileAtomically(path, {{preamble.data(), preamble.size()},
                                    {array.data.data(), array.byteSize()}});
}

Status readRaw(const std::string &path, DType dtype,
               const std::vector<int64_t> &shape, HostArray &array) {
  InputFile file;
  if (Status status = file.open(path); status.failed())
    return status;
  if (Status status = allocateArray(dtype, shape, array); status.failed())
    return status;
  if (file.size != array.byteSize())
    return Status::badInput(formatString(
        "%s has %llu bytes, but %s[%s] needs %zu", path.c_str(),
        static_cast<unsigned long long>(file.size), dtypeName(dtype),
        formatShape(shape).c_str(), array.byteSize()));
  if (!readExactly(file.fd, array.data.data(), array.byteSize()))
    return Status::badInput(formatString("cannot read '%s': %s", path.c_str(),
                                         std::strerror(errno)));
  return Status();
}

Status writeRaw(const std::string &path, const HostArray &array) {
  return writeFileAtomically(path, {{array.data.data(), array.byteSize()}});
}

Status writeArrayFile(const std::string &path, const HostArray &array) {
  if (endsWith(path, ".npy"))
    return writeNpy(path, array);
  if (endsWith(path, ".bin"))
    return writeRaw(path, array);
  return Status::badInput("cannot tell the format of '" + path +
                          "': name it .npy or .bin");
}

} // namespace triton::runner
