// What iogate_add_suite() compiles into a suite executable (see cmake/IogateAddSuite.cmake), so the
// executable runs its threshold files with no arguments at all.
#pragma once

namespace iogate {

struct SuiteConfig {
  const char* name;        // GoogleTest suite name and ctest prefix: <name>.<check>
  const char* thresholds;  // threshold files, ';'-separated absolute paths
  const char* datastore;   // default datastore (IOGATE_DATASTORE and --datastore override it)
  const char* report_dir;  // where per-check JSON results go
  const char* baseline;    // BASELINE file ("" for none; IOGATE_BASELINE and --baseline override)
  // True when `datastore` is the build tree's own default (no DATASTORE given): the only datastore
  // created when missing; a named one must exist.
  bool create_datastore;
};

// Defined in the source iogate_add_suite() generates for each suite.
extern const SuiteConfig kSuiteConfig;

}  // namespace iogate
