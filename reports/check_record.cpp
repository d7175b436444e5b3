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

}  // namespace iogate
