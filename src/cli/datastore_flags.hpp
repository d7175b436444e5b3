// The datastore flags of `iogate check`, `run` and `baseline record`, and the refusals before the
// first check: a datastore missing or unsafe, and the preflight's (runner/preflight.hpp),
// each exit 2 with nothing written.
//
// An installed iogate has no datastore of its own: a path compiled in at build time would name a
// build tree that is not there, and any default directory (the working directory, /var/tmp) would
// measure whatever disk it happens to be on, the very mistake a gate must not make silently. So
// without --datastore or IOGATE_DATASTORE the CLI refuses and says how to name one, and it always
// prints which datastore it measures. Suites built by iogate_add_suite() keep their build tree's
// `<build dir>/datastore`.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <optional>

#include "iogate/runner/run_settings.hpp"

namespace iogate::cli {

// --datastore, --allow-shared-datastore, --require-mount, --require-filesystem, --require-device.
void add_datastore_flags(CLI::App& sub, DatastoreFlags& flags);

// --datastore alone, for a command that reads the datastore and writes nothing there
// (`fingerprint`): the same words as the commands that measure.
void add_datastore_option(CLI::App& sub, std::optional<std::string>& dir);

// The datastore, checked (check_datastore), for the command to announce; or nothing after
// "iogate COMMAND: <reason>" went to stderr (the caller exits with kExitBadInput). `file`: the
// threshold file whose [suite] demands on the datastore apply.
std::optional<DatastoreChoice> choose_datastore(const char* command, const DatastoreFlags& flags,
                                                const ThresholdFile* file = nullptr);

// Runs `preflight` (CheckRunner::preflight or preflight()); when it refuses, says every reason on
// stderr, a line each as "iogate COMMAND: <reason>", and returns false (the caller exits with
// kExitBadInput).
bool preflight_passes(const char* command, const std::function<void()>& preflight);

}  // namespace iogate::cli
