// iogate propose RECORDING [-o FILE] [--force] [--margin 20%] [--suite NAME] [--profile NAME]:
// a threshold file proposed from a known-good recording (a baseline, or results: a results.json,
// a check's document, a directory of them). Each recorded check keeps its workload and gets
// absolute bounds a margin away from what it measured (the rules: include/iogate/propose/
// propose.hpp; the file: proposal_toml.hpp). Nothing is run.
//
// The file goes to stdout, or with -o to FILE, whole or not at all, and never over an existing
// file without --force. Checks that cannot be proposed from (an error, a run cut short) are left
// out, each named on stderr and in the file's header. Exit 0 written, 2 bad input: not a
// recording, no check to propose from, a bad flag, an output that exists or cannot be written.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>

#include "commands.hpp"
#include "common/display_text.hpp"
#include "common/identifier.hpp"
#include "iogate/common/output_file.hpp"
#include "iogate/common/units.hpp"
#include "propose/proposal_toml.hpp"
#include "propose/propose.hpp"

namespace iogate::cli {
namespace {

struct ProposeFlags {
  std::string input;
  std::string out;
  bool force = false;
  std::string margin = "20%";
  std::string suite;
  std::string profile;
};

// The margin as a fraction, or nothing after saying why on stderr.
std::optional<double> margin_of(const std::string& text) {
  double pct = 0;
  try {
    pct = parse_percent(text);
  } catch (const UnitError& e) {
    std::cerr << "iogate propose: --margin " << text << ": " << e.what() << '\n';
    return std::nullopt;
  }
  // 0 would put the bound on the median (half of all healthy runs below a floor); 100 would put
  // a floor at zero and a ceiling at infinity.
  if (!(pct > 0 && pct < 100)) {
    std::cerr << "iogate propose: --margin " << text
              << ": expected a share above 0% and below 100%, like \"20%\"\n";
    return std::nullopt;
  }
  return pct / 100.0;
}

int run(const ProposeFlags& flags) {
  const std::optional<double> margin = margin_of(flags.margin);
  if (!margin) return kExitBadInput;
  const std::pair<const char*, const std::string*> names[] = {{"--suite", &flags.suite},
                                                              {"--profile", &flags.profile}};
  for (const auto& [flag, value] : names) {
    if (!value->empty() && !is_identifier(*value)) {
      std::cerr << "iogate propose: " << flag << " " << *value
                << ": expected letters, digits and '_' (it becomes a GoogleTest and ctest name)\n";
      return kExitBadInput;
    }
  }
  Recording recording;
  try {
    recording = load_recording(flags.input);
  } catch (const RecordingError& e) {
    std::cerr << "iogate propose: " << e.what() << '\n';
    return kExitBadInput;
  }
  const Proposal proposal = propose(recording, {*margin, flags.suite, flags.profile});
  for (const std::string& why : proposal.left_out)
    std::cerr << "iogate propose: left out " << why << '\n';
  if (proposal.checks.empty()) {
    std::cerr << "iogate propose: " << flags.input
              << ": no check to propose bounds from; nothing written\n";
    return kExitBadInput;
  }
  const std::filesystem::path as = flags.out.empty() ? "<stdout>" : flags.out;
  std::string text;
  try {
    text = proposal_toml(proposal, as);
  } catch (const ProposalError& e) {
    std::cerr << "iogate propose: " << flags.input << ": " << e.what() << "; nothing written\n";
    return kExitBadInput;
  }
  if (flags.out.empty()) {
    std::cout << text << std::flush;
    return kExitOk;
  }
  try {
    // A file for a person to review goes where they said, never into directories made for it
    // (a mistyped path would otherwise grow a tree).
    const std::filesystem::path dir = std::filesystem::path(flags.out).parent_path();
    std::error_code ec;
    if (!dir.empty() && !std::filesystem::is_directory(dir, ec))
      throw std::system_error(ENOENT, std::generic_category(), "write into " + dir.string());
    require_distinct_paths({flags.out}, {flags.input});
    write_output_text(flags.out, text, flags.force ? IfExists::replace : IfExists::refuse);
  } catch (const std::exception& e) {
    std::cerr << "iogate propose: " << e.what() << "; nothing written\n";
    return kExitBadInput;
  }
  std::cout << fmt::format(
      "wrote {}: suite {}, {}, margin {:g}%{}\n", flags.out, proposal.suite,
      counted(proposal.checks.size(), "check"), *margin * 100,
      proposal.left_out.empty() ? "" : fmt::format(" ({} left out)", proposal.left_out.size()));
  return kExitOk;
}

}  // namespace

void add_propose_command(CLI::App& app, int& exit_code) {
  auto flags = std::make_shared<ProposeFlags>();
  CLI::App* sub = app.add_subcommand(
      "propose", "Propose a threshold file from a known-good baseline or results");
  sub->add_option("recording", flags->input,
                  "Baseline JSON (iogate baseline record), results JSON, or a directory of check "
                  "results (iogate check --json-dir)")
      ->required();
  sub->add_option("-o,--out", flags->out, "Threshold file to write (default: stdout)");
  sub->add_flag("--force", flags->force, "Replace the -o file if it exists");
  sub->add_option("--margin", flags->margin,
                  "How much worse than recorded a figure may get: rates to (1-m)x, times to "
                  "1/(1-m)x (default 20%)");
  sub->add_option("--suite", flags->suite,
                  "[suite] name (default: the results' suite, else the file's name)");
  sub->add_option("--profile", flags->profile, "[suite] profile, the ctest label (default full)");
  sub->callback([flags, &exit_code] { exit_code = run(*flags); });
}

}  // namespace iogate::cli
