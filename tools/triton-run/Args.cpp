//===- Args.cpp - kernel arguments from the command line -----------------===//
//
// Random contents come from a splitmix64 stream (normal values through the
// Box-Muller transform), so a seed gives the same buffer on every machine;
// they are not numpy's streams.
//
//===----------------------------------------------------------------------===//

#include "Args.h"

#include "Npy.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

namespace triton::runner {

double BufferInit::defaultHi(DType dtype) {
  if (isFloat(dtype))
    return 1;
  return dtype == DType::I1 ? 2 : 100;
}

std::string BufferInit::describe(DType dtype) const {
  auto number = [](double value) { return formatString("%g", value); };
  switch (kind) {
  case Kind::Zeros:
    return "zeros";
  case Kind::Ones:
    return "ones";
  case Kind::Fill:
    return "fill=" + fillText;
  case Kind::Iota:
    return "iota(start=" + number(start) + ", step=" + number(step) + ")";
  case Kind::Uniform:
    return "uniform(lo=" + number(lo.value_or(0)) +
           ", hi=" + number(hi.value_or(defaultHi(dtype))) +
           formatString(", seed=%llu)", static_cast<unsigned long long>(seed));
  case Kind::Normal:
    return "normal(mean=" + number(mean) + ", std=" + number(stddev) +
           formatString(", seed=%llu)", static_cast<unsigned long long>(seed));
  case Kind::File:
    return "file " + path;
  }
  return "";
}

std::string KernelArg::describe() const {
  switch (kind) {
  case Kind::Null:
    return "null";
  case Kind::Scalar:
    return std::string(dtypeName(dtype)) + " " + formatElement(dtype, value);
  case Kind::Buffer:
    return std::string(dtypeName(host.dtype)) + "[" + formatShape(host.shape) +
           "]";
  case Kind::Descriptor:
    return "descriptor, block " + formatShape(block) +
           (nanPadding ? " (NaN padding)" : "") + ", of " +
           dtypeName(host.dtype) + "[" + formatShape(host.shape) + "]";
  }
  return "";
}

static bool isIdentifier(std::string_view text) {
  if (text.empty() || std::isdigit(static_cast<unsigned char>(text[0])))
    return false;
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return false;
  return true;
}

static Status parseShapeText(std::string_view text, std::vector<int64_t> &shape,
                             const std::string &where) {
  shape.clear();
  for (std::string_view dim : split(text, 'x')) {
    int64_t value;
    if (!parseInt64(dim, value) || value < 1)
      return Status::badInput(where + ": malformed shape '" +
                              std::string(text) +
                              "' (positive sizes joined by 'x', e.g. 64x128)");
    shape.push_back(value);
  }
  return Status();
}

/// Parses INIT of TYPE:SHAPE:INIT.
static Status parseInit(std::string_view text, DType dtype, BufferInit &init,
                        const std::string &where) {
  if (startsWith(text, "@")) {
    init.kind = BufferInit::Kind::File;
    init.path = std::string(text.substr(1));
    if (init.path.empty())
      return Status::badInput(where + ": '@' needs a file name");
    return Status();
  }
  std::vector<std::string_view> parts = split(text, ',');
  std::string_view head = parts[0];
  std::vector<const char *> allowed;
  if (head == "zeros") {
    init.kind = BufferInit::Kind::Zeros;
  } else if (head == "ones") {
    init.kind = BufferInit::Kind::Ones;
  } else if (startsWith(head, "fill=")) {
    init.kind = BufferInit::Kind::Fill;
    init.fillText = std::string(head.substr(5));
    uint8_t storage[8];
    std::string error;
    if (!parseScalar(dtype, init.fillText, storage, error))
      return Status::badInput(where + ": " + error);
  } else if (head == "iota") {
    init.kind = BufferInit::Kind::Iota;
    allowed = {"start", "step"};
  } else if (head == "uniform") {
    init.kind = BufferInit::Kind::Uniform;
    allowed = {"lo", "hi", "seed"};
  } else if (head == "normal") {
    init.kind = BufferInit::Kind::Normal;
    allowed = {"mean", "std", "seed"};
    if (!isFloat(dtype))
      return Status::badInput(where + ": normal needs a float dtype, not " +
                              dtypeName(dtype));
  } else {
    return Status::badInput(
        where + ": unknown initializer '" + std::string(head) +
        "' (zeros, ones, fill=V, iota, uniform, normal or @FILE)");
  }
  for (size_t i = 1; i < parts.size(); ++i) {
    std::string_view option = parts[i];
    size_t equals = option.find('=');
    std::string key(option.substr(0, equals));
    bool known = false;
    for (const char *name : allowed)
      known = known || key == name;
    if (!known || equals == std::string_view::npos) {
      std::string list;
      for (const char *name : allowed)
        list += (list.empty() ? "" : ", ") + std::string(name) + "=";
      return Status::badInput(
          where + ": unknown option '" + std::string(option) + "' of " +
          std::string(head) +
          (list.empty() ? " (it takes none)" : " (it takes " + list + ")"));
    }
    std::string_view valueText = option.substr(equals + 1);
    if (key == "seed") {
      if (!parseUInt64(valueText, init.seed))
        return Status::badInput(where +
                                ": seed must be a non-negative "
                                "integer, not '" +
                                std::string(valueText) + "'");
      continue;
    }
    double value;
    if (!parseDouble(valueText, value) || !std::isfinite(value))
      return Status::badInput(where + ": " + key +
                              " must be a finite number, "
                              "not '" +
                              std::string(valueText) + "'");
    if (key == "start")
      init.start = value;
    else if (key == "step")
      init.step = value;
    else if (key == "lo")
      init.lo = value;
    else if (key == "hi")
      init.hi = value;
    else if (key == "mean")
      init.mean = value;
    else
      init.stddev = value;
  }
  if (init.kind == BufferInit::Kind::Uniform &&
      init.lo.value_or(0) > init.hi.value_or(BufferInit::defaultHi(dtype)))
    return Status::badInput(where + ": uniform needs lo <= hi");
  return Status();
}

static Status parseKernelArg(std::string_view text, unsigned index,
                             KernelArg &arg) {
  arg.index = index;
  arg.spelling = std::string(text);
  std::string where =
      formatString("argument #%u '%s'", index, arg.spelling.c_str());
  size_t equals = text.find('=');
  size_t colon = text.find(':');
  std::string_view body = text;
  if (equals != std::string_view::npos &&
      (colon == std::string_view::npos || equals < colon) &&
      isIdentifier(text.substr(0, equals))) {
    arg.name = std::string(text.substr(0, equals));
    body = text.substr(equals + 1);
  } else {
    arg.name = formatString("arg%u", index);
  }

  if (body == "null") {
    arg.kind = KernelArg::Kind::Null;
    return Status();
  }
  if (startsWith(body, "@")) {
    arg.kind = KernelArg::Kind::Buffer;
    arg.shapeFromFile = true;
    arg.init.kind = BufferInit::Kind::File;
    arg.init.path = std::string(body.substr(1));
    if (!endsWith(arg.init.path, ".npy"))
      return Status::badInput(where + ": only a .npy file gives its own dtype "
                                      "and shape; write TYPE:SHAPE:@FILE for "
                                      "raw data");
    return Status();
  }

  if (startsWith(body, "desc:")) {
    // desc:BLOCK[,nan]:BUFFER, BUFFER as a buffer argument is written.
    std::string_view rest = body.substr(5);
    size_t colon = rest.find(':');
    if (colon == std::string_view::npos)
      return Status::badInput(where + ": expected desc:BLOCK[,nan]:TYPE:SHAPE:"
                                      "INIT or desc:BLOCK[,nan]:@FILE.npy");
    std::string_view blockText = rest.substr(0, colon);
    if (endsWith(blockText, ",nan")) {
      arg.nanPadding = true;
      blockText.remove_suffix(4);
    }
    if (Status status = parseShapeText(blockText, arg.block, where);
        status.failed())
      return status;
    KernelArg buffer;
    if (Status status = parseKernelArg(rest.substr(colon + 1), index, buffer);
        status.failed())
      return status;
    if (buffer.kind != KernelArg::Kind::Buffer)
      return Status::badInput(where + ": a descriptor describes a buffer "
                                      "(TYPE:SHAPE:INIT or @FILE.npy)");
    arg.kind = KernelArg::Kind::Descriptor;
    arg.dtype = buffer.dtype;
    arg.shapeFromFile = buffer.shapeFromFile;
    arg.shape = buffer.shape;
    arg.init = buffer.init;
    return Status();
  }

  size_t first = body.find(':');
  if (first == std::string_view::npos) {
    // An untyped scalar: its type comes from the signature later.
    double number;
    int64_t integer;
    if (!parseDouble(body, number) && !parseInt64(body, integer) &&
        body != "true" && body != "false")
      return Status::badInput(
          where + ": expected TYPE:VALUE, TYPE:SHAPE:INIT, @FILE.npy, null, "
                  "or a number typed by the signature");
    arg.kind = KernelArg::Kind::Scalar;
    arg.valueText = std::string(body);
    return Status();
  }
  std::string_view typeText = body.substr(0, first);
  if (!parseDType(typeText, arg.dtype))
    return Status::badInput(where + ": unknown dtype '" +
                            std::string(typeText) +
                            "' (i1, i8, i16, i32, i64, u8, u16, u32, u64, "
                            "f16, bf16, f32, f64)");
  std::string_view rest = body.substr(first + 1);
  size_t second = rest.find(':');
  if (second == std::string_view::npos) {
    arg.kind = KernelArg::Kind::Scalar;
    arg.typed = true;
    arg.valueText = std::string(rest);
    std::string error;
    if (!parseScalar(arg.dtype, rest, arg.value, error))
      return Status::badInput(where + ": " + error);
    return Status();
  }
  arg.kind = KernelArg::Kind::Buffer;
  if (Status status = parseShapeText(rest.substr(0, second), arg.shape, where);
      status.failed())
    return status;
  if (Status status = checkShape(arg.shape, arg.dtype, where); status.failed())
    return status;
  return parseInit(rest.substr(second + 1), arg.dtype, arg.init, where);
}

Status parseKernelArgs(const std::vector<std::string> &texts,
                       std::vector<KernelArg> &args) {
  args.clear();
  args.resize(texts.size());
  for (size_t i = 0; i < texts.size(); ++i)
    if (Status status =
            parseKernelArg(texts[i], static_cast<unsigned>(i), args[i]);
        status.failed())
      return status;
  for (size_t i = 0; i < args.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (args[i].name == args[j].name)
        return Status::badInput(
            formatString("arguments #%zu and #%zu are both named '%s'", j, i,
                         args[i].name.c_str()));
  return Status();
}

namespace {
/// splitmix64: a small generator whose stream is fixed by its seed.
class Random {
public:
  explicit Random(uint64_t seed) : state(seed) {}

  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
  uint64_t state;
};
} // namespace

/// Fills every element with the same storage bytes.
static void fillPattern(HostArray &array, const uint8_t *element) {
  size_t size = dtypeSize(array.dtype);
  size_t total = array.byteSize();
  std::memcpy(array.data.data(), element, size);
  // Double the filled prefix until the array is full.
  for (size_t done = size; done < total; done *= 2)
    std::memcpy(array.data.data() + done, array.data.data(),
                std::min(done, total - done));
}

static Status materialize(KernelArg &arg) {
  const BufferInit &init = arg.init;
  std::string where =
      formatString("argument #%u '%s'", arg.index, arg.spelling.c_str());
  if (init.kind == BufferInit::Kind::File) {
    if (arg.shapeFromFile)
      return readNpy(init.path, arg.host);
    if (!endsWith(init.path, ".npy"))
      return readRaw(init.path, arg.dtype, arg.shape, arg.host);
    if (Status status = readNpy(init.path, arg.host); status.failed())
      return status;
    if (arg.host.dtype != arg.dtype || arg.host.shape != arg.shape)
      return Status::badInput(formatString(
          "%s: %s holds %s %s, not %s[%s]", where.c_str(), init.path.c_str(),
          dtypeName(arg.host.dtype), formatShapeTuple(arg.host.shape).c_str(),
          dtypeName(arg.dtype), formatShape(arg.shape).c_str()));
    return Status();
  }
  if (Status status = allocateArray(arg.dtype, arg.shape, arg.host);
      status.failed())
    return Status::badInput(where + ": " + status.message());
  HostArray &array = arg.host;
  size_t count = array.numElements();
  size_t size = dtypeSize(array.dtype);
  uint8_t *data = array.data.data();
  switch (init.kind) {
  case BufferInit::Kind::Zeros:
  case BufferInit::Kind::File:
    break;
  case BufferInit::Kind::Ones:
  case BufferInit::Kind::Fill: {
    uint8_t element[8];
    std::string error;
    if (!parseScalar(array.dtype,
                     init.kind == BufferInit::Kind::Ones ? "1" : init.fillText,
                     element, error))
      return Status::badInput(where + ": " + error);
    fillPattern(array, element);
    break;
  }
  case BufferInit::Kind::Iota:
    for (size_t i = 0; i < count; ++i)
      storeElement(array.dtype, init.start + static_cast<double>(i) * init.step,
                   data + i * size);
    break;
  case BufferInit::Kind::Uniform: {
    Random random(init.seed);
    bool integral = !isFloat(array.dtype);
    double lo = init.lo.value_or(0);
    double hi = init.hi.value_or(BufferInit::defaultHi(array.dtype));
    for (size_t i = 0; i < count; ++i) {
      double value = lo + random.uniform() * (hi - lo);
      storeElement(array.dtype, integral ? std::floor(value) : value,
                   data + i * size);
    }
    break;
  }
  case BufferInit::Kind::Normal: {
    Random random(init.seed);
    const double twoPi = 6.283185307179586;
    for (size_t i = 0; i < count; i += 2) {
      double radius = std::sqrt(-2.0 * std::log(1.0 - random.uniform()));
      double angle = twoPi * random.uniform();
      storeElement(array.dtype,
                   init.mean + init.stddev * radius * std::cos(angle),
                   data + i * size);
      if (i + 1 < count)
        storeElement(array.dtype,
                     init.mean + init.stddev * radius * std::sin(angle),
                     data + (i + 1) * size);
    }
    break;
  }
  }
  return Status();
}

Status materializeBuffers(std::vector<KernelArg> &args) {
  for (KernelArg &arg : args)
    if (arg.holdsBuffer())
      if (Status status = materialize(arg); status.failed())
        return status;
  return Status();
}

/// "*fp32, *fp32, i32": a signature for messages.
static std::string signatureText(const std::vector<SignatureEntry> &signature) {
  std::string text;
  for (const SignatureEntry &entry : signature)
    text += (text.empty() ? "" : ", ") + entry.type;
  return text;
}

Status applySignature(std::vector<KernelArg> &args,
                      const KernelMetadata &metadata) {
  if (metadata.signatureSource.empty()) {
    for (const KernelArg &arg : args)
      if (arg.kind == KernelArg::Kind::Scalar && !arg.typed)
        return Status::badInput(formatString(
            "argument #%u '%s' has no type and no signature gives one: write "
            "it as TYPE:VALUE (e.g. i32:%s)",
            arg.index, arg.spelling.c_str(), arg.valueText.c_str()));
    return Status();
  }
  // Upstream's signatures list a descriptor once; its kernel also takes the
  // shape (i32 each) and strides (i64 each) the front end adds, which ours
  // list after it. Make them explicit where they are not.
  std::vector<SignatureEntry> signature;
  const std::vector<SignatureEntry> &given = metadata.signature;
  for (size_t i = 0; i < given.size(); ++i) {
    signature.push_back(given[i]);
    if (given[i].kind != SignatureEntry::Kind::TensorDesc)
      continue;
    size_t rank = given[i].block.size();
    bool listed = i + 2 * rank < given.size();
    for (size_t d = 0; listed && d < 2 * rank; ++d) {
      const SignatureEntry &next = given[i + 1 + d];
      listed = next.kind == SignatureEntry::Kind::Scalar &&
               next.dtype == (d < rank ? DType::I32 : DType::I64);
    }
    if (listed)
      continue;
    for (size_t d = 0; d < 2 * rank; ++d) {
      SignatureEntry extra;
      extra.name = given[i].name + (d < rank ? ".shape" : ".stride") +
                   std::to_string(d % rank);
      extra.type = d < rank ? "i32" : "i64";
      extra.kind = SignatureEntry::Kind::Scalar;
      extra.dtype = d < rank ? DType::I32 : DType::I64;
      signature.push_back(std::move(extra));
    }
  }
  if (signature.size() != args.size())
    return Status::badInput(formatString(
        "the kernel takes %zu arguments (signature from %s: %s), but %zu "
        "were given",
        signature.size(), metadata.signatureSource.c_str(),
        signatureText(signature).c_str(), args.size()));
  for (size_t i = 0; i < args.size(); ++i) {
    KernelArg &arg = args[i];
    const SignatureEntry &entry = signature[i];
    std::string where = formatString(
        "argument #%zu '%s' (%s%s%s)", i, arg.spelling.c_str(),
        entry.name.c_str(), entry.name.empty() ? "" : ": ", entry.type.c_str());
    if (entry.kind == SignatureEntry::Kind::TensorDesc) {
      if (arg.kind != KernelArg::Kind::Descriptor)
        return Status::badInput(where + ": expected a descriptor "
                                        "(desc:BLOCK[,nan]:BUFFER)");
      if (arg.block != entry.block)
        return Status::badInput(where + ": the block is " +
                                formatShape(arg.block) + ", expected " +
                                formatShape(entry.block));
      if (entry.dtype && arg.host.dtype != *entry.dtype)
        return Status::badInput(where + ": the buffer is " +
                                dtypeName(arg.host.dtype) + ", expected " +
                                dtypeName(*entry.dtype));
      continue;
    }
    if (arg.kind == KernelArg::Kind::Descriptor)
      return Status::badInput(where + ": a descriptor, where the signature "
                                      "has no tensordesc");
    if (entry.kind == SignatureEntry::Kind::Pointer) {
      if (arg.kind == KernelArg::Kind::Scalar)
        return Status::badInput(where + ": expected a buffer or null, got a "
                                        "scalar");
      if (arg.kind == KernelArg::Kind::Buffer && entry.dtype &&
          arg.host.dtype != *entry.dtype)
        return Status::badInput(where + ": the buffer is " +
                                dtypeName(arg.host.dtype) + ", expected " +
                                dtypeName(*entry.dtype));
      continue;
    }
    if (arg.kind != KernelArg::Kind::Scalar)
      return Status::badInput(where + ": expected a scalar, got a " +
                              (arg.kind == KernelArg::Kind::Null ? "null "
                                                                   "pointer"
                                                                 : "buffer"));
    if (!arg.typed) {
      arg.dtype = *entry.dtype;
      arg.typed = true;
      std::string error;
      if (!parseScalar(arg.dtype, arg.valueText, arg.value, error))
        return Status::badInput(where + ": " + error);
    } else if (arg.dtype != *entry.dtype) {
      return Status::badInput(where + ": the value is " + dtypeName(arg.dtype) +
                              ", expected " + dtypeName(*entry.dtype));
    }
  }
  return Status();
}

/// CUtensorMapDataType of PTX's tensor-map element type number, as
/// upstream's launcher maps them (TMA_DTYPE_DEVICE_TO_HOST).
static int hostTmaDataType(int deviceType) {
  switch (deviceType) {
  case 8:
    return 10;
  case 9:
    return 8;
  case 10:
    return 9;
  default:
    return deviceType;
  }
}

Status resolveDescriptors(std::vector<KernelArg> &args,
                          const KernelMetadata &metadata) {
  size_t next = 0;
  for (KernelArg &arg : args) {
    if (arg.kind != KernelArg::Kind::Descriptor)
      continue;
    std::string where =
        formatString("argument #%u '%s'", arg.index, arg.spelling.c_str());
    const HostArray &host = arg.host;
    if (host.shape.size() != arg.block.size() || host.shape.size() > 5)
      return Status::badInput(formatString(
          "%s: the block has %zu dimensions, the buffer %zu (1 to 5, the "
          "same)",
          where.c_str(), arg.block.size(), host.shape.size()));
    if (next >= metadata.tensorDescs.size())
      return Status::badInput(
          where +
          ": the tensor map's swizzle, element type and box come "
          "from the metadata's tensordesc_meta, which has " +
          formatString("%zu entries", metadata.tensorDescs.size()) +
          (metadata.path.empty() ? " (no --metadata given)" : ""));
    const TensorDescMeta &meta = metadata.tensorDescs[next++];
    if (meta.fp4Padded)
      return Status::badInput(where + ": fp4-padded tensor maps are not "
                                      "supported");
    if (static_cast<unsigned>(meta.elemSize) != dtypeSize(host.dtype))
      return Status::badInput(
          formatString("%s: the buffer has %u-byte elements, the tensor map %d",
                       where.c_str(), dtypeSize(host.dtype), meta.elemSize));
    if (meta.blockSize.size() != arg.block.size())
      return Status::badInput(where + ": the metadata's box has another rank "
                                      "than the block");
    arg.swizzle = meta.swizzle;
    arg.tmaDataType = hostTmaDataType(meta.elemType);
    arg.box = meta.blockSize;
  }
  return Status();
}

Status checkParamSizes(const std::vector<KernelArg> &args,
                       const KernelInfo &kernel, bool scratchArgs) {
  size_t given = args.size() + (scratchArgs ? 2 : 0);
  size_t expected = kernel.paramSizes.size();
  if (expected != given) {
    std::string hint;
    if (scratchArgs && expected == args.size())
      hint = "; a plain CUDA kernel? pass --no-scratch-args";
    else if (!scratchArgs && expected == args.size() + 2)
      hint = "; a Triton kernel takes global_scratch and profile_scratch "
             "last: drop --no-scratch-args";
    return Status::badInput(formatString(
        "kernel '%s' has %zu parameters, but %zu are passed (%zu "
        "arguments%s)%s",
        kernel.name.c_str(), expected, given, args.size(),
        scratchArgs ? " + global_scratch, profile_scratch" : "", hint.c_str()));
  }
  for (const KernelArg &arg : args)
    if (arg.paramSize() != kernel.paramSizes[arg.index])
      return Status::badInput(formatString(
          "argument #%u '%s' is %u bytes, but parameter %u of kernel '%s' is "
          "%u bytes",
          arg.index, arg.spelling.c_str(), arg.paramSize(), arg.index,
          kernel.name.c_str(), kernel.paramSizes[arg.index]));
  for (size_t i = args.size(); i < given; ++i)
    if (kernel.paramSizes[i] != 8)
      return Status::badInput(formatString(
          "parameter %zu of kernel '%s' is %u bytes, but the scratch pointer "
          "passed there is 8 (a plain CUDA kernel? pass --no-scratch-args)",
          i, kernel.name.c_str(), kernel.paramSizes[i]));
  return Status();
}

} // namespace triton::runner
