#include "result_json.hpp"

#include <fmt/format.h>

#include <cmath>

namespace iogate {
namespace {

// JSON has no NaN (nlohmann writes null): an unknown figure is left out, and read back as NaN.
void put_known(nlohmann::json& j, const char* key, double value) {
  if (std::isfinite(value)) j[key] = value;
}

}  // namespace

nlohmann::json storage_stack_to_json(const StorageStack& stack) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [key, value] : stack.fields()) out[key] = value;
  return out;
}

nlohmann::json context_to_json(const RunContext& context) {
  return {{"iogate_version", context.iogate_version},
          {"host", context.host},
          {"host_label", context.host_label},
          {"started_at", context.started_at},
          {"suite", context.suite},
          {"datastore", context.datastore},
          {"storage_stack", storage_stack_to_json(context.stack)}};
}

nlohmann::json check_entry_to_json(const CheckRecord& c) {
  nlohmann::json repeats = nlohmann::json::array();
  for (const RunResult& r : c.repeats) repeats.push_back(run_to_json(r));
  nlohmann::json baseline = nlohmann::json::array();
  for (const BaselineFigure& b : c.baseline) {
    nlohmann::json one = {{"key", b.key},
                          {"baseline", b.baseline},
                          {"current", b.current},
                          {"delta_pct", b.delta_pct()}};
    put_known(one, "baseline_low", b.baseline_low);
    put_known(one, "baseline_high", b.baseline_high);
    baseline.push_back(std::move(one));
  }
  nlohmann::json expectations = nlohmann::json::array();
  for (const ExpectationRecord& e : c.expectations) {
    nlohmann::json one = {{"key", e.key}, {"decision", e.decision}, {"evidence", e.evidence}};
    if (e.peers) one["peers"] = *e.peers;  // the fraction iogate fleet judges
    const BoundFigures& f = e.figures;
    if (!f.figure.empty()) {
      one["figure"] = f.figure;
      put_known(one, "bound", f.bound);
      put_known(one, "estimate", f.estimate);
      put_known(one, "low", f.low);
      put_known(one, "high", f.high);
      one["ratio"] = f.ratio;
    }
    expectations.push_back(std::move(one));
  }
  nlohmann::json out = {{"suite", c.suite},
                        {"check", c.check},
                        {"description", c.description},
                        {"status", status_name(c.status)},
                        {"messages", c.messages},
                        {"wall_s", c.wall_s},
                        {"workload", workload_to_json(c.workload)},
                        {"result", run_to_json(c.result)},
                        {"repeats", repeats},
                        {"baseline", baseline},
                        {"fingerprint_changes", c.fingerprint_changes},
                        {"runs", c.runs},
                        {"runs_allowed", c.runs_allowed},
                        {"expectations", expectations}};
  // Only when known: documents of records without them stay as they were.
  if (!c.start_time.empty()) out["start_time"] = c.start_time;
  if (!c.end_time.empty()) out["end_time"] = c.end_time;
  if (!c.datastore.empty()) out["datastore"] = c.datastore;
  if (c.shown_run > 0) out["shown_run"] = c.shown_run;
  if (c.layout_s) out["layout_s"] = *c.layout_s;
  if (!c.layout_reused_from.empty()) out["layout_reused_from"] = c.layout_reused_from;
  if (c.cleanup_s) out["cleanup_s"] = *c.cleanup_s;
  if (!c.fallbacks.empty()) out["fallbacks"] = c.fallbacks;
  if (const auto& k = c.confirmation) {
    out["confirmation"] = {{"outcome", k->outcome},       {"first_at", k->first_at},
                           {"first_runs", k->first_runs}, {"first", k->first},
                           {"pause_s", k->pause_s},       {"second_at", k->second_at},
                           {"second", k->second}};
    // Only when weighed: documents of confirmations without it stay as they were.
    if (!k->together.empty()) out["confirmation"]["together"] = k->together;
  }
  return out;
}

nlohmann::json check_to_json(const CheckRecord& c, const RunContext& context) {
  nlohmann::json doc = check_entry_to_json(c);
  doc["format"] = "iogate-check";
  doc["version"] = kResultJsonVersion;
  const nlohmann::json where = context_to_json(context);
  for (auto it = where.begin(); it != where.end(); ++it)
    if (it.key() != "suite") doc[it.key()] = *it;
  return doc;
}

void write_json_file(const std::filesystem::path& path, const nlohmann::json& doc,
                     IfExists if_exists) {
  write_output(
      path,
      [&doc](std::ostream& out) {
        out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
      },
      if_exists);
}

}  // namespace iogate
