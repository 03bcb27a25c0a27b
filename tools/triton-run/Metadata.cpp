//===- Metadata.cpp - kernel metadata and signatures ---------------------===//

#include "Metadata.h"

#include "Json.h"

namespace triton::runner {

/// Reads and parses a JSON file; errors name the file.
static Status readJsonFile(const std::string &path, JsonValue &root) {
  ByteBuffer contents;
  if (Status status = readFile(path, contents); status.failed())
    return status;
  std::string error;
  std::string_view text(reinterpret_cast<const char *>(contents.data()),
                        contents.size());
  if (!parseJson(text, root, error))
    return Status::badInput(path + ": invalid JSON: " + error);
  if (!root.isObject() && !root.isArray())
    return Status::badInput(path + ": expected a JSON object");
  return Status();
}

/// Parses one signature type into `entry`; sets `dropped` for constexprs,
/// which are not kernel parameters.
static Status parseSignatureType(std::string_view type, SignatureEntry &entry,
                                 bool &dropped) {
  dropped = type == "constexpr";
  if (dropped)
    return Status();
  entry.type = std::string(type);
  if (type == "nvTmaDesc")
    return Status::badInput("signature type '" + entry.type +
                            "': Triton 3.2's TMA descriptors are not "
                            "supported; tensordesc<...> ones are");
  if (startsWith(type, "tensordesc")) {
    // tensordesc<fp16[64, 32]>
    size_t open = type.find('<'), bracket = type.find('['),
           close = type.find(']');
    DType dtype;
    if (open == std::string_view::npos || bracket == std::string_view::npos ||
        close == std::string_view::npos || bracket < open || close < bracket ||
        !endsWith(type, ">") ||
        !parseDType(type.substr(open + 1, bracket - open - 1), dtype))
      return Status::badInput("signature type '" + entry.type +
                              "': expected tensordesc<DTYPE[D0, D1, ...]>");
    entry.kind = SignatureEntry::Kind::TensorDesc;
    entry.dtype = dtype;
    std::string_view dims = type.substr(bracket + 1, close - bracket - 1);
    while (!dims.empty()) {
      size_t comma = dims.find(',');
      std::string_view dim = dims.substr(0, comma);
      while (!dim.empty() && dim.front() == ' ')
        dim.remove_prefix(1);
      int64_t size;
      if (!parseInt64(dim, size) || size <= 0)
        return Status::badInput("signature type '" + entry.type +
                                "': bad block dimension");
      entry.block.push_back(size);
      dims = comma == std::string_view::npos ? std::string_view()
                                             : dims.substr(comma + 1);
    }
    return Status();
  }
  if (startsWith(type, "*")) {
    entry.kind = SignatureEntry::Kind::Pointer;
    std::string_view pointee = type.substr(1);
    // Triton 2 spelled pointers to constant data "*k<type>".
    if (startsWith(pointee, "k"))
      pointee.remove_prefix(1);
    DType dtype;
    if (parseDType(pointee, dtype))
      entry.dtype = dtype;
    else if (!startsWith(pointee, "fp8"))
      return Status::badInput("unknown pointer type '" + entry.type +
                              "' in signature");
    return Status();
  }
  entry.kind = SignatureEntry::Kind::Scalar;
  DType dtype;
  if (type == "u1")
    dtype = DType::I1;
  else if (!parseDType(type, dtype))
    return Status::badInput("unsupported scalar type '" + entry.type +
                            "' in signature");
  entry.dtype = dtype;
  return Status();
}

/// (argument name or "", type) pairs of a signature, in argument order.
using NamedTypes = std::vector<std::pair<std::string, std::string>>;

/// Turns named types into signature entries, dropping constexprs.
static Status buildSignature(const NamedTypes &types,
                             std::vector<SignatureEntry> &signature,
                             const std::string &where) {
  signature.clear();
  for (const auto &[name, type] : types) {
    std::string_view trimmed = type;
    while (!trimmed.empty() && trimmed.front() == ' ')
      trimmed.remove_prefix(1);
    while (!trimmed.empty() && trimmed.back() == ' ')
      trimmed.remove_suffix(1);
    SignatureEntry entry;
    entry.name = name;
    bool dropped;
    if (Status status = parseSignatureType(trimmed, entry, dropped);
        status.failed())
      return Status::badInput(where + ": " + status.message());
    if (!dropped)
      signature.push_back(std::move(entry));
  }
  return Status();
}

/// Splits "*fp32, i32" at the commas outside brackets: a tensor descriptor
/// type such as "tensordesc<fp16[64, 64]>" holds commas of its own.
static NamedTypes splitTypeList(std::string_view list) {
  NamedTypes types;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= list.size(); ++i) {
    char c = i < list.size() ? list[i] : ',';
    if (c == '<' || c == '[' || c == '(')
      ++depth;
    else if (c == '>' || c == ']' || c == ')')
      --depth;
    else if (c == ',' && depth <= 0) {
      types.emplace_back("", std::string(list.substr(start, i - start)));
      start = i + 1;
    }
  }
  return types;
}

/// Reads a signature given as an object (name -> type), an array of types or
/// a comma-separated string.
static Status parseSignatureValue(const JsonValue &value,
                                  std::vector<SignatureEntry> &signature,
                                  const std::string &where) {
  if (value.isString())
    return buildSignature(splitTypeList(value.string()), signature, where);
  if (!value.isObject() && !value.isArray())
    return Status::badInput(where +
                            ": 'signature' must be an object, list or string");
  NamedTypes types;
  for (size_t i = 0; i < value.elements().size(); ++i) {
    const JsonValue &type = value.elements()[i];
    if (!type.isString())
      return Status::badInput(where + ": signature types must be strings");
    types.emplace_back(value.isObject() ? value.keys()[i] : "", type.string());
  }
  return buildSignature(types, signature, where);
}

/// Reads an optional non-negative integer field.
static Status readCount(const JsonValue &object, const char *key,
                        std::optional<int64_t> &field,
                        const std::string &path) {
  const JsonValue *value = object.get(key);
  if (!value || value->kind() == JsonValue::Kind::Null)
    return Status();
  if (!value->isInteger() || value->integer() < 0)
    return Status::badInput(formatString(
        "%s: '%s' must be a non-negative integer", path.c_str(), key));
  field = value->integer();
  return Status();
}

/// Reads "launch": {"grid": [...]} of a signature.json.
static Status readLaunchGrid(const JsonValue &root, KernelMetadata &metadata,
                             const std::string &path) {
  const JsonValue *launch = root.get("launch");
  const JsonValue *grid = launch ? launch->get("grid") : nullptr;
  if (!grid)
    return Status();
  if (!grid->isArray() || grid->elements().empty() ||
      grid->elements().size() > 3)
    return Status::badInput(path + ": 'launch.grid' must be a list of 1 to 3 "
                                   "integers");
  metadata.grid.clear();
  for (const JsonValue &dim : grid->elements()) {
    if (!dim.isInteger() || dim.integer() < 0)
      return Status::badInput(path + ": 'launch.grid' must be a list of 1 to "
                                     "3 integers");
    metadata.grid.push_back(dim.integer());
  }
  return Status();
}

/// Reads upstream's "tensordesc_meta": a list of objects with swizzle,
/// elem_size, elem_type, block_size and fp4_padded.
static Status readTensorDescMeta(const JsonValue &list,
                                 KernelMetadata &metadata,
                                 const std::string &path) {
  std::string where = path + ": 'tensordesc_meta'";
  if (!list.isArray())
    return Status::badInput(where + " must be a list");
  metadata.tensorDescs.clear();
  for (const JsonValue &item : list.elements()) {
    if (!item.isObject())
      return Status::badInput(where + " entries must be objects");
    TensorDescMeta meta;
    auto integer = [&](const char *key, int &field, int lo, int hi) -> Status {
      const JsonValue *value = item.get(key);
      if (!value || !value->isInteger() || value->integer() < lo ||
          value->integer() > hi)
        return Status::badInput(
            formatString("%s: '%s' must be an integer from %d to %d",
                         where.c_str(), key, lo, hi));
      field = static_cast<int>(value->integer());
      return Status();
    };
    if (Status status = integer("swizzle", meta.swizzle, 0, 3); status.failed())
      return status;
    if (Status status = integer("elem_size", meta.elemSize, 1, 8);
        status.failed())
      return status;
    if (Status status = integer("elem_type", meta.elemType, 0, 15);
        status.failed())
      return status;
    const JsonValue *box = item.get("block_size");
    if (!box || !box->isArray() || box->elements().empty() ||
        box->elements().size() > 5)
      return Status::badInput(where + ": 'block_size' must be a list of 1 to "
                                      "5 integers");
    for (const JsonValue &dim : box->elements()) {
      if (!dim.isInteger() || dim.integer() < 1 || dim.integer() > 256)
        return Status::badInput(where + ": 'block_size' entries must be "
                                        "integers from 1 to 256");
      meta.blockSize.push_back(dim.integer());
    }
    const JsonValue *fp4 = item.get("fp4_padded");
    meta.fp4Padded =
        fp4 && fp4->kind() == JsonValue::Kind::Bool && fp4->boolean();
    metadata.tensorDescs.push_back(std::move(meta));
  }
  return Status();
}

Status loadMetadata(const std::string &path, KernelMetadata &metadata) {
  JsonValue root;
  if (Status status = readJsonFile(path, root); status.failed())
    return status;
  if (!root.isObject())
    return Status::badInput(path + ": expected a JSON object");
  const JsonValue *inner = root.get("metadata");
  const JsonValue &fields = inner && inner->isObject() ? *inner : root;
  metadata.path = path;

  const JsonValue *name = fields.get("name");
  if (!name || !name->isString())
    name = root.get("kernel_name");
  if (name && name->isString())
    metadata.name = name->string();

  static const struct {
    const char *key;
    std::optional<int64_t> KernelMetadata::*field;
  } counts[] = {
      {"num_warps", &KernelMetadata::numWarps},
      {"num_ctas", &KernelMetadata::numCtas},
      {"shared", &KernelMetadata::shared},
      {"warp_size", &KernelMetadata::warpSize},
      {"global_scratch_size", &KernelMetadata::globalScratchSize},
      {"global_scratch_align", &KernelMetadata::globalScratchAlign},
      {"profile_scratch_size", &KernelMetadata::profileScratchSize},
      {"profile_scratch_align", &KernelMetadata::profileScratchAlign},
  };
  for (const auto &count : counts)
    if (Status status =
            readCount(fields, count.key, metadata.*(count.field), path);
        status.failed())
      return status;
  if (metadata.numWarps && *metadata.numWarps == 0)
    return Status::badInput(path + ": 'num_warps' must be positive");
  if (metadata.numCtas && *metadata.numCtas == 0)
    return Status::badInput(path + ": 'num_ctas' must be positive");

  const JsonValue *target = fields.get("target");
  if (target && target->isObject()) {
    const JsonValue *backend = target->get("backend");
    const JsonValue *arch = target->get("arch");
    if (backend && backend->isString() && arch && arch->isInteger())
      metadata.target = formatString("%s:%lld", backend->string().c_str(),
                                     static_cast<long long>(arch->integer()));
  } else if (target && target->isString()) {
    metadata.target = target->string();
  }

  if (const JsonValue *descs = fields.get("tensordesc_meta");
      descs && descs->kind() != JsonValue::Kind::Null) {
    if (Status status = readTensorDescMeta(*descs, metadata, path);
        status.failed())
      return status;
  }

  const JsonValue *signature = fields.get("signature");
  if (!signature)
    signature = root.get("signature");
  if (signature) {
    if (Status status =
            parseSignatureValue(*signature, metadata.signature, path);
        status.failed())
      return status;
    metadata.signatureSource = path;
  }
  return readLaunchGrid(root, metadata, path);
}

Status loadSignature(const std::string &spec, KernelMetadata &metadata) {
  if (!endsWith(spec, ".json")) {
    metadata.signatureSource = "--signature";
    return buildSignature(splitTypeList(spec), metadata.signature,
                          "--signature");
  }
  JsonValue root;
  if (Status status = readJsonFile(spec, root); status.failed())
    return status;
  const JsonValue *signature = root.isObject() ? root.get("signature") : &root;
  if (!signature)
    return Status::badInput(spec + ": no 'signature' in it");
  if (Status status = parseSignatureValue(*signature, metadata.signature, spec);
      status.failed())
    return status;
  metadata.signatureSource = spec;
  return readLaunchGrid(root, metadata, spec);
}

} // namespace triton::runner
