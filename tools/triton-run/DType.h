//===- DType.h - element types of kernel arguments --------------*- C++ -*-===//
//
// The scalar types a Triton kernel takes (i1, i8..i64, u8..u64, f16, bf16,
// f32, f64) and their little-endian storage, as the launcher packs them: f16
// and bf16 travel as 16-bit patterns, i1 as one byte. Conversions between
// doubles and the 16-bit float formats are done here, round to nearest even,
// so that results don't depend on the host compiler's half-float support.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_DTYPE_H
#define TRITON_RUN_DTYPE_H

#include <cstdint>
#include <string>
#include <string_view>

namespace triton::runner {

enum class DType : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F16,
  BF16,
  F32,
  F64,
};

/// Parses a dtype: our spelling (f32, i32, bf16, ...) or Triton's (fp32,
/// fp16, fp64).
bool parseDType(std::string_view name, DType &dtype);

/// Our spelling of a dtype (f32, i32, bf16, ...).
const char *dtypeName(DType dtype);

/// Bytes per element.
unsigned dtypeSize(DType dtype);

bool isFloat(DType dtype);

/// The .npy `descr` we write for a dtype. bf16 is written as '<V2', which is
/// what numpy saves for ml_dtypes.bfloat16 arrays.
const char *npyDescr(DType dtype);

/// Reads one element as a double.
double loadElement(DType dtype, const void *src);

/// Stores a double as one element: floats round to nearest even, integers
/// take the value truncated toward zero and wrap modulo their width.
void storeElement(DType dtype, double value, void *dst);

/// Parses a literal of `dtype` into its storage (dtypeSize bytes at `dst`).
/// On failure, `error` says why (malformed, out of range, overflow).
bool parseScalar(DType dtype, std::string_view text, void *dst,
                 std::string &error);

/// The shortest text that reads back to the same element, spelled as numpy
/// prints it: "1.", "0.1", "nan", "-inf", "True".
std::string formatElement(DType dtype, const void *src);

} // namespace triton::runner

#endif // TRITON_RUN_DTYPE_H
