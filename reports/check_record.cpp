#include "iogate/reports/check_record.hpp"

namespace iogate {

const char* status_name(CheckStatus s) {
  switch (s) {
    case CheckStatus::pass:
      return "pass";
    case CheckStatus::fail:
      return "fail";
    case CheckStatus::unstable:
      return "unstable";
    case CheckStatus::skipped:
      return "skipped";
    case CheckStatus::error:
      return "error";
  }
  return "?";
}

std::string RunContext::host_shown() const {
  if (host_label.empty() || host_label == host) return host;
  return host.empty() ? host_label : host_label + " (hostname " + host + ")";
}

}  // namespace iogate
