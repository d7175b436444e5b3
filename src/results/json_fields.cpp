// See json_fields.hpp.
#include "json_fields.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/display_text.hpp"

namespace iogate {
std::string value_kind(const nlohmann::json* v) {
  if (v == nullptr || v->is_null()) return "nothing";
  if (v->is_array()) return "an array";
  if (v->is_object()) return "an object";
  const char* kind = v->is_string() ? "a string" : v->is_boolean() ? "true or false" : "a number";
  return fmt::format("{} {}", kind, kValueNotShown);
}

std::string without_value(std::string_view problem) {
  // The rules' wording: "..., got VALUE" or "... (got VALUE)"; what follows the value (a reason
  // such as "(a space)") may quote it too, so everything from there on goes.
  std::size_t cut = std::string_view::npos;
  for (const std::string_view got : {std::string_view(", got "), std::string_view(" (got ")})
    cut = std::min(cut, problem.find(got));
  if (cut == std::string_view::npos) return std::string(problem);
  return fmt::format("{} {}", problem.substr(0, cut), kValueNotShown);
}

JsonFields::JsonFields(const nlohmann::json& object, std::string where)
    : json_(&object), where_(std::move(where)) {
  if (!object.is_object())
    throw ReadBackError(fmt::format("{}: expected an object, got {}",
                                    where_.empty() ? "document" : where_, value_kind(&object)));
}

std::string JsonFields::path(std::string_view key) const {
  return where_.empty() ? std::string(key) : where_ + "." + std::string(key);
}

const nlohmann::json* JsonFields::find(std::string_view key) const {
  const auto it = json_->find(key);
  return it == json_->end() || it->is_null() ? nullptr : &*it;
}

void JsonFields::fail(std::string_view key, std::string_view expected) const {
  throw ReadBackError(
      fmt::format("{}: expected {}, got {}", path(key), expected, value_kind(find(key))));
}

void JsonFields::check(std::string_view key, const std::optional<std::string>& problem) const {
  if (problem) throw ReadBackError(fmt::format("{}: {}", path(key), without_value(*problem)));
}

double JsonFields::number(std::string_view key, double min, double max,
                          std::string_view expected) const {
  const nlohmann::json* v = find(key);
  if (v == nullptr || !v->is_number()) fail(key, expected);
  const double x = v->get<double>();
  if (!std::isfinite(x) || x < min || x > max) fail(key, expected);
  return x;
}

double JsonFields::number_or(std::string_view key, double fallback, double min, double max,
                             std::string_view expected) const {
  return find(key) == nullptr ? fallback : number(key, min, max, expected);
}

std::uint64_t JsonFields::count(std::string_view key, std::uint64_t max) const {
  const nlohmann::json* v = find(key);
  const std::string expected = fmt::format("a whole number from 0 to {}", max);
  if (v == nullptr || !v->is_number_integer()) fail(key, expected);
  if (v->is_number_unsigned()) {
    const auto x = v->get<std::uint64_t>();
    if (x > max) fail(key, expected);
    return x;
  }
  const auto x = v->get<std::int64_t>();
  if (x < 0 || static_cast<std::uint64_t>(x) > max) fail(key, expected);
  return static_cast<std::uint64_t>(x);
}

std::uint64_t JsonFields::count_or(std::string_view key, std::uint64_t fallback,
                                   std::uint64_t max) const {
  return find(key) == nullptr ? fallback : count(key, max);
}

std::string JsonFields::text(std::string_view key, std::size_t max_bytes) const {
  const nlohmann::json* v = find(key);
  const std::string expected = fmt::format("a string of at most {} bytes", max_bytes);
  if (v == nullptr || !v->is_string() || v->get_ref<const std::string&>().size() > max_bytes)
    fail(key, expected);
  return v->get<std::string>();
}

std::string JsonFields::text_or(std::string_view key, std::string fallback,
                                std::size_t max_bytes) const {
  return find(key) == nullptr ? std::move(fallback) : text(key, max_bytes);
}

bool JsonFields::flag(std::string_view key) const {
  const nlohmann::json* v = find(key);
  if (v == nullptr || !v->is_boolean()) fail(key, "true or false");
  return v->get<bool>();
}

bool JsonFields::flag_or(std::string_view key, bool fallback) const {
  return find(key) == nullptr ? fallback : flag(key);
}

JsonFields JsonFields::object(std::string_view key) const {
  const nlohmann::json* v = find(key);
  if (v == nullptr || !v->is_object()) fail(key, "an object");
  return JsonFields(*v, path(key));
}

void JsonFields::for_each(
    std::string_view key,
    const std::function<void(const nlohmann::json&, const std::string&)>& each) const {
  const nlohmann::json* v = find(key);
  if (v == nullptr) return;
  if (!v->is_array()) fail(key, "an array");
  // The path of each element built by appending, not formatted anew: a run's intervals and
  // buckets are thousands of elements.
  const std::string base = path(key) + "[";
  std::size_t i = 0;
  for (const nlohmann::json& element : *v) each(element, base + std::to_string(i++) + "]");
}

}  // namespace iogate
