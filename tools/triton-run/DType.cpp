//===- DType.cpp - element types of kernel arguments ---------------------===//

#include "DType.h"

#include "Support.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace triton::runner {

namespace {
struct DTypeInfo {
  DType dtype;
  const char *name;
  /// Triton's spelling where it differs from ours, else null.
  const char *tritonName;
  const char *npyDescr;
  unsigned size;
  bool isFloat;
  bool isSigned;
};
} // namespace

static const DTypeInfo dtypeTable[] = {
    {DType::I1, "i1", nullptr, "|b1", 1, false, false},
    {DType::I8, "i8", nullptr, "|i1", 1, false, true},
    {DType::I16, "i16", nullptr, "<i2", 2, false, true},
    {DType::I32, "i32", nullptr, "<i4", 4, false, true},
    {DType::I64, "i64", nullptr, "<i8", 8, false, true},
    {DType::U8, "u8", nullptr, "|u1", 1, false, false},
    {DType::U16, "u16", nullptr, "<u2", 2, false, false},
    {DType::U32, "u32", nullptr, "<u4", 4, false, false},
    {DType::U64, "u64", nullptr, "<u8", 8, false, false},
    {DType::F16, "f16", "fp16", "<f2", 2, true, true},
    {DType::BF16, "bf16", nullptr, "<V2", 2, true, true},
    {DType::F32, "f32", "fp32", "<f4", 4, true, true},
    {DType::F64, "f64", "fp64", "<f8", 8, true, true},
};

static const DTypeInfo &info(DType dtype) {
  return dtypeTable[static_cast<unsigned>(dtype)];
}

bool parseDType(std::string_view name, DType &dtype) {
  for (const DTypeInfo &entry : dtypeTable) {
    if (name == entry.name || (entry.tritonName && name == entry.tritonName)) {
      dtype = entry.dtype;
      return true;
    }
  }
  return false;
}

const char *dtypeName(DType dtype) { return info(dtype).name; }
unsigned dtypeSize(DType dtype) { return info(dtype).size; }
bool isFloat(DType dtype) { return info(dtype).isFloat; }
const char *npyDescr(DType dtype) { return info(dtype).npyDescr; }

/// Rounds a double to a binary float format with `expBits` exponent bits and
/// `mantBits` stored mantissa bits (IEEE layout, round to nearest even,
/// subnormals, overflow to infinity) and returns its bit pattern.
static uint16_t encodeNarrowFloat(double value, int expBits, int mantBits) {
  const uint32_t expMask = (1u << expBits) - 1;
  const int bias = static_cast<int>(expMask >> 1);
  const int minExp = 1 - bias;
  uint32_t sign = std::signbit(value) ? 1u << (expBits + mantBits) : 0;
  if (std::isnan(value))
    return static_cast<uint16_t>(sign | (expMask << mantBits) |
                                 (1u << (mantBits - 1)));
  double magnitude = std::fabs(value);
  uint32_t infinity = sign | (expMask << mantBits);
  if (std::isinf(magnitude))
    return static_cast<uint16_t>(infinity);
  if (magnitude == 0)
    return static_cast<uint16_t>(sign);
  int exponent;
  std::frexp(magnitude, &exponent);
  --exponent; // magnitude = 1.xxx * 2^exponent
  // Round to a multiple of the target's unit in the last place; nearbyint
  // rounds ties to even in the default rounding mode.
  int quantum = (exponent > minExp ? exponent : minExp) - mantBits;
  double units = std::nearbyint(std::ldexp(magnitude, -quantum));
  double rounded = std::ldexp(units, quantum);
  double maxFinite = std::ldexp(2.0 - std::ldexp(1.0, -mantBits), bias);
  if (rounded > maxFinite)
    return static_cast<uint16_t>(infinity);
  if (rounded < std::ldexp(1.0, minExp)) {
    auto mantissa =
        static_cast<uint32_t>(std::ldexp(rounded, mantBits - minExp));
    return static_cast<uint16_t>(sign | mantissa);
  }
  std::frexp(rounded, &exponent);
  --exponent;
  auto mantissa = static_cast<uint32_t>(
      std::ldexp(rounded, mantBits - exponent) - std::ldexp(1.0, mantBits));
  return static_cast<uint16_t>(
      sign | (static_cast<uint32_t>(exponent + bias) << mantBits) | mantissa);
}

static double decodeNarrowFloat(uint16_t bits, int expBits, int mantBits) {
  const uint32_t expMask = (1u << expBits) - 1;
  const int bias = static_cast<int>(expMask >> 1);
  bool negative = (bits >> (expBits + mantBits)) & 1;
  uint32_t exponent = (bits >> mantBits) & expMask;
  uint32_t mantissa = bits & ((1u << mantBits) - 1);
  double magnitude;
  if (exponent == expMask)
    magnitude = mantissa ? NAN : INFINITY;
  else if (exponent == 0)
    magnitude = std::ldexp(mantissa, 1 - bias - mantBits);
  else
    magnitude = std::ldexp(mantissa + std::ldexp(1.0, mantBits),
                           int(exponent) - bias - mantBits);
  return negative ? -magnitude : magnitude;
}

template <typename T> static T loadAs(const void *src) {
  T value;
  std::memcpy(&value, src, sizeof(T));
  return value;
}

template <typename T> static void storeAs(T value, void *dst) {
  std::memcpy(dst, &value, sizeof(T));
}

double loadElement(DType dtype, const void *src) {
  switch (dtype) {
  case DType::I1:
    return loadAs<uint8_t>(src) != 0;
  case DType::I8:
    return loadAs<int8_t>(src);
  case DType::I16:
    return loadAs<int16_t>(src);
  case DType::I32:
    return loadAs<int32_t>(src);
  case DType::I64:
    return static_cast<double>(loadAs<int64_t>(src));
  case DType::U8:
    return loadAs<uint8_t>(src);
  case DType::U16:
    return loadAs<uint16_t>(src);
  case DType::U32:
    return loadAs<uint32_t>(src);
  case DType::U64:
    return static_cast<double>(loadAs<uint64_t>(src));
  case DType::F16:
    return decodeNarrowFloat(loadAs<uint16_t>(src), 5, 10);
  case DType::BF16:
    return decodeNarrowFloat(loadAs<uint16_t>(src), 8, 7);
  case DType::F32:
    return loadAs<float>(src);
  case DType::F64:
    return loadAs<double>(src);
  }
  return 0;
}

/// Truncates toward zero into the int64 range (saturating), so that the
/// narrowing conversions below never see an out-of-range double.
static int64_t toInt64(double value) {
  if (std::isnan(value))
    return 0;
  if (value >= 9223372036854775807.0)
    return INT64_MAX;
  if (value <= -9223372036854775808.0)
    return INT64_MIN;
  return static_cast<int64_t>(value);
}

void storeElement(DType dtype, double value, void *dst) {
  auto wrapped = static_cast<uint64_t>(toInt64(value));
  switch (dtype) {
  case DType::I1:
    storeAs<uint8_t>(value != 0, dst);
    return;
  case DType::I8:
  case DType::U8:
    storeAs(static_cast<uint8_t>(wrapped), dst);
    return;
  case DType::I16:
  case DType::U16:
    storeAs(static_cast<uint16_t>(wrapped), dst);
    return;
  case DType::I32:
  case DType::U32:
    storeAs(static_cast<uint32_t>(wrapped), dst);
    return;
  case DType::I64:
    storeAs(wrapped, dst);
    return;
  case DType::U64:
    storeAs(value >= 9223372036854775808.0 && value < 18446744073709551616.0
                ? static_cast<uint64_t>(value)
                : wrapped,
            dst);
    return;
  case DType::F16:
    storeAs(encodeNarrowFloat(value, 5, 10), dst);
    return;
  case DType::BF16:
    storeAs(encodeNarrowFloat(value, 8, 7), dst);
    return;
  case DType::F32:
    storeAs(static_cast<float>(value), dst);
    return;
  case DType::F64:
    storeAs(value, dst);
    return;
  }
}

bool parseScalar(DType dtype, std::string_view text, void *dst,
                 std::string &error) {
  const DTypeInfo &entry = info(dtype);
  std::string spelled(text);
  if (dtype == DType::I1) {
    if (text == "1" || text == "true" || text == "True")
      storeAs<uint8_t>(1, dst);
    else if (text == "0" || text == "false" || text == "False")
      storeAs<uint8_t>(0, dst);
    else {
      error = formatString("'%s' is not an i1 (use 0, 1, true or false)",
                           spelled.c_str());
      return false;
    }
    return true;
  }
  if (entry.isFloat) {
    double value;
    if (!parseDouble(text, value)) {
      error = formatString("'%s' is not a number", spelled.c_str());
      return false;
    }
    storeElement(dtype, value, dst);
    if (std::isfinite(value) && std::isinf(loadElement(dtype, dst))) {
      error = formatString("%s overflows %s", spelled.c_str(), entry.name);
      return false;
    }
    return true;
  }
  unsigned bits = entry.size * 8;
  if (entry.isSigned) {
    int64_t value;
    int64_t limit = bits == 64 ? INT64_MAX : (int64_t(1) << (bits - 1)) - 1;
    if (!parseInt64(text, value) || value > limit || value < -limit - 1) {
      error = formatString("'%s' is not an integer in the range of %s",
                           spelled.c_str(), entry.name);
      return false;
    }
    auto wrapped = static_cast<uint64_t>(value);
    std::memcpy(dst, &wrapped, entry.size);
    return true;
  }
  uint64_t value;
  uint64_t limit = bits == 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1;
  if (!parseUInt64(text, value) || value > limit) {
    error = formatString("'%s' is not an integer in the range of %s",
                         spelled.c_str(), entry.name);
    return false;
  }
  std::memcpy(dst, &value, entry.size);
  return true;
}

std::string formatElement(DType dtype, const void *src) {
  switch (dtype) {
  case DType::I1:
    return loadAs<uint8_t>(src) ? "True" : "False";
  case DType::I8:
  case DType::I16:
  case DType::I32:
    return formatString("%lld",
                        static_cast<long long>(loadElement(dtype, src)));
  case DType::I64:
    return formatString("%lld", static_cast<long long>(loadAs<int64_t>(src)));
  case DType::U8:
  case DType::U16:
  case DType::U32:
    return formatString(
        "%llu", static_cast<unsigned long long>(loadElement(dtype, src)));
  case DType::U64:
    return formatString("%llu",
                        static_cast<unsigned long long>(loadAs<uint64_t>(src)));
  case DType::F16:
  case DType::BF16:
  case DType::F32:
  case DType::F64:
    break;
  }
  double value = loadElement(dtype, src);
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  // The fewest significant digits that read back to the same element are
  // what numpy prints; like numpy, use positional notation for magnitudes
  // from 1e-4 to 1e16 and scientific notation outside.
  unsigned size = dtypeSize(dtype);
  int digits = 17;
  std::string scientific;
  for (int precision = 1; precision <= 17; ++precision) {
    scientific = formatString("%.*e", precision - 1, value);
    double back = 0;
    parseDouble(scientific, back);
    uint8_t storage[8];
    storeElement(dtype, back, storage);
    if (std::memcmp(storage, src, size) == 0) {
      digits = precision;
      break;
    }
  }
  if (value == 0)
    return std::signbit(value) ? "-0." : "0.";
  int exponent = std::atoi(scientific.c_str() + scientific.find('e') + 1);
  if (exponent >= -4 && exponent < 16) {
    int decimals = std::max(0, digits - 1 - exponent);
    std::string text = formatString("%.*f", decimals, value);
    return decimals == 0 ? text + "." : text;
  }
  size_t exponentPos = scientific.find('e');
  if (digits == 1 && exponentPos != std::string::npos)
    scientific.insert(exponentPos, 1, '.');
  return scientific;
}

} // namespace triton::runner
