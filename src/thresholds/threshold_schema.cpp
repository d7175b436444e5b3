// threshold_schema.hpp: a walk over the key tables (threshold_keys.hpp), each key's value written
// as JSON Schema says it, and each bound of [check.expect] as its metric is spelled.
#include "threshold_schema.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "expectation_keys.hpp"
#include "threshold_keys.hpp"
#include "toml_fields.hpp"
#include "value_patterns.hpp"

namespace iogate {
namespace {

using Json = nlohmann::ordered_json;
using namespace thresholds_detail;

// Whole numbers as integers: "maximum": 4096 rather than 4096.0.
Json number(double v) {
  if (std::trunc(v) == v && std::fabs(v) < 0x1p53) return static_cast<std::int64_t>(v);
  return v;
}

Json from_toml(const toml::node& node) {
  if (const auto* table = node.as_table()) {
    Json out = Json::object();
    for (auto&& [key, value] : *table) out[std::string(key.str())] = from_toml(value);
    return out;
  }
  if (const auto* array = node.as_array()) {
    Json out = Json::array();
    for (const toml::node& value : *array) out.push_back(from_toml(value));
    return out;
  }
  if (const auto* s = node.as_string()) return s->get();
  if (const auto* i = node.as_integer()) return i->get();
  if (const auto* f = node.as_floating_point()) return f->get();
  if (const auto* b = node.as_boolean()) return b->get();
  throw std::logic_error("a key's example is a date or a time");
}

// A key's example, TOML text, as the JSON value an editor shows.
Json example(std::string_view toml_text) {
  const toml::table doc = toml::parse("example = " + std::string(toml_text));
  return from_toml(*doc.get("example"));
}

// The range of a number, or of a size's, duration's or percent's number spelling.
Json ranged(const KeySpec& key, const char* type) {
  Json s{{"type", type}};
  if (key.min) s[key.above ? "exclusiveMinimum" : "minimum"] = number(*key.min);
  if (key.max) s["maximum"] = number(*key.max);
  if (key.multiple_of != 0) s["multipleOf"] = key.multiple_of;
  return s;
}

Json spelled(std::string_view description, const std::string& pattern) {
  return {{"description", description}, {"type", "string"}, {"pattern", pattern}};
}

class Writer {
 public:
  Json document() {
    Json root{{"$schema", "http://json-schema.org/draft-07/schema#"},
              {"title", "iogate threshold file"},
              {"$comment",
               "Written by `iogate schema` from the parser's key tables. `iogate lint` also "
               "checks what a schema cannot: rules across keys, unique check names, a size's "
               "magnitude."}};
    root.update(table(document_table()));
    if (!definitions_.empty()) root["definitions"] = definitions_;
    return root;
  }

 private:
  Json table(const TableSpec& spec) {
    Json s{{"type", "object"}};
    if (!spec.help.empty()) s["description"] = spec.help;
    Json properties = Json::object();
    Json required = Json::array();
    Json names = Json::array();
    Json dependencies = Json::object();
    for (const KeySpec& key : spec.keys) {
      properties[std::string(key.name)] = described(key);
      names.push_back(key.name);
      if (key.required) required.push_back(key.name);
      if (!key.needs.empty()) dependencies[std::string(key.name)] = Json::array({key.needs});
    }
    s["properties"] = properties;
    if (!required.empty()) s["required"] = required;
    if (spec.more_keys.empty()) {
      s["additionalProperties"] = false;
    } else {
      // Every other key must match the pattern, and takes what more_like takes.
      s["propertyNames"] = {
          {"anyOf", Json::array({Json{{"enum", names}}, Json{{"pattern", spec.more_keys}}})}};
      s["additionalProperties"] = described(*spec.more_like);
    }
    if (!spec.exactly_one_of.empty()) {
      Json one = Json::array();
      for (const std::string_view key : spec.exactly_one_of)
        one.push_back({{"required", Json::array({key})}});
      s["oneOf"] = one;
    }
    if (!dependencies.empty()) s["dependencies"] = dependencies;
    return s;
  }

  // A spelling several keys share, written once in "definitions".
  Json spelling(const std::string& name, const std::function<Json()>& schema) {
    if (!definitions_.contains(name)) definitions_[name] = schema();
    return {{"$ref", "#/definitions/" + name}};
  }
  Json size_text() {
    return spelling("size_text", [] {
      return spelled(R"(A size: "8k", "8KiB", "1.5GiB" (binary multiples))", size_pattern());
    });
  }
  Json duration_text() {
    return spelling("duration_text", [] {
      Json s =
          spelled(R"(A duration: "500us", "200ms", "1.5s", "2m30s", "1h")", duration_pattern());
      s["allOf"] = Json::array({Json{{"pattern", kDigitPattern}}});
      return s;
    });
  }
  Json percent_text() {
    return spelling("percent_text", [] {
      return spelled(R"(A percentage from 0 to 100: "65%", "0.5%")", percent_pattern());
    });
  }
  Json share_text(const char* reference, const char* example) {
    return spelling(fmt::format("{}_share", reference), [reference, example] {
      return spelled(fmt::format(R"(A share of the {} from 1% to 1000%: "{}")", reference, example),
                     share_of_pattern(reference));
    });
  }

  // A bound's value by its metric (expectation_keys.cpp's absolute_value and bound_value): a rate
  // is a number, a duration a number of seconds or a duration, a latency a duration with its
  // unit; any of them a share of the baseline, and the peers' keys a share of the peers.
  Json bound(std::string_view name) {
    const std::optional<ExpectationKey> meaning = lookup_expectation_key(name);
    if (!meaning) throw std::logic_error("not a bound: " + std::string(name));
    Json any = Json::array();
    const Json positive{{"type", "number"}, {"exclusiveMinimum", 0}};
    if (meaning->metric == Metric::iops || meaning->metric == Metric::mbps) {
      any.push_back(positive);
    } else {
      if (meaning->metric == Metric::duration) any.push_back(positive);
      any.push_back(duration_text());
    }
    any.push_back(share_text("baseline", "90% of baseline"));
    if (std::find(std::begin(kPeersKeys), std::end(kPeersKeys), name) != std::end(kPeersKeys))
      any.push_back(share_text("peers", "70% of peers"));
    return {{"anyOf", any}};
  }

  // A table several keys take is written once, in "definitions".
  Json table_or_reference(const TableSpec& spec) {
    if (spec.name.empty()) return table(spec);
    const std::string name(spec.name);
    if (!definitions_.contains(name)) definitions_[name] = table(spec);
    return {{"allOf", Json::array({Json{{"$ref", "#/definitions/" + name}}})}};
  }

  Json value(const KeySpec& key) {
    switch (key.kind) {
      case ValueKind::text: {
        Json s{{"type", "string"}};
        if (key.min) s["minLength"] = number(*key.min);
        if (key.max) s["maxLength"] = number(*key.max);
        if (!key.pattern.empty()) s["pattern"] = key.pattern;
        return s;
      }
      case ValueKind::identifier: {
        Json s{{"type", "string"}, {"pattern", kIdentifierPattern}};
        if (key.max) s["maxLength"] = number(*key.max);
        return s;
      }
      case ValueKind::boolean:
        return {{"type", "boolean"}};
      case ValueKind::whole:
        return ranged(key, "integer");
      case ValueKind::number:
        return ranged(key, "number");
      case ValueKind::size:
        return {{"anyOf", Json::array({ranged(key, "integer"), size_text()})}};
      case ValueKind::duration:
        return {{"anyOf", Json::array({ranged(key, "number"), duration_text()})}};
      case ValueKind::percent:
        return {{"anyOf", Json::array({ranged(key, "number"), percent_text()})}};
      case ValueKind::choice: {
        Json choices = Json::array();
        for (const std::string_view choice : key.choices) choices.push_back(choice);
        return {{"type", "string"}, {"enum", choices}};
      }
      case ValueKind::bound:
        return bound(key.name);
      case ValueKind::table: {
        Json s = table_or_reference(key.table());
        if (key.min) s["minProperties"] = number(*key.min);
        return s;
      }
      case ValueKind::tables: {
        Json s{{"type", "array"}, {"items", table_or_reference(key.table())}};
        if (key.min) s["minItems"] = number(*key.min);
        if (key.max) s["maxItems"] = number(*key.max);
        return s;
      }
    }
    throw std::logic_error("a key of no known kind");
  }

  // The key's own help first, before a table's.
  Json described(const KeySpec& key) {
    Json s{{"description", key.help}};
    Json v = value(key);
    v.erase("description");
    s.update(v);
    if (!key.example.empty()) s["examples"] = Json::array({example(key.example)});
    return s;
  }

  Json definitions_ = Json::object();
};

}  // namespace

std::string threshold_schema() { return Writer().document().dump(2) + "\n"; }

}  // namespace iogate
