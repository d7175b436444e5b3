// Figures read back are checked against what they were computed from, not only for range.
//
// A results document writes each rate beside the counts and the time it was computed from (iops
// beside ios and duration_s, mbps beside bytes), and each latency figure beside the histogram it
// was read off. The reader restores the counts and the histograms (run_json.hpp) and reports,
// fleets and verdicts compute every figure from them again; `compare` once took the written
// figures as they stood, so a file saying `iops = 0.5` where its own counts say 28,000 was
// reported as -100%, and `iops = 1e300` printed 300 digits. Here a written figure must agree
// with the one its own counts give, to the kFigureDigits significant digits iogate shows
// figures in (format_figure, figures.hpp): a file iogate wrote (every double to the last digit)
// or a person rounded to that precision reads; any other disagreement is refused.
//
// A baseline keeps samples only, no counts. Each sample is held to its figure's ceiling (the
// fastest rate a run read back can have: kMaxReadBackCount I/Os or bytes in kMinRunSeconds; the
// longest duration or latency: kMaxReadBackSeconds); a run's iops and MB/s samples agree with the
// workload's block size where every I/O is that size; and a run's latencies are ordered (each
// percentile at most the next one up and the maximum, the mean at most the maximum).
//
// The one rule of every reader of results and baselines: the results reader (result_reader.hpp)
// calls check_run_figures for each run it reads, the baseline reader (baseline.hpp) calls
// check_baseline_samples for each check, and compare, report, fleet, propose and `check
// --baseline` read through those two. A refusal is a ReadBackError naming the key path and what
// was expected (json_fields.hpp), and shows no value from the file.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "iogate/engine/run_result.hpp"

namespace iogate {

// The significant digits a figure is shown in and must agree to when read back.
inline constexpr int kFigureDigits = 6;

// Whether `written` agrees with `computed` to kFigureDigits significant digits.
bool figures_agree(double written, double computed);

// The written figures of the run object `j` at `where` ("result", "repeats[2]") against `run`,
// what run_from_json read from it: the totals ios and bytes; iops and mbps of the run, of each
// direction and of each interval; the latency figures of each object that carries its own
// histogram (the run, a direction of a mixed run, a priority class): lat_avg_ms, lat_min_ms and
// lat_max_ms against the exact nanosecond fields, lat_p99_ms and lat_percentiles_ms against the
// restored buckets (within a bucket's width, 2 * LatencyHistogram::kRelativeErrorBound: the
// restored values sit inside their buckets, not where they were); each block size's and
// priority class's ios_pct. A figure a file does not write is not checked, nor one of an object
// without buckets (its latencies are the run's, or none were kept).
void check_run_figures(const nlohmann::json& j, const RunResult& run, std::string_view where);

// The largest value a figure keyed as sample_key() names it ("iops", "read_mbps",
// "latency_p99_ms", "duration_s") can hold in anything iogate reads back.
double figure_ceiling(std::string_view key);

// A baseline check's samples at `where` ("checks.rand_read_4k.metrics"), keyed as sample_key()
// names them; NaN is a run without the figure and is passed over. `block_size`: the size of
// every I/O of the workload, or none where they differ (a block mix) or are not known (an
// imported baseline's figures, rounded by another tool).
void check_baseline_samples(const std::map<std::string, std::vector<double>>& samples,
                            std::optional<std::uint64_t> block_size, std::string_view where);

}  // namespace iogate
