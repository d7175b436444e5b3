// iogate run: one ad-hoc workload from flags, in a scratch area of the datastore, printed as a
// row of the IOMeter-style table and optionally written as JSON. SIGINT/SIGTERM stop the run
// (datastore/graceful_stop.hpp): it says how far it got, removes its scratch area and
// dies of the signal.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "common/terminal.hpp"
#include "datastore/graceful_stop.hpp"
#include "datastore_flags.hpp"
#include "host_label_flag.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate/results/figures.hpp"
#include "iogate/results/iometer_table.hpp"
#include "iogate/runner/run_settings.hpp"
#include "results/result_json.hpp"
#include "runner/check_session.hpp"
#include "runner/outcome_records.hpp"
#include "runner/preflight.hpp"
#include "runner/progress_meter.hpp"
#include "workload_flags.hpp"

namespace iogate::cli {
namespace {

struct RunFlags {
  WorkloadFlags workload;
  DatastoreFlags datastore;
  std::optional<std::string> host_label;
  std::string json;
  std::string name = "run";
};

int run(const RunFlags& flags) {
  Check check;
  check.name = flags.name;
  try {
    // The name becomes file names (<name>.dat, <name>.json): the rule of threshold files. A
    // '/' in it is refused by the scratch area itself.
    if (check.name.size() > kMaxCheckNameLength)
      throw std::invalid_argument("--name: expected at most " +
                                  std::to_string(kMaxCheckNameLength) + " characters, got " +
                                  std::to_string(check.name.size()));
    check.workload = flags.workload.to_spec();
    validate_workload(check.workload);
  } catch (const std::invalid_argument& e) {
    std::cerr << "iogate run: " << e.what() << '\n';
    return kExitBadInput;
  }
  const std::optional<std::string> host_label = choose_host_label("run", flags.host_label);
  if (!host_label) return kExitBadInput;
  const std::optional<DatastoreChoice> datastore = choose_datastore("run", flags.datastore);
  if (!datastore) return kExitBadInput;
  if (!preflight_passes("run", [&] { preflight({check}, *datastore); })) return kExitBadInput;
  std::cout << "iogate run on " << datastore->dir.string() << std::endl;
  enable_graceful_stop();
  try {
    CheckSession session(check, datastore->dir, datastore->policy);
    // The progress line `iogate check` shows, from the same meter.
    ProgressMeter progress(std::cout, detail::is_terminal(detail::StandardStream::output),
                           check.name, check.workload);
    RunOptions options;
    options.on_interval = [&progress](const RunResult& r) { return progress.update(r); };
    const CheckOutcome outcome = session.run(std::move(options));
    progress.finish();
    std::cout << table_header() << '\n'
              << table_row_line(table_row(check.name, outcome.result)) << '\n'
              << "engine: " << outcome.result.engine << ", " << outcome.result.workers
              << " worker(s) at queue depth " << outcome.result.queue_depth << " ("
              << outcome.result.engine_note << ")\n"
              << "test file: " << kFileLayouts.name(check.workload.layout) << '\n';
    if (const std::string steady = steady_state_line(check.workload, outcome.result);
        !steady.empty())
      std::cout << steady << '\n';
    if (const std::string mix = block_mix_line(check.workload, outcome.result); !mix.empty())
      std::cout << mix << '\n';
    if (const std::string priority = priority_line(check.workload, outcome.result);
        !priority.empty())
      std::cout << priority << '\n';
    if (const std::string sides = directions_line(outcome.result); !sides.empty())
      std::cout << sides << '\n';
    if (!flags.json.empty()) {
      RunContext context = describe_run("run", datastore->dir, *host_label);
      context.stack = session.storage_stack();
      write_json_file(flags.json, check_to_json(make_check_record("run", check, outcome), context));
    }
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "iogate run: " << e.what() << '\n';
    return kExitCheckFailed;
  }
}

}  // namespace

void add_run_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<RunFlags>();
  CLI::App* sub = app.add_subcommand("run", "Run one ad-hoc workload and print its figures");
  flags->workload.add_to(*sub);
  add_datastore_flags(*sub, flags->datastore);
  add_host_label_flag(*sub, flags->host_label);
  sub->add_option("--json", flags->json, "Write the figures as JSON to this file");
  sub->add_option("--name", flags->name, "Row name in the table")->capture_default_str();
  sub->callback([flags, &exit_code] {
    exit_code = run(*flags);
    finish_graceful_stop();  // after a SIGINT/SIGTERM, with the scratch area gone: die of it
  });
}

}  // namespace iogate::cli
