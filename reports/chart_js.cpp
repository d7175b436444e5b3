#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "common/read_file.hpp"
#include "iogate/reports/report_formats.hpp"

namespace iogate {

namespace {

// Chart.js 4 minified is about 200 KB; the limit only stops a mistyped path (an image, /dev/zero)
// being read whole into every page.
constexpr std::uint64_t kMaxChartJsBytes = 16ULL << 20;
constexpr const char* kDebianChartJs = "/usr/share/javascript/chart.js/chart.min.js";

}  // namespace

std::string load_chart_js() {
  const char* env = std::getenv("IOGATE_CHART_JS");
  if (env != nullptr && *env != '\0')  // asked for by name: what is wrong with it is said
    return read_regular_file(env, kMaxChartJsBytes, "Chart.js (IOGATE_CHART_JS)");
  std::error_code ec;
  if (!std::filesystem::exists(kDebianChartJs, ec)) return {};  // libjs-chart.js not installed
  return read_regular_file(kDebianChartJs, kMaxChartJsBytes, "Chart.js");
}

}  // namespace iogate
