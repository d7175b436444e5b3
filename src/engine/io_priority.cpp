// Priority classes in the text threshold files, flags and results use (io_priority.hpp).
#include "iogate/engine/io_priority.hpp"

namespace iogate {
namespace {

constexpr std::string_view class_name(IoPriorityClass cls) {
  switch (cls) {
    case IoPriorityClass::rt:
      return "rt";
    case IoPriorityClass::be:
      return "be";
    case IoPriorityClass::idle:
      return "idle";
    case IoPriorityClass::none:
      break;
  }
  return "";
}

}  // namespace

std::string priority_text(IoPriority priority) {
  std::string text(class_name(priority.cls));
  if (priority.cls == IoPriorityClass::rt || priority.cls == IoPriorityClass::be)
    text += ":" + std::to_string(priority.level);
  return text;
}

std::optional<IoPriority> parse_priority(std::string_view text) {
  if (text == "idle") return IoPriority{IoPriorityClass::idle, 0};
  // The level is one digit: "be:04" or "be:+4" would be a second spelling of the same class.
  for (const IoPriorityClass cls : {IoPriorityClass::rt, IoPriorityClass::be}) {
    const std::string_view name = class_name(cls);
    if (text.size() != name.size() + 2 || !text.starts_with(name) || text[name.size()] != ':')
      continue;
    const char digit = text.back();
    if (digit < '0' || digit > static_cast<char>('0' + kMaxPriorityLevel)) return std::nullopt;
    return IoPriority{cls, static_cast<unsigned>(digit - '0')};
  }
  return std::nullopt;
}

}  // namespace iogate
