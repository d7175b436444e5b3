// The schema `iogate schema` prints, as written from the key tables: every table's keys are its
// properties, each with its description, refusing other keys; every pattern reads as ECMA-262;
// limits print as the whole numbers they are. Whether files validate is e2e.schema's
// (python3-jsonschema over the shipped files and the bad corpus).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "expectation_keys.hpp"
#include "threshold_keys.hpp"
#include "thresholds/threshold_schema.hpp"

namespace iogate::thresholds_detail {
namespace {

using Json = nlohmann::json;

const Json& schema() {
  static const Json parsed = Json::parse(threshold_schema());
  return parsed;
}

// The object schema that `pointer` names, through an "allOf" [{"$ref"}] of a shared table.
const Json& resolved(const std::string& pointer) {
  const Json& at = schema().at(Json::json_pointer(pointer));
  if (!at.contains("allOf")) return at;
  const std::string ref = at.at("allOf").at(0).at("$ref");
  return schema().at(Json::json_pointer(ref.substr(1)));
}

void check_object(const Json& object, const TableSpec& table, const std::string& where) {
  SCOPED_TRACE(where);
  ASSERT_EQ(object.at("type"), "object");
  ASSERT_EQ(object.at("properties").size(), table.keys.size());
  for (const KeySpec& key : table.keys) {
    const Json& property = object.at("properties").at(std::string(key.name));
    EXPECT_EQ(property.at("description"), key.help) << key.name;
  }
  if (table.more_keys.empty()) {
    EXPECT_EQ(object.at("additionalProperties"), false);
  } else {
    EXPECT_EQ(object.at("propertyNames").at("anyOf").at(1).at("pattern"), table.more_keys);
    EXPECT_TRUE(object.at("additionalProperties").is_object());
  }
}

TEST(ThresholdSchema, IsDraft7) {
  EXPECT_EQ(schema().at("$schema"), "http://json-schema.org/draft-07/schema#");
  EXPECT_FALSE(schema().contains("$id"));
  EXPECT_EQ(schema().at("required"), Json::array({"suite", "check"}));
}

TEST(ThresholdSchema, EachTableHasItsKeysAndNoOther) {
  check_object(schema(), document_table(), "document");
  check_object(resolved("/properties/suite"), suite_table(), "suite");
  check_object(resolved("/properties/defaults"), workload_table(), "defaults");
  check_object(resolved("/properties/check/items"), check_table(), "check");
  check_object(resolved("/properties/check/items/properties/workload"), workload_table(),
               "workload");
  check_object(resolved("/definitions/workload/properties/block_mix/items"), block_mix_table(),
               "block_mix");
  check_object(resolved("/properties/check/items/properties/expect"), expect_table(), "expect");
}

TEST(ThresholdSchema, AWorkloadIsWrittenOnceForDefaultsAndChecks) {
  EXPECT_EQ(schema().at("/properties/defaults/allOf/0/$ref"_json_pointer),
            "#/definitions/workload");
  EXPECT_EQ(schema().at("/properties/check/items/properties/workload/allOf/0/$ref"_json_pointer),
            "#/definitions/workload");
}

TEST(ThresholdSchema, LimitsAreWholeNumbersAndChoicesAreEnums) {
  const Json& workload = schema().at("/definitions/workload/properties"_json_pointer);
  EXPECT_EQ(workload.at("queue_depth").at("maximum").dump(), "4096");
  EXPECT_EQ(workload.at("block_size").at("anyOf").at(0).at("multipleOf").dump(), "512");
  EXPECT_EQ(workload.at("engine").at("enum"),
            Json::array({"auto", "psync", "io_uring", "libaio", "iocp"}));
  EXPECT_EQ(workload.at("duration").at("anyOf").at(0).at("exclusiveMinimum").dump(), "0");
}

TEST(ThresholdSchema, TheCheckTakesAWorkloadOrAFioJob) {
  const Json& check = resolved("/properties/check/items");
  EXPECT_EQ(check.at("oneOf"),
            Json::parse(R"([{"required": ["workload"]}, {"required": ["fio_job"]}])"));
  EXPECT_EQ(check.at("dependencies").at("fio_section"), Json::array({"fio_job"}));
  EXPECT_EQ(check.at("required"), Json::array({"name", "expect"}));
}

// Every "pattern", wherever it is.
void patterns(const Json& node, std::vector<std::string>& into) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      if (key == "pattern" && value.is_string()) into.push_back(value);
      patterns(value, into);
    }
  } else if (node.is_array()) {
    for (const Json& value : node) patterns(value, into);
  }
}

TEST(ThresholdSchema, EveryPatternReadsAsEcmaScript) {
  std::vector<std::string> all;
  patterns(schema(), all);
  EXPECT_GE(all.size(), 10u);
  for (const std::string& pattern : all)
    EXPECT_NO_THROW(std::regex(pattern, std::regex::ECMAScript)) << pattern;
}

}  // namespace
}  // namespace iogate::thresholds_detail
