//===- Module.cpp - GPU module files: cubin, PTX, fatbin -----------------===//
//
// Every offset read from a file is bounds-checked, so a truncated or corrupt
// module is an error message, never a crash.
//
//===----------------------------------------------------------------------===//

#include "Module.h"

#include <cctype>
#include <cstring>

namespace triton::runner {

const char *moduleFormatName(ModuleFormat format) {
  switch (format) {
  case ModuleFormat::Cubin:
    return "cubin";
  case ModuleFormat::Ptx:
    return "ptx";
  case ModuleFormat::Fatbin:
    return "fatbin";
  }
  return "unknown";
}

const KernelInfo *ModuleImage::findKernel(const std::string &name) const {
  for (const KernelInfo &kernel : kernels)
    if (kernel.name == name)
      return &kernel;
  return nullptr;
}

std::string ModuleImage::kernelList() const {
  std::string list;
  for (const KernelInfo &kernel : kernels)
    list += (list.empty() ? "" : ", ") + kernel.name;
  return list.empty() ? "none found" : list;
}

namespace {
/// Little-endian reads from a byte range, each checked against its end.
class ByteReader {
public:
  ByteReader(const uint8_t *data, uint64_t size) : data(data), size(size) {}

  bool contains(uint64_t offset, uint64_t length) const {
    return offset <= size && length <= size - offset;
  }
  template <typename T> bool read(uint64_t offset, T &value) const {
    if (!contains(offset, sizeof(T)))
      return false;
    std::memcpy(&value, data + offset, sizeof(T));
    return true;
  }
  /// The NUL-terminated string at `offset`, if it ends inside the range.
  bool readString(uint64_t offset, std::string &value) const {
    if (offset >= size)
      return false;
    const void *end = std::memchr(data + offset, 0, size - offset);
    if (!end)
      return false;
    value.assign(reinterpret_cast<const char *>(data + offset),
                 static_cast<const uint8_t *>(end) - (data + offset));
    return true;
  }

  const uint8_t *data;
  uint64_t size;
};

struct ElfSection {
  std::string name;
  uint32_t type = 0;
  uint64_t offset = 0, size = 0;
  uint32_t link = 0;
};
} // namespace

// ELF constants of the System V ABI and of NVIDIA's cubin flavour.
static constexpr uint16_t emCuda = 190;
static constexpr uint32_t shtSymtab = 2;
static constexpr uint32_t shtNobits = 8;
static constexpr uint8_t sttFunc = 2;
static constexpr uint8_t stoCudaEntry = 0x10;
// .nv.info records: a format byte, an attribute byte, then a payload.
static constexpr uint8_t eifmtSval = 0x04;
static constexpr uint8_t eiattrKparamInfo = 0x17;

/// Reads a kernel's parameter sizes from its .nv.info.<name> section.
static bool readKparamInfo(const ByteReader &section,
                           std::vector<unsigned> &sizes) {
  std::vector<std::pair<unsigned, unsigned>> params; // (ordinal, size)
  uint64_t pos = 0;
  while (pos + 4 <= section.size) {
    uint8_t format = section.data[pos];
    uint8_t attribute = section.data[pos + 1];
    if (format != eifmtSval) {
      // Every other record format is a fixed 4 bytes.
      pos += 4;
      continue;
    }
    uint16_t length = 0;
    if (!section.read(pos + 2, length) || !section.contains(pos + 4, length))
      return false;
    if (attribute == eiattrKparamInfo && length >= 12) {
      uint16_t ordinal = 0;
      uint32_t flags = 0;
      section.read(pos + 8, ordinal);
      section.read(pos + 12, flags);
      params.emplace_back(ordinal, (flags >> 18) & 0x3FFF);
    }
    pos += 4 + length;
  }
  sizes.assign(params.size(), 0);
  std::vector<bool> seen(params.size(), false);
  for (auto [ordinal, size] : params) {
    if (ordinal >= sizes.size() || seen[ordinal])
      return false;
    seen[ordinal] = true;
    sizes[ordinal] = size;
  }
  return true;
}

/// Lists the kernels of a CUDA ELF image. `what` names it in messages.
static Status inspectElf(const ByteReader &elf, const std::string &what,
                         std::vector<KernelInfo> &kernels) {
  auto malformed = [&](const char *why) {
    return Status::badInput(what + ": malformed cubin: " + why);
  };
  if (elf.size < 64 || std::memcmp(elf.data,
                                   "\x7f"
                                   "ELF",
                                   4) != 0)
    return malformed("no ELF header");
  if (elf.data[4] != 2 || elf.data[5] != 1)
    return Status::badInput(what +
                            ": only 64-bit little-endian cubins are supported");
  uint16_t machine = 0, entrySize = 0, count = 0, namesIndex = 0;
  uint64_t tableOffset = 0;
  elf.read(18, machine);
  if (machine != emCuda)
    return Status::badInput(
        formatString("%s: not a CUDA ELF (e_machine %u, expected %u)",
                     what.c_str(), machine, emCuda));
  elf.read(0x28, tableOffset);
  elf.read(0x3A, entrySize);
  elf.read(0x3C, count);
  elf.read(0x3E, namesIndex);
  if (entrySize != 64 || !elf.contains(tableOffset, uint64_t(count) * 64) ||
      namesIndex >= count)
    return malformed("section header table out of bounds");

  std::vector<ElfSection> sections(count);
  for (uint16_t i = 0; i < count; ++i) {
    uint64_t header = tableOffset + uint64_t(i) * 64;
    elf.read(header + 4, sections[i].type);
    elf.read(header + 24, sections[i].offset);
    elf.read(header + 32, sections[i].size);
    elf.read(header + 40, sections[i].link);
    if (sections[i].type != shtNobits &&
        !elf.contains(sections[i].offset, sections[i].size))
      return malformed("section out of bounds");
  }
  const ElfSection &names = sections[namesIndex];
  ByteReader nameTable(elf.data + names.offset, names.size);
  for (uint16_t i = 0; i < count; ++i) {
    uint32_t nameOffset = 0;
    elf.read(tableOffset + uint64_t(i) * 64, nameOffset);
    if (!nameTable.readString(nameOffset, sections[i].name))
      return malformed("section name out of bounds");
  }

  for (const ElfSection &symtab : sections) {
    if (symtab.type != shtSymtab)
      continue;
    if (symtab.link >= count)
      return malformed("symbol table without string table");
    const ElfSection &strtab = sections[symtab.link];
    ByteReader strings(elf.data + strtab.offset, strtab.size);
    for (uint64_t pos = 0; pos + 24 <= symtab.size; pos += 24) {
      uint64_t symbol = symtab.offset + pos;
      uint32_t nameOffset = 0;
      uint8_t info = 0, other = 0;
      elf.read(symbol, nameOffset);
      elf.read(symbol + 4, info);
      elf.read(symbol + 5, other);
      if ((info & 0xF) != sttFunc || !(other & stoCudaEntry))
        continue;
      KernelInfo kernel;
      if (!strings.readString(nameOffset, kernel.name))
        return malformed("symbol name out of bounds");
      for (const ElfSection &section : sections) {
        if (section.name != ".nv.info." + kernel.name)
          continue;
        kernel.hasParamInfo =
            readKparamInfo(ByteReader(elf.data + section.offset, section.size),
                           kernel.paramSizes);
      }
      kernels.push_back(std::move(kernel));
    }
  }
  return Status();
}

/// Replaces comments with blanks, leaving quoted strings (file names in
/// .file directives) alone.
static std::string stripPtxComments(std::string_view text) {
  std::string out(text);
  size_t i = 0;
  while (i < out.size()) {
    if (out[i] == '"') {
      size_t end = out.find('"', i + 1);
      i = end == std::string::npos ? out.size() : end + 1;
    } else if (out.compare(i, 2, "//") == 0) {
      while (i < out.size() && out[i] != '\n')
        out[i++] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      size_t end = out.find("*/", i + 2);
      end = end == std::string::npos ? out.size() : end + 2;
      for (; i < end; ++i)
        if (out[i] != '\n')
          out[i] = ' ';
    } else {
      ++i;
    }
  }
  return out;
}

static bool isPtxIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '%';
}

/// The byte size of one `.param` declaration ("  .param .u64 .ptr .global
/// .align 1 k_param_0", ".param .align 2 .b8 k_param_1[2]"); 0 if unknown.
static unsigned ptxParamSize(std::string_view param) {
  static const struct {
    const char *suffix;
    unsigned size;
  } widths[] = {{"8", 1}, {"16", 2}, {"32", 4}, {"64", 8}};
  unsigned size = 0;
  size_t pos = 0;
  while ((pos = param.find('.', pos)) != std::string_view::npos) {
    ++pos;
    size_t end = pos;
    while (end < param.size() && isPtxIdentifierChar(param[end]))
      ++end;
    std::string_view word = param.substr(pos, end - pos);
    if (word.size() >= 2 && std::strchr("usbf", word[0]))
      for (const auto &width : widths)
        if (word.substr(1) == width.suffix)
          size = width.size;
    pos = end;
  }
  size_t bracket = param.find('[');
  if (size && bracket != std::string_view::npos) {
    uint64_t count;
    size_t close = param.find(']', bracket);
    if (close == std::string_view::npos ||
        !parseUInt64(param.substr(bracket + 1, close - bracket - 1), count))
      return 0;
    size *= static_cast<unsigned>(count);
  }
  return size;
}

/// Lists the `.entry` functions of PTX text and their parameter sizes.
static void inspectPtx(std::string_view text,
                       std::vector<KernelInfo> &kernels) {
  std::string ptx = stripPtxComments(text);
  size_t pos = 0;
  while ((pos = ptx.find(".entry", pos)) != std::string::npos) {
    size_t next = pos + 6;
    bool wordStart = pos == 0 || ptx[pos - 1] == ' ' || ptx[pos - 1] == '\t' ||
                     ptx[pos - 1] == '\n';
    pos = next;
    if (!wordStart || next >= ptx.size() ||
        (ptx[next] != ' ' && ptx[next] != '\t' && ptx[next] != '\n'))
      continue;
    while (next < ptx.size() &&
           std::isspace(static_cast<unsigned char>(ptx[next])))
      ++next;
    size_t nameEnd = next;
    while (nameEnd < ptx.size() && isPtxIdentifierChar(ptx[nameEnd]))
      ++nameEnd;
    if (nameEnd == next)
      continue;
    KernelInfo kernel;
    kernel.name = ptx.substr(next, nameEnd - next);
    size_t open = nameEnd;
    while (open < ptx.size() &&
           std::isspace(static_cast<unsigned char>(ptx[open])))
      ++open;
    kernel.hasParamInfo = true;
    if (open < ptx.size() && ptx[open] == '(') {
      size_t close = ptx.find(')', open);
      if (close == std::string::npos) {
        kernel.hasParamInfo = false;
      } else {
        std::string_view list(ptx.data() + open + 1, close - open - 1);
        if (list.find(".param") != std::string_view::npos) {
          for (std::string_view param : split(list, ',')) {
            unsigned size = ptxParamSize(param);
            kernel.hasParamInfo = kernel.hasParamInfo && size != 0;
            kernel.paramSizes.push_back(size);
          }
        }
      }
    }
    if (!kernel.hasParamInfo)
      kernel.paramSizes.clear();
    kernels.push_back(std::move(kernel));
  }
}

static constexpr uint32_t fatbinMagic = 0xBA55ED50;
static constexpr uint16_t fatbinKindPtx = 1;
static constexpr uint16_t fatbinKindElf = 2;
// Image flags that mark LZ4 and Zstandard compression.
static constexpr uint64_t fatbinCompressed = 0x2000 | 0x8000;

/// Lists the kernels of every uncompressed image of a fatbin.
static Status inspectFatbin(const ByteReader &file, ModuleImage &module) {
  uint64_t container = 0;
  bool skipped = false;
  uint32_t magic = 0;
  while (file.read(container, magic) && magic == fatbinMagic) {
    uint16_t headerSize = 0;
    uint64_t bodySize = 0;
    // Sizes below the headers' own would never advance the loops below.
    if (!file.read(container + 6, headerSize) ||
        !file.read(container + 8, bodySize) || headerSize < 16 ||
        !file.contains(container + headerSize, bodySize))
      return Status::badInput(module.path + ": malformed fatbin header");
    uint64_t entry = container + headerSize;
    uint64_t end = entry + bodySize;
    while (entry + 64 <= end) {
      uint16_t kind = 0;
      uint32_t entryHeader = 0;
      uint64_t payloadSize = 0, flags = 0;
      file.read(entry, kind);
      file.read(entry + 4, entryHeader);
      file.read(entry + 8, payloadSize);
      file.read(entry + 40, flags);
      if (entryHeader < 64 ||
          !file.contains(entry + entryHeader, payloadSize) ||
          entry + entryHeader + payloadSize > end)
        return Status::badInput(module.path + ": malformed fatbin entry");
      ByteReader payload(file.data + entry + entryHeader, payloadSize);
      std::vector<KernelInfo> found;
      if (flags & fatbinCompressed) {
        skipped = true;
      } else if (kind == fatbinKindElf) {
        if (Status status = inspectElf(payload, module.path, found);
            status.failed())
          return status;
      } else if (kind == fatbinKindPtx) {
        const char *text = reinterpret_cast<const char *>(payload.data);
        inspectPtx(std::string_view(text, strnlen(text, payloadSize)), found);
      }
      for (KernelInfo &kernel : found)
        if (!module.findKernel(kernel.name))
          module.kernels.push_back(std::move(kernel));
      entry += entryHeader + payloadSize;
    }
    container = end;
  }
  if (container == 0)
    return Status::badInput(module.path + ": malformed fatbin header");
  if (skipped && module.kernels.empty())
    module.kernelsNote = "its images are compressed";
  return Status();
}

/// Whether the bytes look like PTX text.
static bool looksLikePtx(const ByteReader &file) {
  std::string_view text(reinterpret_cast<const char *>(file.data), file.size);
  if (text.find('\0') != std::string_view::npos)
    return false;
  return text.find(".version") != std::string_view::npos ||
         text.find(".entry") != std::string_view::npos;
}

Status loadModule(const std::string &path, ModuleImage &module) {
  module.path = path;
  if (Status status = readFile(path, module.bytes); status.failed())
    return status;
  ByteReader file(module.bytes.data(), module.bytes.size());
  uint32_t magic = 0;
  file.read(0, magic);
  if (file.size >= 4 && std::memcmp(file.data,
                                    "\x7f"
                                    "ELF",
                                    4) == 0) {
    module.format = ModuleFormat::Cubin;
    return inspectElf(file, path, module.kernels);
  }
  if (magic == fatbinMagic) {
    module.format = ModuleFormat::Fatbin;
    return inspectFatbin(file, module);
  }
  if (!looksLikePtx(file))
    return Status::badInput(path + ": not a cubin, PTX or fatbin file");
  module.format = ModuleFormat::Ptx;
  ByteBuffer text;
  if (Status status = text.allocate(file.size + 1); status.failed())
    return status;
  std::memcpy(text.data(), file.data, file.size);
  module.bytes = std::move(text);
  inspectPtx(
      std::string_view(reinterpret_cast<const char *>(module.bytes.data()),
                       file.size),
      module.kernels);
  return Status();
}

} // namespace triton::runner
