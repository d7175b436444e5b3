// The one path from a check to its record. `iogate check`, every suite executable (generated
// [[check]] tests and checks written by hand with CheckFixture) and `iogate baseline record` run
// checks through a CheckRunner; what they keep for themselves is argument parsing and what they
// make of a record (a table row and a summary line, GoogleTest's verdict and test properties, a
// baseline's samples).
//
// Before the first check, preflight() refuses what cannot run at all (preflight.hpp), so that it
// is bad input said once instead of an error row per check. For each check, run():
//   - does not start it when a stop was requested (SIGINT/SIGTERM): error "not run: interrupted
//     by SIGTERM" (not skipped: a skip reads as "fine, on purpose" on a dashboard);
//   - does not start it when the datastore's path names another directory than the one the
//     first check ran on (a lazy unmount, a rename): it would measure the wrong storage;
//   - sets up the scratch area (CheckSession), or with share_layouts takes the test file a
//     LayoutPool laid out for an earlier check with the same layout key (layout_pool.hpp), judges
//     the check (adaptive repeats, baseline) or records its baseline, removes the scratch area, and
//     records the outcome; a set-up or run that throws becomes an error record with the reason, as
//     data (a device error keeps the figures measured before it as the record's result,
//     engine/io_error.hpp), and a scratch area that cannot be removed turns the record into
//     an error saying so;
//   - writes the per-check JSON (<json_dir>/<check>.json) when json_dir is set; a file that cannot
//     be written is listed in `unwritten`, and changes nothing about the check's verdict.
// It never throws for what happens to one check: every check gets a record.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iogate/engine/native_handle.hpp"
#include "iogate/results/check_record.hpp"
#include "iogate/results/iometer_table.hpp"
#include "iogate/runner/check_outcome.hpp"
#include "iogate/runner/run_settings.hpp"

namespace iogate {

// The runner's workings, private to the library (check_session.hpp, layout_pool.hpp).
class CheckSession;
class LayoutPool;

struct RunnerSettings {
  std::string suite;  // the records' suite name
  DatastoreChoice datastore;
  std::optional<Baseline> baseline;  // for "N% of baseline" bounds; none: those checks skip
  // A baseline of another host, datastore or filesystem is an error (resolve_strict_baseline).
  bool strict_baseline = false;
  int repeat = 0;                  // 0: each check's own `repeat`
  int repeat_max = 0;              // 0: each check's own `repeat_max`
  std::filesystem::path json_dir;  // per-check JSON goes here; empty: none
  // --host-label; none: $IOGATE_HOST_LABEL, else the hostname (resolve_host_label, when the
  // runner is made: a malformed label throws std::invalid_argument before any check runs).
  std::optional<std::string> host_label;
  // Live progress of each run (a line every few seconds, a meter on a terminal); null: none.
  std::ostream* progress = nullptr;
  bool progress_tty = false;
  // A fresh backend per run (tests inject slowed fakes); empty: each workload's engine.
  std::function<std::unique_ptr<IoBackend>()> make_backend;
  // Checks whose test files have the same layout key share one file
  // (runner/layout_pool.hpp): `iogate check` and a suite executable. Off: each check lays
  // out its own (`iogate check --own-layouts`).
  bool share_layouts = false;
  // With share_layouts: the process that started this one as one of its run's processes (ctest,
  // for a suite's check), for whose later processes shared files are kept (RunSharing, under
  // this suite's name); 0: shared within this process only.
  ProcessId share_layouts_with = 0;
  // Record each check's baseline instead of judging it (`iogate baseline record`; RecordingPlan
  // in check_session.hpp): the outcome's runs are the recording kept, the record's verdict empty.
  std::optional<RecordingPlan> recording;
};

// What one check produced: its record (what the reports show and the results JSON keeps), where
// it ran, and its judged runs.
struct FinishedCheck {
  CheckRecord record;
  RunContext context;  // where and when; with the storage stack once the scratch area was set up
  std::optional<CheckOutcome> outcome;  // the judged runs; none when the check errored
  std::vector<std::string> unwritten;   // its JSON file, when it could not be written
  bool started = false;                 // set-up was tried: not refused before it began
  TableRow row() const;                 // its line in the IOMeter-style table
};

// The name before 0.2: suites written against 0.1.0 still compile, with a warning.
using CheckReport [[deprecated("renamed FinishedCheck")]] = FinishedCheck;

class CheckRunner {
 public:
  // Throws std::invalid_argument for a malformed host label (the flag's or the environment's).
  explicit CheckRunner(RunnerSettings settings);
  ~CheckRunner();  // removes the shared files it still keeps (release_layouts)
  CheckRunner(const CheckRunner&) = delete;
  CheckRunner& operator=(const CheckRunner&) = delete;

  // Once, before the first run(): refuses with PreflightRefusal what is known now to keep
  // `checks`, those this process will run, from running on the datastore (the preflight,
  // runner/preflight.hpp: its filesystem, its room, the host's engines). Nothing is
  // written, created or locked.
  void preflight(const std::vector<Check>& checks) const;

  // `file`: the check's threshold file, whose [suite] demands on the datastore (require_mount,
  // require_filesystem, require_device) add to the settings' policy (with_file_demands).
  FinishedCheck run(const Check& check, const ThresholdFile* file = nullptr);

  // With share_layouts: the checks run() will be given, in order, so that a shared file is removed
  // after the last check that uses it (without a plan, at release_layouts()).
  void plan(const std::vector<Check>& checks);
  // Removes every shared file now (also done on destruction).
  void release_layouts();

  const RunnerSettings& settings() const { return settings_; }

 private:
  // Why a check must not start on the datastore now; empty when it may.
  std::string refusal() const;
  // Sets up the check's scratch area, judges (or records) the check there and removes it.
  FinishedCheck run_in_scratch_area(const Check& check, const DatastorePolicy& policy);
  void open_session(const Check& check, const DatastorePolicy& policy,
                    std::optional<CheckSession>& session);
  void write_json(FinishedCheck& report) const;
  LayoutPool& pool();  // made on first use

  RunnerSettings settings_;
  std::unique_ptr<LayoutPool> pool_;  // with share_layouts: made by pool()
  std::string host_label_;            // resolved: the records' host_label
  // The datastore directory the first check ran on, pinned by its device and inode (on Windows
  // its volume serial number and file index).
  struct Pinned {
    std::uint64_t device;
    std::uint64_t file_id;
  };
  std::optional<Pinned> pinned_;
  void pin();
};

}  // namespace iogate
