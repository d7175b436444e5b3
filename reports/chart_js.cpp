#include <cstdlib>
#include <fstream>
#include <sstream>

#include "iogate/reports/report_formats.hpp"

namespace iogate {

std::string load_chart_js() {
  const char* env = std::getenv("IOGATE_CHART_JS");
  const std::string path =
      env && *env ? env : "/usr/share/javascript/chart.js/chart.min.js";  // libjs-chart.js
  std::ifstream in(path);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace iogate
