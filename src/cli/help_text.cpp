#include "help_text.hpp"

#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <string>

#include "iogate/engine/workload_keys.hpp"

namespace iogate::cli {
namespace {

struct CommandHelp {
  const char* exit_status;  // "  0  ...\n  1  ..." lines
  const char* examples;     // "  $ iogate ...\n" lines
};

// What a signal does, for every command that runs I/O (datastore/graceful_stop.hpp).
constexpr const char* kSignalExit =
    "  130, 143  stopped by SIGINT or SIGTERM: scratch removed, what was measured reported\n";

const std::map<std::string, CommandHelp>& commands() {
  static const std::map<std::string, CommandHelp> help = {
      {"iogate",
       {"  0  success: every check passed, nothing regressed, no outlier\n"
        "  1  a check failed, was unstable or errored; a regression; an outlier; a report\n"
        "     could not be written\n"
        "  2  bad input (a file, a flag, a datastore): nothing was run or written\n"
        "  3  iogate fleet: no outlier, but hosts to rerun before it can judge them\n",
        "  $ iogate check /usr/share/iogate/thresholds/quick.toml --datastore /mnt/array\n"
        "  $ iogate run --bs 8k --size 8GiB --datastore /mnt/array\n"
        "  $ iogate <command> --help   # each command's options, exit status and examples\n"}},
      {"run",
       {"  0  the workload ran\n  1  it failed (an I/O error, the disk filling up)\n"
        "  2  bad input: a flag, the datastore (missing, read-only, a pseudo filesystem, too\n"
        "     small for the test file), no usable engine; nothing was run\n",
        "  $ iogate run --bs 8k --size 8GiB --datastore /mnt/array   # seed 000's dd\n"
        "  $ iogate run --bs 4k --read 70% --random 100% --time 30s --qd 16 --datastore "
        "/mnt/array\n"}},
      {"check",
       {"  0  every check passed (or was skipped)\n"
        "  1  a check failed, was unstable or errored, or a report could not be written\n"
        "  2  bad input: the threshold file, a flag, the baseline, the datastore (missing,\n"
        "     read-only, a pseudo filesystem, too small for a check's test file), a check no\n"
        "     engine here can run, a filter that selects nothing, a check --file-size, --size\n"
        "     or --duration cannot rescale; nothing was run or written\n",
        "  $ iogate check thresholds/quick.toml --datastore /mnt/array --junit junit.xml\n"
        "  $ iogate check imported.toml --duration 10s --file-size 1GiB --datastore /mnt/array\n"
        "  $ iogate check gate.toml --filter 'seq_*-*_1m' --baseline host.json --html report.html\n"
        "  $ iogate check gate.toml --prom /var/lib/node_exporter/textfile/iogate.prom\n"}},
      {"lint",
       {"  0  every file is valid (a check whose runs can never fail a bound is warned of)\n"
        "  2  a file is not: file:line:column: key: what was expected; or the baseline named\n",
        "  $ iogate lint thresholds/*.toml\n  $ iogate lint gate.toml --baseline host.json\n"}},
      {"report",
       {"  0  written\n  1  a report could not be written\n"
        "  2  bad input: a file that is no results, a report path refused; nothing written\n",
        "  $ iogate report results.json --html report.html --prom iogate.prom\n"
        "  $ iogate report --from-dir build/results/quick --junit junit.xml\n"
        "  $ iogate report --history nightly/run-* --html history.html\n"}},
      {"baseline", {"  0  written\n  1  a run failed\n  2  bad input\n", ""}},
      {"baseline record",
       {"  0  the baseline was written\n  1  a run failed\n"
        "  2  bad input: the threshold file, a flag, the datastore (missing, read-only, a pseudo\n"
        "     filesystem, too small for a check's test file), a check no engine here can run;\n"
        "     nothing was run or written\n",
        "  $ iogate baseline record thresholds/quick.toml --datastore /mnt/array --out "
        "host.json\n"}},
      {"compare",
       {"  0  no regression\n  1  a regression\n  2  bad input\n",
        "  $ iogate compare host.json after.json\n"}},
      {"fingerprint",
       {"  0  printed\n  2  the datastore cannot be examined\n",
        "  $ iogate fingerprint --datastore /mnt/array\n"}},
      {"fleet",
       {"  0  no outlier and no host undecided\n  1  an outlier\n"
        "  2  bad input: no results, two inputs of one host\n"
        "  3  no outlier, but hosts it cannot judge yet: rerun them (--rerun) and judge again\n",
        "  $ iogate fleet results/vm* --report-dir fleet/\n"}},
      {"import", {"  0  written\n  2  bad input\n", ""}},
      {"baseline import diskspd",
       {"  0  the baseline was written\n"
        "  2  bad input: the results file, a figure, an output that exists; nothing written\n",
        "  $ iogate baseline import diskspd run.xml --out baseline.json\n"}},
      {"baseline import iometer",
       {"  0  the baseline was written\n"
        "  2  bad input: the result CSV (at its line), a test that cannot be one check's figure,\n"
        "     an output that exists; nothing written\n",
        "  $ iogate baseline import iometer results.csv --out lsi-logic.json\n"
        "  $ iogate check community-relative.toml --baseline lsi-logic.json --datastore "
        "/mnt/array\n"}},
      {"import fio",
       {"  0  the threshold file was written\n"
        "  2  bad input: the job file, a job that cannot be mapped, an output that exists\n",
        "  $ iogate import fio jobs.fio -o gate.toml\n"}},
      {"import iometer",
       {"  0  the threshold file was written\n"
        "  2  bad input: the .icf, a test that cannot be mapped, an output that exists\n",
        "  $ iogate import iometer OpenPerformanceTest.icf --expect iops_min=300 -o gate.toml\n"}},
      {"import diskspd",
       {"  0  the threshold file was written\n"
        "  2  bad input: the profile or a line, a setting that cannot be mapped, an output that "
        "exists\n",
        "  $ iogate import diskspd profile.xml --expect iops_min=300 -o gate.toml\n"
        "  $ iogate import diskspd sweep.cmd --expect iops_min=300 -o gate.toml\n"}},
      {"completion",
       {"  0  written\n  2  an unknown shell, an output refused\n",
        "  $ source <(iogate completion bash)\n"
        "  $ iogate completion zsh -o ~/.zfunc/_iogate\n"}},
      {"schema",
       {"  0  written\n  2  an output refused\n", "  $ iogate schema -o threshold.schema.json\n"}},
      {"propose",
       {"  0  the threshold file was written\n"
        "  2  bad input: not a recording, nothing to propose from, an output that exists\n",
        "  $ iogate propose host.json -o gate.toml\n"}},
  };
  return help;
}

constexpr const char* kEnvironment =
    "  IOGATE_DATASTORE               the datastore, when --datastore is not given\n"
    "  IOGATE_HOST_LABEL              who this host is among a fleet's (--host-label)\n"
    "  IOGATE_BASELINE                the baseline for \"N% of baseline\" (--baseline)\n"
    "  IOGATE_STRICT_BASELINE=1       refuse a baseline from elsewhere (--strict-baseline)\n"
    "  IOGATE_REQUIRE_MOUNT=1         the datastore must be a mount point (--require-mount)\n"
    "  IOGATE_REQUIRE_FILESYSTEM      its filesystem type (--require-filesystem)\n"
    "  IOGATE_REQUIRE_DEVICE          its block device (--require-device)\n"
    "  IOGATE_ALLOW_SHARED_DATASTORE=1  run as root in a datastore others can write\n"
    "  IOGATE_ALLOW_SHARED_OUTPUT=1   write reports as root where others can write\n"
    "  IOGATE_DISABLE_ENGINES         engines to treat as unusable (\"io_uring,libaio\")\n"
    "  IOGATE_CHART_JS                Chart.js for HTML reports, instead of Debian's\n";

std::string footer(const CommandHelp& help, bool runs_io) {
  std::string text = "Exit status:\n";
  text += help.exit_status;
  if (runs_io) text += kSignalExit;
  text += "\nEnvironment:\n";
  text += kEnvironment;
  if (*help.examples != '\0') {
    text += "\nExamples:\n";
    text += help.examples;
  }
  return text;
}

// The word a workload flag's value gets from the kind of its key (workload_keys.hpp): SIZE,
// DURATION, PERCENT; nothing for a flag that is no workload key's.
std::optional<std::string> workload_word(std::string_view name) {
  for (const WorkloadKeyRow& row : workload_key_rows()) {
    if (row.flag.substr(2) != name) continue;
    switch (row.spec.kind) {
      case ValueKind::size:
        return "SIZE";
      case ValueKind::duration:
        return "DURATION";
      case ValueKind::percent:
        return "PERCENT";
      case ValueKind::tables:  // block_mix, in fio's bssplit syntax
        return "SIZE/PCT:...";
      default:
        return std::nullopt;
    }
  }
  return std::nullopt;
}

// The word a TEXT value gets from its option's name; the name itself, upper case, when none fits.
std::string text_word(std::string_view name) {
  if (std::optional<std::string> word = workload_word(name)) return *word;
  static const std::map<std::string_view, const char*> words = {
      {"datastore", "DIR"},
      {"json-dir", "DIR"},
      {"from-dir", "DIR"},
      {"clear-dir", "DIR"},
      {"report-dir", "DIR"},
      {"history", "DIR"},
      {"junit", "FILE"},
      {"json", "FILE"},
      {"gbench-json", "FILE"},
      {"markdown", "FILE"},
      {"html", "FILE"},
      {"prom", "FILE"},
      {"baseline", "FILE"},
      {"out", "FILE"},
      {"output", "FILE"},
      {"file", "FILE"},
      {"files", "FILE"},
      {"job", "FILE"},
      {"recording", "FILE"},
      {"results", "FILE"},
      {"rerun", "FILE"},
      {"margin", "PERCENT"},
      {"host-label", "LABEL"},
      {"require-filesystem", "FSTYPE"},
      {"require-device", "DEVICE"},
      {"filter", "PATTERN"},
      {"expect", "KEY=VALUE"},
      {"peer-key", "FIELD"},
      {"figure", "FIGURE"},
  };
  if (const auto it = words.find(name); it != words.end()) return it->second;
  std::string upper;
  for (const char c : name) upper += c == '-' ? '_' : static_cast<char>(std::toupper(c));
  return upper;
}

void rename_values(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    const std::string type = opt->get_type_name();
    if (type.empty()) continue;  // a flag
    const std::string name =
        opt->get_lnames().empty() ? opt->get_name(true) : opt->get_lnames().front();
    const std::string shown = value_name(name, type);
    // CLI11 appends every validator's description to the type name: emptied, the name is ours.
    for (int i = 0;; ++i) {
      try {
        opt->get_validator(i)->description("");
      } catch (const CLI::OptionNotFound&) {
        break;
      }
    }
    opt->type_name(shown);
  }
}

// Each command's help is found by its path below iogate ("baseline record", "import fio"): two
// commands may share a last word.
void add_footers(CLI::App& app, const std::string& path) {
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    const std::string name = path.empty() ? sub->get_name() : path + " " + sub->get_name();
    const auto it = commands().find(name);
    if (it != commands().end())
      sub->footer(
          footer(it->second, name == "run" || name == "check" || name == "baseline record"));
    rename_values(*sub);
    add_footers(*sub, name);
  }
}

}  // namespace

std::string value_name(std::string_view option_name, std::string_view cli11_type) {
  const std::string type(cli11_type);
  const std::size_t colon = type.find(':');
  const std::string base = type.substr(0, colon);
  std::string word = base == "INT" || base == "UINT" ? "N"
                     : base == "FLOAT"               ? "NUMBER"
                                                     : text_word(option_name);
  if (colon == std::string::npos) return word;
  const std::string rest = type.substr(colon + 1);
  std::smatch m;
  if (std::regex_match(rest, m, std::regex(R"((?:INT|FLOAT) in \[(\S+) - (\S+)\])")))
    return word + " (" + m[1].str() + ".." + m[2].str() + ")";
  if (rest == "POSITIVE") return word + " (> 0)";
  if (rest == "NONNEGATIVE") return word + " (>= 0)";
  if (std::regex_match(rest, m, std::regex(R"(\{(.*)\})"))) {
    std::string choices = m[1].str();
    for (char& c : choices)
      if (c == ',') c = '|';
    return choices;
  }
  return word;
}

void add_help_text(CLI::App& app) {
  app.footer(footer(commands().at("iogate"), true));
  rename_values(app);
  add_footers(app, "");
}

}  // namespace iogate::cli
