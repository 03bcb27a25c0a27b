//===- Json.cpp - a small JSON reader and writer -------------------------===//

#include "Json.h"

#include "Support.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

namespace triton::runner {

const JsonValue *JsonValue::get(std::string_view key) const {
  if (valueKind != Kind::Object)
    return nullptr;
  for (size_t i = 0; i < memberKeys.size(); ++i)
    if (memberKeys[i] == key)
      return &children[i];
  return nullptr;
}

/// Recursive-descent parser. Nesting is bounded so that a hostile file ends
/// in an error rather than a stack overflow.
class JsonParser {
public:
  explicit JsonParser(std::string_view text) : text(text) {}

  bool parseDocument(JsonValue &value, std::string &error) {
    skipBlanks();
    bool ok = parseValue(value, 0);
    if (ok) {
      skipBlanks();
      if (pos != text.size())
        ok = fail("trailing characters after the JSON value");
    }
    if (!ok)
      error = where() + ": " + message;
    return ok;
  }

private:
  static constexpr unsigned maxDepth = 256;

  bool fail(std::string why) {
    if (message.empty())
      message = std::move(why);
    return false;
  }

  std::string where() const {
    unsigned line = 1, column = 1;
    for (size_t i = 0; i < pos && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return formatString("line %u, column %u", line, column);
  }

  void skipBlanks() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' ||
                                 text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  bool consume(std::string_view word) {
    if (text.substr(pos, word.size()) != word)
      return false;
    pos += word.size();
    return true;
  }

  bool parseValue(JsonValue &value, unsigned depth) {
    if (depth > maxDepth)
      return fail("JSON nested too deeply");
    if (pos >= text.size())
      return fail("unexpected end of input");
    char c = text[pos];
    if (c == '{')
      return parseObject(value, depth);
    if (c == '[')
      return parseArray(value, depth);
    if (c == '"') {
      value.valueKind = JsonValue::Kind::String;
      return parseString(value.text);
    }
    if (consume("true") || consume("false")) {
      value.valueKind = JsonValue::Kind::Bool;
      value.flag = c == 't';
      return true;
    }
    if (consume("null")) {
      value.valueKind = JsonValue::Kind::Null;
      return true;
    }
    return parseNumber(value);
  }

  bool parseObject(JsonValue &value, unsigned depth) {
    value.valueKind = JsonValue::Kind::Object;
    ++pos;
    skipBlanks();
    if (consume("}"))
      return true;
    while (true) {
      skipBlanks();
      if (pos >= text.size() || text[pos] != '"')
        return fail("expected a string as object key");
      std::string key;
      if (!parseString(key))
        return false;
      skipBlanks();
      if (!consume(":"))
        return fail("expected ':' after object key");
      skipBlanks();
      value.memberKeys.push_back(std::move(key));
      value.children.emplace_back();
      if (!parseValue(value.children.back(), depth + 1))
        return false;
      skipBlanks();
      if (consume("}"))
        return true;
      if (!consume(","))
        return fail("expected ',' or '}' in object");
    }
  }

  bool parseArray(JsonValue &value, unsigned depth) {
    value.valueKind = JsonValue::Kind::Array;
    ++pos;
    skipBlanks();
    if (consume("]"))
      return true;
    while (true) {
      skipBlanks();
      value.children.emplace_back();
      if (!parseValue(value.children.back(), depth + 1))
        return false;
      skipBlanks();
      if (consume("]"))
        return true;
      if (!consume(","))
        return fail("expected ',' or ']' in array");
    }
  }

  bool parseHex4(uint32_t &code) {
    if (pos + 4 > text.size())
      return fail("truncated \\u escape");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos++];
      code <<= 4;
      if (c >= '0' && c <= '9')
        code |= uint32_t(c - '0');
      else if (c >= 'a' && c <= 'f')
        code |= uint32_t(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        code |= uint32_t(c - 'A' + 10);
      else
        return fail("bad \\u escape");
    }
    return true;
  }

  static void appendUtf8(std::string &out, uint32_t code) {
    if (code < 0x80) {
      out += char(code);
    } else if (code < 0x800) {
      out += char(0xC0 | (code >> 6));
      out += char(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += char(0xE0 | (code >> 12));
      out += char(0x80 | ((code >> 6) & 0x3F));
      out += char(0x80 | (code & 0x3F));
    } else {
      out += char(0xF0 | (code >> 18));
      out += char(0x80 | ((code >> 12) & 0x3F));
      out += char(0x80 | ((code >> 6) & 0x3F));
      out += char(0x80 | (code & 0x3F));
    }
  }

  bool parseString(std::string &out) {
    ++pos; // opening quote
    while (true) {
      if (pos >= text.size())
        return fail("unterminated string");
      char c = text[pos++];
      if (c == '"')
        return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos >= text.size())
        return fail("unterminated string");
      char escape = text[pos++];
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        out += escape;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t code;
        if (!parseHex4(code))
          return false;
        if (code >= 0xD800 && code < 0xDC00 && consume("\\u")) {
          uint32_t low;
          if (!parseHex4(low))
            return false;
          if (low >= 0xDC00 && low < 0xE000)
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        }
        appendUtf8(out, code);
        break;
      }
      default:
        return fail(formatString("bad escape '\\%c' in string", escape));
      }
    }
  }

  bool parseNumber(JsonValue &value) {
    value.valueKind = JsonValue::Kind::Number;
    bool negative = consume("-");
    if (consume("NaN") && !negative) {
      value.numberValue = NAN;
      return true;
    }
    if (consume("Infinity")) {
      value.numberValue = negative ? -INFINITY : INFINITY;
      return true;
    }
    size_t start = pos - (negative ? 1 : 0);
    size_t digits = pos;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9')
      ++pos;
    if (pos == digits)
      return fail("expected a JSON value");
    bool integral = true;
    if (pos < text.size() && text[pos] == '.') {
      integral = false;
      ++pos;
      size_t fraction = pos;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9')
        ++pos;
      if (pos == fraction)
        return fail("expected digits after '.'");
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
      integral = false;
      ++pos;
      if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      size_t exponent = pos;
      while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9')
        ++pos;
      if (pos == exponent)
        return fail("expected digits in exponent");
    }
    std::string_view literal = text.substr(start, pos - start);
    parseDouble(literal, value.numberValue);
    value.flag = integral && parseInt64(literal, value.integerValue);
    return true;
  }

  std::string_view text;
  size_t pos = 0;
  std::string message;
};

bool parseJson(std::string_view text, JsonValue &value, std::string &error) {
  value = JsonValue();
  return JsonParser(text).parseDocument(value, error);
}

void JsonWriter::newline() {
  out += '\n';
  out.append(2 * hasMember.size(), ' ');
}

void JsonWriter::beforeValue() {
  if (afterKey) {
    afterKey = false;
    return;
  }
  if (hasMember.empty())
    return;
  if (hasMember.back())
    out += ',';
  hasMember.back() = true;
  newline();
}

void JsonWriter::beginObject() {
  beforeValue();
  out += '{';
  hasMember.push_back(false);
}

void JsonWriter::endObject() {
  bool any = hasMember.back();
  hasMember.pop_back();
  if (any)
    newline();
  out += '}';
  if (hasMember.empty())
    out += '\n';
}

void JsonWriter::beginArray() {
  beforeValue();
  out += '[';
  hasMember.push_back(false);
}

void JsonWriter::endArray() {
  bool any = hasMember.back();
  hasMember.pop_back();
  if (any)
    newline();
  out += ']';
}

void JsonWriter::key(std::string_view name) {
  beforeValue();
  writeString(name);
  out += ": ";
  afterKey = true;
}

void JsonWriter::value(std::string_view text) {
  beforeValue();
  writeString(text);
}

void JsonWriter::writeString(std::string_view text) {
  out += '"';
  for (char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20)
        out += formatString("\\u%04x", static_cast<unsigned>(c));
      else
        out += c;
    }
  }
  out += '"';
}

/// The shortest %g spelling that reads back to the same double.
static std::string shortestDouble(double number) {
  std::string text;
  for (int precision = 1; precision <= 17; ++precision) {
    text = formatString("%.*g", precision, number);
    double back;
    if (parseDouble(text, back) && back == number)
      break;
  }
  return text;
}

void JsonWriter::value(double number) {
  beforeValue();
  if (std::isnan(number))
    out += "NaN";
  else if (std::isinf(number))
    out += number < 0 ? "-Infinity" : "Infinity";
  else
    out += shortestDouble(number);
}

void JsonWriter::value(int64_t number) {
  beforeValue();
  out += formatString("%lld", static_cast<long long>(number));
}

void JsonWriter::value(uint64_t number) {
  beforeValue();
  out += formatString("%llu", static_cast<unsigned long long>(number));
}

void JsonWriter::value(bool flag) {
  beforeValue();
  out += flag ? "true" : "false";
}

} // namespace triton::runner
