// DiskSpd's XML results (`diskspd -Rxml`) as figures, one set per <TimeSpan> in the order DiskSpd
// ran them, named as `import diskspd` names their checks (timespan_1, timespan_2 ...), so a
// baseline made of them matches the checks made of the profile they carry.
//
// Per time span: <TestTimeSeconds>, the sums over every <Thread><Target> of <ReadCount>,
// <WriteCount>, <ReadBytes> and <WriteBytes>, and, when DiskSpd measured latency (-L), the time
// span's <Latency>: <AverageTotalMilliseconds> and each <Bucket>'s <Percentile> with its
// <TotalMilliseconds> (percentile 100 is the maximum). Read through the same bounded XML reader
// as profiles; a result without a time span, without a positive test time or without any I/O, a
// count that is not a whole number, is a ThresholdError at its line.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iogate/common/threshold_error.hpp"

namespace iogate::diskspd {

struct TimeSpanFigures {
  std::string check_name;  // timespan_N
  SourceLocation where;    // the result's <TimeSpan>
  double seconds = 0;
  std::uint64_t read_ios = 0;
  std::uint64_t write_ios = 0;
  std::uint64_t read_bytes = 0;
  std::uint64_t write_bytes = 0;
  std::optional<double> latency_avg_ms;
  // (percentile, milliseconds) of all I/Os, as DiskSpd gives them: 0 is the minimum, 100 the
  // maximum.
  std::vector<std::pair<double, double>> latency_percentiles_ms;

  double iops() const { return static_cast<double>(read_ios + write_ios) / seconds; }
  double mbps() const {  // MiB/s
    return static_cast<double>(read_bytes + write_bytes) / (1024.0 * 1024.0) / seconds;
  }
};

struct DiskspdResults {
  std::string computer;  // <System><ComputerName>, when given
  std::string version;   // <System><Tool><Version>, when given
  std::vector<TimeSpanFigures> spans;
};

DiskspdResults read_results(const std::filesystem::path& path);
DiskspdResults parse_results_text(std::string_view text, const std::filesystem::path& path);

}  // namespace iogate::diskspd
