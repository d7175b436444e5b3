// The key tables (src/thresholds/threshold_keys.hpp) held to the parser that reads by them: every
// example and every choice a table gives parses, every range's edge parses and the value just past
// it is refused, and a file without a key a table requires is refused. `iogate schema` is written
// from these tables, so a schema that refuses what the parser takes, or takes a value past a range
// the parser refuses, fails here first.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "expectation_keys.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "threshold_keys.hpp"

namespace iogate::thresholds_detail {
namespace {

enum class Where { document, suite, check, workload, expect };

// The tables a key can be tried in, and where in a file each is.
const std::vector<std::pair<const TableSpec*, Where>>& places() {
  static const std::vector<std::pair<const TableSpec*, Where>> all = {
      {&suite_table(), Where::suite},
      {&check_table(), Where::check},
      {&workload_table(), Where::workload},
      {&expect_table(), Where::expect},
  };
  return all;
}

// Keys that need a fio job file beside the threshold file (e2e.schema and e2e.fio_import use
// them): an example path names none.
const std::set<std::string_view> kNeedAJobFile = {"fio_job", "fio_section"};

// A file that parses: each table's keys as TOML text. A key set in a table replaces the one there;
// the check's own [check.workload] is empty but for the key tried, [defaults] lends the rest.
struct Doc {
  std::map<std::string, std::string> suite{{"name", R"("s")"}};
  std::map<std::string, std::string> defaults{
      {"block_size", R"("4k")"}, {"duration", R"("3s")"}, {"file_size", R"("64MiB")"}};
  std::map<std::string, std::string> check{{"name", R"("c")"}};
  std::map<std::string, std::string> workload;
  std::map<std::string, std::string> expect{{"latency_p50_max", R"("10s")"}};
  std::set<std::string> absent;  // "suite", "check", "expect": tables left out

  std::map<std::string, std::string>& at(Where where) {
    switch (where) {
      case Where::suite:
        return suite;
      case Where::check:
        return check;
      case Where::workload:
        return workload;
      case Where::expect:
        return expect;
      case Where::document:
        break;
    }
    throw std::logic_error("the document's keys are tables");
  }

  std::string text() const {
    std::string out;
    const auto lines = [&out](const std::map<std::string, std::string>& keys) {
      for (const auto& [key, value] : keys) out += key + " = " + value + "\n";
    };
    if (!absent.contains("suite")) {
      out += "[suite]\n";
      lines(suite);
    }
    out += "[defaults]\n";
    lines(defaults);
    if (!absent.contains("check")) {
      out += "[[check]]\n";
      lines(check);
      out += "[check.workload]\n";
      lines(workload);
      if (!absent.contains("expect")) {
        out += "[check.expect]\n";
        lines(expect);
      }
    }
    return out;
  }
};

// The parser's refusal of `doc`, or "" when it parses.
std::string refusal(const Doc& doc) {
  try {
    parse_threshold_text(doc.text(), "keys.toml");
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "";
}

// The standard file with `key = value` in the table at `where`.
std::string refusal_with(Where where, std::string_view key, const std::string& value) {
  Doc doc;
  // The standard workload only writes: a bound on reads needs one that reads.
  if (where == Where::expect && key.starts_with("read_")) doc.workload["read"] = R"("70%")";
  // And it is sequential: a distribution of random I/Os needs some.
  if (where != Where::expect && key == "random_distribution") doc.workload["random"] = R"("50%")";
  // And it has no pause for think_blocks to count I/Os between.
  if (where != Where::expect && key == "think_blocks") doc.workload["think_time"] = R"("1ms")";
  // And it has no steady state for the keys that time one, or that a check requires.
  if (key.starts_with("steady_") || (where == Where::expect && key == "settled")) {
    doc.workload["steady_state"] = R"("iops:10%")";
    // Two samples of the interval's example, and under steady_max's smallest edge.
    doc.workload["steady_window"] = key == "steady_max" ? R"("200ms")" : R"("2s")";
    doc.workload["steady_interval"] = R"("100ms")";
  }
  // And a share at another class is both keys together.
  if (where != Where::expect && key == "cmd_priority")
    doc.workload["cmd_priority_share"] = R"("20%")";
  if (where != Where::expect && key == "cmd_priority_share")
    doc.workload["cmd_priority"] = R"("rt:0")";
  // And it issues no share at another class for a prioritized_ bound to judge.
  if (where == Where::expect && key.starts_with("prioritized_")) {
    doc.workload["cmd_priority"] = R"("rt:0")";
    doc.workload["cmd_priority_share"] = R"("20%")";
  }
  // And no rate cap for rate_process to space.
  if (where != Where::expect && key == "rate_process") doc.workload["rate_iops"] = "100";
  // And it is sequential with 4 KiB blocks: an alignment of random offsets needs random I/Os,
  // and its smallest (512) a block no larger.
  if (where != Where::expect && key == "block_align") {
    doc.workload["random"] = R"("50%")";
    doc.workload["block_size"] = "512";
  }
  doc.at(where)[std::string(key)] = value;
  return refusal(doc);
}

// Every key of the table at `where`, the percentile bounds' sample among them.
std::vector<const KeySpec*> keys_of(const TableSpec& table) {
  std::vector<const KeySpec*> keys;
  for (const KeySpec& key : table.keys) keys.push_back(&key);
  if (table.more_like != nullptr) keys.push_back(table.more_like);
  return keys;
}

void collect(const TableSpec& table, std::set<const TableSpec*>& into) {
  if (!into.insert(&table).second) return;
  for (const KeySpec& key : table.keys)
    if (key.table != nullptr) collect(key.table(), into);
}

TEST(ThresholdKeys, EveryTableIsTriedHereButTheDocumentAndAMixEntry) {
  std::set<const TableSpec*> tables;
  collect(document_table(), tables);
  std::set<const TableSpec*> tried = {&document_table(), &block_mix_table()};
  for (const auto& [table, where] : places()) tried.insert(table);
  EXPECT_EQ(tables, tried);
}

TEST(ThresholdKeys, EachExampleParses) {
  int tried = 0;
  for (const auto& [table, where] : places()) {
    for (const KeySpec* key : keys_of(*table)) {
      if (key->example.empty() || kNeedAJobFile.contains(key->name)) continue;
      EXPECT_EQ(refusal_with(where, key->name, std::string(key->example)), "")
          << key->name << " = " << key->example;
      ++tried;
    }
  }
  EXPECT_GE(tried, 40);
}

TEST(ThresholdKeys, EveryKeyButATableHasAnExample) {
  for (const auto& [table, where] : places()) {
    for (const KeySpec* key : keys_of(*table)) {
      if (key->kind != ValueKind::table) {
        EXPECT_FALSE(key->example.empty()) << key->name;
      }
    }
  }
}

TEST(ThresholdKeys, EachChoiceParsesAndNothingElse) {
  int tried = 0;
  for (const auto& [table, where] : places()) {
    for (const KeySpec* key : keys_of(*table)) {
      if (key->kind != ValueKind::choice) continue;
      for (const std::string_view choice : key->choices) {
        EXPECT_EQ(refusal_with(where, key->name, fmt::format(R"("{}")", choice)), "")
            << key->name << " = " << choice;
        ++tried;
      }
      EXPECT_NE(refusal_with(where, key->name, R"("not_a_choice")"), "") << key->name;
    }
  }
  EXPECT_GE(tried, 10);
}

// A range's edges, spelled as numbers: a whole number for an integer or a size, else a fraction
// past the edge.
struct Edge {
  std::string value;
  bool accepted;
};

std::string whole(double v) { return std::to_string(static_cast<std::int64_t>(v)); }

std::vector<Edge> edges(const KeySpec& key) {
  const bool integral = key.kind == ValueKind::whole || key.kind == ValueKind::size;
  const double step = key.multiple_of != 0 ? static_cast<double>(key.multiple_of) : 1.0;
  const auto spell = [integral](double v) { return integral ? whole(v) : fmt::format("{}", v); };
  std::vector<Edge> out;
  if (key.min) {
    if (key.above) {
      out.push_back({spell(*key.min), false});
      out.push_back({spell(*key.min + (integral ? step : 0.5)), true});
    } else {
      out.push_back({spell(*key.min), true});
      out.push_back({spell(*key.min - (integral ? step : 0.5)), false});
    }
  }
  if (key.max) {
    out.push_back({spell(*key.max), true});
    out.push_back({spell(*key.max + (integral ? step : 0.5)), false});
  }
  if (key.multiple_of > 1 && key.min) out.push_back({whole(*key.min + step / 2), false});
  return out;
}

// Ranged keys whose lowest value is refused by a rule across keys, never alone: a file of one byte
// cannot hold a block, and one byte to transfer is no multiple of a block.
const std::set<std::string_view> kLowestNeedsMore = {"file_size", "size"};

TEST(ThresholdKeys, EachRangeEdgeParsesAndPastItIsRefused) {
  int tried = 0;
  for (const auto& [table, where] : places()) {
    for (const KeySpec* key : keys_of(*table)) {
      const bool numeric = key->kind == ValueKind::whole || key->kind == ValueKind::number ||
                           key->kind == ValueKind::size || key->kind == ValueKind::duration ||
                           key->kind == ValueKind::percent;
      if (!numeric) continue;
      for (const Edge& edge : edges(*key)) {
        const std::string refused = refusal_with(where, key->name, edge.value);
        if (edge.accepted) {
          if (kLowestNeedsMore.contains(key->name) && key->min && edge.value == whole(*key->min))
            continue;
          EXPECT_EQ(refused, "") << key->name << " = " << edge.value;
        } else {
          EXPECT_NE(refused, "") << key->name << " = " << edge.value << " parses";
        }
        ++tried;
      }
    }
  }
  EXPECT_GE(tried, 40);
}

TEST(ThresholdKeys, AnIdentifiersLengthLimitHolds) {
  for (const auto& [table, where] : places()) {
    for (const KeySpec* key : keys_of(*table)) {
      if (key->kind != ValueKind::identifier || !key->max) continue;
      const auto n = static_cast<std::size_t>(*key->max);
      EXPECT_EQ(refusal_with(where, key->name, fmt::format(R"("{}")", std::string(n, 'a'))), "")
          << key->name;
      EXPECT_NE(refusal_with(where, key->name, fmt::format(R"("{}")", std::string(n + 1, 'a'))), "")
          << key->name;
    }
  }
}

TEST(ThresholdKeys, EachRequiredKeyIsRequired) {
  int tried = 0;
  const std::vector<std::pair<const TableSpec*, Where>> tables = {
      {&document_table(), Where::document},
      {&suite_table(), Where::suite},
      {&check_table(), Where::check}};
  for (const auto& [table, where] : tables) {
    for (const KeySpec& key : table->keys) {
      if (!key.required) continue;
      Doc doc;
      if (key.kind == ValueKind::table || key.kind == ValueKind::tables)
        doc.absent.insert(std::string(key.name));
      else
        doc.at(where).erase(std::string(key.name));
      EXPECT_NE(refusal(doc), "") << key.name << " left out, yet the file parses";
      ++tried;
    }
  }
  EXPECT_EQ(tried, 5);  // suite, check, suite.name, check.name, check.expect
}

TEST(ThresholdKeys, TheStandardFileParses) { EXPECT_EQ(refusal(Doc{}), ""); }

}  // namespace
}  // namespace iogate::thresholds_detail
