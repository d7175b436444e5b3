// One figure's runs over a group, and each host's peers' reference from them; see shortfall.hpp.
#include <algorithm>
#include <cmath>

#include "iogate/verdicts/statistics.hpp"
#include "shortfall.hpp"

namespace iogate {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

std::size_t runs_in(const Sessions& host) {
  std::size_t n = 0;
  for (const std::vector<double>& s : host) n += s.size();
  return n;
}

}  // namespace

FigureRuns::FigureRuns(std::vector<Sessions> hosts) : hosts_(std::move(hosts)) {
  std::size_t sessions = 0;
  for (const Sessions& h : hosts_) sessions = std::max(sessions, h.size());
  rounds_.resize(std::max<std::size_t>(sessions, 1));
  std::vector<double> estimates, all_logs;
  for (std::size_t j = 0; j < rounds_.size(); ++j) {
    Round& round = rounds_[j];
    round.place.assign(hosts_.size(), kNone);
    std::vector<double> logs;
    for (std::size_t i = 0; i < hosts_.size(); ++i) {
      const Sessions& h = hosts_[i];
      if (h.size() <= j) continue;
      round.place[i] = round.members.size();
      round.members.push_back(i);
      logs.push_back(log_mean(h[j]));
      round.runs += h[j].size();
      if (j > 0) continue;
      // The host's mean of logs as shortfall.cpp takes it (logs_of, then mean).
      std::vector<double> every;
      for (const std::vector<double>& s : h)
        for (double v : s) every.push_back(std::log(v));
      all_logs.push_back(mean(every));
      estimates.push_back(host_estimate(h));
      all_runs_ += every.size();
    }
    round.logs = LeaveOneOut(std::move(logs));
  }
  estimates_ = LeaveOneOut(std::move(estimates));
  all_logs_ = LeaveOneOut(std::move(all_logs));
}

int FigureRuns::peers(std::size_t host) const {
  const std::size_t place = rounds_[0].place[host];
  return place == kNone ? 0 : static_cast<int>(rounds_[0].members.size()) - 1;
}

PeerSummary FigureRuns::estimates(std::size_t host) const {
  return estimates_.without(rounds_[0].place[host]);
}

FigureRuns::Reference FigureRuns::all_sessions(std::size_t host) const {
  return {all_logs_.without(rounds_[0].place[host]),
          static_cast<double>(all_runs_ - runs_in(hosts_[host]))};
}

int FigureRuns::beside(std::size_t j, std::size_t host) const {
  if (j == 0 || j >= rounds_.size()) return 0;
  const Round& round = rounds_[j];
  const int n = static_cast<int>(round.members.size()) - (round.place[host] == kNone ? 0 : 1);
  return n < kMinPeers ? 0 : n;
}

FigureRuns::Reference FigureRuns::of_round(const Round& round, std::size_t j,
                                           std::size_t host) const {
  return {round.logs.without(round.place[host]),
          static_cast<double>(round.runs - hosts_[host][j].size())};
}

FigureRuns::Reference FigureRuns::session(std::size_t j, std::size_t host) const {
  return beside(j, host) > 0 ? of_round(rounds_[j], j, host) : of_round(rounds_[0], 0, host);
}

std::vector<FigureRuns::Move> FigureRuns::moves(std::size_t j, std::size_t host) const {
  std::vector<Move> out;
  if (j >= rounds_.size()) return out;
  const Round& round = rounds_[j];
  const Round& first = rounds_[0];  // every host with a session j has a first
  for (std::size_t k = 0; k < round.members.size(); ++k) {
    const std::size_t i = round.members[k];
    if (i == host) continue;
    out.push_back({round.logs.value(k) - first.logs.value(first.place[i]), hosts_[i][j].size(),
                   hosts_[i][0].size()});
  }
  return out;
}

}  // namespace iogate
