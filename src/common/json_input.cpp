// The bounded JSON parse (json_input.hpp): the text reader (json_text_reader.hpp, nlohmann's
// grammar over the text in place) feeding a tree builder that refuses a value before building it
// once a limit is crossed.
#include "json_input.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "json_text_reader.hpp"

namespace iogate {
namespace {

using nlohmann::json;

// What each value costs in the budget (json_input.hpp): about its memory in 16-byte units.
constexpr std::size_t kScalarCost = 1;
constexpr std::size_t kArrayCost = 4;
constexpr std::size_t kObjectCost = 6;  // and each key of an object: a node of its map

// "line 3, column 7 (byte 41)" of the byte at `offset` (from 0); lines, columns, bytes from 1.
std::string position(std::string_view text, std::size_t offset) {
  const std::string_view before = text.substr(0, std::min(offset, text.size()));
  const auto line = 1 + std::count(before.begin(), before.end(), '\n');
  const std::size_t newline = before.rfind('\n');
  const std::size_t column = before.size() - (newline == std::string_view::npos ? 0 : newline + 1);
  return fmt::format("line {}, column {} (byte {})", line, column + 1, offset + 1);
}

// The tree as nlohmann's own builder makes it (a stack of the open arrays and objects; a repeated
// key keeps its last value), with the limits checked first.
class BoundedBuilder final : public json_text::Events {
 public:
  BoundedBuilder(json& root, const json_text::Reader& read) : root_(root), read_(read) {}

  bool null() override { return add(nullptr); }
  bool boolean(bool v) override { return add(v); }
  bool number_integer(std::int64_t v) override { return add(json::number_integer_t{v}); }
  bool number_unsigned(std::uint64_t v) override { return add(json::number_unsigned_t{v}); }
  bool number_float(double v) override { return add(json::number_float_t{v}); }
  bool string(std::string& v) override { return add(std::move(v)); }
  bool start_object() override { return open(json::value_t::object); }
  bool start_array() override { return open(json::value_t::array); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(std::string& k) override {
    if (!spend(kObjectCost)) return false;
    member_ = &stack_.back()->get_ref<json::object_t&>()[std::move(k)];
    return true;
  }

  // Why the parse stopped; empty when it did not.
  std::string problem(std::string_view text) const {
    if (depth_exceeded_)
      return fmt::format("nests deeper than {} levels at {}", kMaxJsonDepth,
                         position(text, stopped_at_));
    if (budget_exceeded_)
      return fmt::format(
          "holds more than iogate reads (a budget of {}: a value costs {}, an array {}, an object "
          "or a key {}) at {}",
          kMaxJsonCost, kScalarCost, kArrayCost, kObjectCost, position(text, stopped_at_));
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) return "is empty";
    const json_text::SyntaxError error = read_.syntax_error().value_or(json_text::SyntaxError{});
    if (error.position > text.size())  // the end was read: nothing wrong before it
      return fmt::format("ends at byte {} before the document does (cut short?)", text.size());
    return fmt::format("{} at {}", error.number_too_large ? "a number too large" : "syntax error",
                       position(text, error.position == 0 ? 0 : error.position - 1));
  }

 private:
  bool spend(std::size_t cost) {
    spent_ += cost;
    if (spent_ <= kMaxJsonCost) return true;
    budget_exceeded_ = true;
    stopped_at_ = read_.consumed() == 0 ? 0 : read_.consumed() - 1;
    return false;
  }

  template <typename V>
  json* place(V&& v) {
    if (stack_.empty()) {
      root_ = json(std::forward<V>(v));
      return &root_;
    }
    if (stack_.back()->is_array()) {
      auto& array = stack_.back()->get_ref<json::array_t&>();
      // Room for 3 at the first: most arrays read are a histogram bucket's 3 numbers, which
      // growing 1, 2, 4 took 3 allocations and 2 moves for (8% of iogate fleet's time). An array
      // of 1 or 2 takes up to 32 bytes more, within the budget's worst case (one array of 16 Mi
      // numbers while it grows); an empty one nothing more.
      if (array.empty()) array.reserve(3);
      array.emplace_back(std::forward<V>(v));
      return &array.back();  // stays put: nothing is added to this array while it is open
    }
    *member_ = json(std::forward<V>(v));
    return member_;
  }

  template <typename V>
  bool add(V&& v) {
    if (!spend(kScalarCost)) return false;
    place(std::forward<V>(v));
    return true;
  }

  bool open(json::value_t kind) {
    if (stack_.size() >= static_cast<std::size_t>(kMaxJsonDepth)) {
      depth_exceeded_ = true;
      stopped_at_ = read_.consumed() - 1;  // the '[' or '{' just read
      return false;
    }
    if (!spend(kind == json::value_t::array ? kArrayCost : kObjectCost)) return false;
    stack_.push_back(place(kind));
    return true;
  }

  bool close() {
    stack_.pop_back();
    return true;
  }

  json& root_;
  const json_text::Reader& read_;
  std::vector<json*> stack_;  // the open arrays and objects, outermost first
  json* member_ = nullptr;    // the value the last key names, in the innermost open object
  std::size_t spent_ = 0;
  bool depth_exceeded_ = false;
  bool budget_exceeded_ = false;
  std::size_t stopped_at_ = 0;  // offset of the value a limit refused
};

}  // namespace

nlohmann::json parse_json_input(std::string_view text, const std::string& name) {
  json_text::Reader read(text);
  json root;
  BoundedBuilder builder(root, read);
  if (!read.read(builder)) throw JsonInputError(name, builder.problem(text));
  return root;
}

}  // namespace iogate
