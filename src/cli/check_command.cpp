// iogate check FILE: runs a threshold file without ctest. Exit 0 all passed, 1 a check failed or
// errored, 2 the file is bad (nothing is run or written then).
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "iogate/reports/iometer_table.hpp"
#include "iogate/reports/result_json.hpp"
#include "iogate/runner/check_session.hpp"

namespace iogate::cli {
namespace {

struct CheckFlags {
  std::string file;
  std::optional<std::string> datastore;
  std::string json_dir;
};

// Runs one check; returns its table row and appends its failure lines.
TableRow run_one(const ThresholdFile& file, const Check& check,
                 const std::filesystem::path& datastore, const std::string& json_dir,
                 std::vector<std::string>& failures) {
  try {
    CheckSession session(check, datastore);
    const CheckOutcome outcome = session.run();
    const CheckRecord record = make_check_record(file.suite, check, outcome);
    failures.insert(failures.end(), record.messages.begin(), record.messages.end());
    if (!json_dir.empty()) {
      RunContext context = describe_run(file.suite, datastore);
      context.stack = session.storage_stack();
      write_json_file(std::filesystem::path(json_dir) / (check.name + ".json"),
                      check_to_json(record, context));
    }
    return table_row(check.name, outcome.result, record.status);
  } catch (const std::exception& e) {
    failures.push_back(check.name + ": error: " + e.what());
    return TableRow{check.name, 0, 0, 0, 0, 0, "ERROR"};
  }
}

int run(const CheckFlags& flags) {
  ThresholdFile file;
  try {
    file = load_threshold_file(flags.file);
  } catch (const ThresholdError& e) {
    std::cerr << e.what() << '\n';
    return kExitBadInput;
  }
  const auto datastore = resolve_datastore(flags.datastore, IOGATE_DEFAULT_DATASTORE);
  std::cout << "iogate check " << flags.file << " on " << datastore.string() << '\n'
            << table_header() << std::endl;
  std::vector<std::string> failures;
  for (const Check& check : file.checks)
    std::cout << table_row_line(run_one(file, check, datastore, flags.json_dir, failures))
              << std::endl;
  for (const std::string& line : failures) std::cout << "FAIL " << line << '\n';
  std::cout << file.checks.size() << " checks, " << failures.size() << " failures\n";
  return failures.empty() ? kExitOk : kExitCheckFailed;
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<CheckFlags>();
  CLI::App* sub = app.add_subcommand("check", "Run a threshold file's checks without ctest");
  sub->add_option("file", flags->file, "Threshold file")->required();
  sub->add_option("--datastore", flags->datastore, "Datastore directory (else $IOGATE_DATASTORE)");
  sub->add_option("--json-dir", flags->json_dir, "Write each check's result as JSON here");
  sub->callback([flags, &exit_code] { exit_code = run(*flags); });
}

}  // namespace iogate::cli
