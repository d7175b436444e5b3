// fleet.json (fleet_formats.hpp): the document "iogate-fleet", every figure of every host.
#include "fleet_formats.hpp"

namespace iogate {
namespace {

nlohmann::json host_to_json(const HostVerdict& h) {
  nlohmann::json figures = nlohmann::json::object();
  for (const FigureVerdict& f : h.figures) {
    const PeerComparison& c = f.comparison;
    figures[f.key] = {{"value", c.value},         {"peer_median", c.peer_median},
                      {"peer_mad", c.peer_mad},   {"peers", c.peers},
                      {"ratio", c.ratio},         {"robust_z", nullptr},
                      {"practical", c.practical}, {"outlier", c.outlier}};
    if (c.robust_z) figures[f.key]["robust_z"] = *c.robust_z;
    figures[f.key]["min_ratio"] = f.min_ratio;  // the practical criterion, a peers bound's if any
    figures[f.key]["bound"] = f.bound.empty() ? nlohmann::json() : nlohmann::json(f.bound);
    const HostShortfall& s = f.shortfall;
    figures[f.key]["verdict"] = fleet_verdict_name(s.verdict);
    figures[f.key]["reason"] = s.reason;
    figures[f.key]["interval"] =
        s.has_interval ? nlohmann::json::array({s.ratio_low, s.ratio_high}) : nlohmann::json();
    figures[f.key]["runs"] = s.runs;
    figures[f.key]["spread"] = s.spread;
    figures[f.key]["peers_beside"] = s.peers_beside;
  }
  nlohmann::json differences = nlohmann::json::array();
  for (const FieldDifference& d : h.differences)
    differences.push_back({{"key", d.key},
                           {"value", d.value},
                           {"peer_value", d.peer_value},
                           {"differing", d.differing},
                           {"peers", d.peers}});
  const char* verdict = !h.not_compared.empty() ? "not_compared" : fleet_verdict_name(h.verdict);
  return {{"host", h.host},
          {"source", h.source},
          {"status", h.status},
          {"verdict", verdict},
          {"not_compared", h.not_compared},
          {"sessions", h.sessions},
          {"figures", figures},
          {"differences", differences},
          {"explanation", h.explanation}};
}

}  // namespace

nlohmann::json fleet_to_json(const FleetRecord& report) {
  nlohmann::json groups = nlohmann::json::array();
  for (const FleetGroup& g : report.groups) {
    nlohmann::json hosts = nlohmann::json::array();
    for (const HostVerdict& h : g.hosts) hosts.push_back(host_to_json(h));
    groups.push_back({{"suite", g.suite},
                      {"check", g.check},
                      {"workload", nlohmann::json::parse(g.workload_identity)},
                      {"peer_class", g.peer_class},
                      {"figures", g.figures},
                      {"limit", g.limit},
                      {"outliers", g.outliers()},
                      {"undecided", g.undecided()},
                      {"rerun_beside", g.rerun_beside},
                      {"hosts", hosts}});
  }
  nlohmann::json hosts = nlohmann::json::array();
  for (std::size_t i = 0; i < report.hosts.size(); ++i)
    hosts.push_back({{"host", report.hosts[i]}, {"source", report.sources[i]}});
  return {{"format", "iogate-fleet"},
          {"version", kFleetJsonVersion},
          {"settings",
           {{"peer_keys", report.settings.peer_keys},
            {"figures", report.settings.figures},
            {"min_ratio", report.settings.criteria.min_ratio},
            {"max_robust_z", report.settings.criteria.max_z},
            {"min_peers", kMinPeers},
            {"min_peers_for_mad", kMinPeersForMad},
            {"false_alarm_rate", kFleetFalseAlarmRate},
            {"ok_confidence", kFleetOkConfidence},
            {"burst_depth", kBurstDepth},
            {"burst_rate", kBurstRate},
            {"sessions_to_persist", report.sessions_to_persist},
            {"latency_floor_ms", report.settings.latency_floor_ms},
            {"family_size", report.family_size}}},
          {"reruns", report.rerun_sources},
          {"hosts", hosts},
          {"notes", report.notes},
          {"outliers", report.outliers()},
          {"undecided", report.undecided()},
          {"rerun", report.rerun_hosts()},
          {"rerun_beside", report.rerun_beside()},
          {"groups", groups}};
}

namespace {

class FleetJsonWriter final : public FleetWriter {
 public:
  using FleetWriter::FleetWriter;
  void write(const FleetRecord& record) override {
    out() << fleet_to_json(record).dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
          << '\n';
  }
};

}  // namespace

std::unique_ptr<FleetWriter> make_fleet_json_writer(std::ostream& out) {
  return std::make_unique<FleetJsonWriter>(out);
}

}  // namespace iogate
