//===- Json.h - a small JSON reader and writer ------------------*- C++ -*-===//
//
// Enough JSON for metadata files (ours and upstream Triton's cache JSON) and
// for the --json report, with no third-party dependency. The reader keeps
// object members in file order, because a signature object's order is the
// kernel's argument order. Like Python's json module, both sides accept the
// non-standard NaN, Infinity and -Infinity.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_RUN_JSON_H
#define TRITON_RUN_JSON_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace triton::runner {

class JsonValue {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Kind kind() const { return valueKind; }
  bool isObject() const { return valueKind == Kind::Object; }
  bool isArray() const { return valueKind == Kind::Array; }
  bool isString() const { return valueKind == Kind::String; }

  bool boolean() const { return flag; }
  double number() const { return numberValue; }
  /// True for a number written without fraction or exponent that fits int64.
  bool isInteger() const { return valueKind == Kind::Number && flag; }
  int64_t integer() const { return integerValue; }
  const std::string &string() const { return text; }

  /// Elements of an array, or values of an object's members.
  const std::vector<JsonValue> &elements() const { return children; }
  /// Keys of an object's members, in file order, parallel to elements().
  const std::vector<std::string> &keys() const { return memberKeys; }

  /// The member named `key` of an object; null if absent or not an object.
  const JsonValue *get(std::string_view key) const;

private:
  friend class JsonParser;

  Kind valueKind = Kind::Null;
  bool flag = false;
  double numberValue = 0;
  int64_t integerValue = 0;
  std::string text;
  std::vector<JsonValue> children;
  std::vector<std::string> memberKeys;
};

/// Parses a whole JSON text. On failure, `error` is "line L, column C: why".
bool parseJson(std::string_view text, JsonValue &value, std::string &error);

/// Writes indented JSON into a string, one call per token; keys and values
/// of objects alternate through key() and a value call.
class JsonWriter {
public:
  explicit JsonWriter(std::string &out) : out(out) {}

  void beginObject();
  void endObject();
  void beginArray();
  void endArray();
  void key(std::string_view name);

  void value(std::string_view text);
  void value(const char *text) { value(std::string_view(text)); }
  void value(const std::string &text) { value(std::string_view(text)); }
  void value(double number);
  void value(int64_t number);
  void value(uint64_t number);
  void value(int number) { value(static_cast<int64_t>(number)); }
  void value(unsigned number) { value(static_cast<uint64_t>(number)); }
  void value(bool flag);

private:
  void beforeValue();
  void newline();
  void writeString(std::string_view text);

  std::string &out;
  /// One entry per open container: whether it has a member yet.
  std::vector<bool> hasMember;
  bool afterKey = false;
};

} // namespace triton::runner

#endif // TRITON_RUN_JSON_H
