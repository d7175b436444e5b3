// The command line of a suite executable: what the defaults iogate_add_suite() compiled in
// (suite_config.hpp) are overridden with.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iogate/runner/run_settings.hpp"

namespace iogate {

struct SuiteOptions {
  DatastoreFlags datastore;
  std::optional<std::string> baseline;
  bool strict_baseline = false;  // --strict-baseline (else IOGATE_STRICT_BASELINE=1)
  int repeat = 0;                // 0: each check's own
  int repeat_max = 0;            // 0: each check's own
  std::string report_dir;
  std::vector<std::string> thresholds;
  std::string list_checks;  // write the ctest list here and exit
  std::string report_step;  // "clear" or "merge": iogate_add_suite()'s report tests
  // A check of a ctest run: shared test files are kept for the run's later checks (each a process
  // of its own), found again through the ctest process, this one's parent.
  bool share_layouts_with_parent = false;
  bool remove_kept_layouts = false;  // iogate_add_suite()'s <suite>.layouts_cleanup test
};

// Parses argv (after GoogleTest took its own flags); nothing and `exit_code` set when the
// process should end now (--help, or a mistake already explained on stderr).
std::optional<SuiteOptions> parse_suite_options(int argc, char** argv, int& exit_code);

}  // namespace iogate
