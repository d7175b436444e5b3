// iogate completion bash|zsh: a shell completion script written from the command line's own
// option model (the CLI11 tree main() built), so it cannot drift from the program: every
// subcommand, nested ones too, every option, and for an option's value what its name in --help
// says (help_text.cpp): DIR completes directories, FILE files, "end|none" its choices. The
// package installs both (bash-completion's completions directory, zsh's vendor-completions).
// zsh reads the bash script through bashcompinit, as zsh's own manual suggests for such scripts.
#include <fmt/format.h>

#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "commands.hpp"
#include "iogate/common/output_file.hpp"
#include "output_flag.hpp"

namespace iogate::cli {
namespace {

struct Command {
  std::string path;                           // "" for iogate, "baseline record"
  std::vector<std::string> subcommands;       // their names
  std::vector<std::string> options;           // every spelling: --json-dir, -o, --out
  std::map<std::string, std::string> values;  // option spelling -> its value's name
  bool positional_files = false;              // takes FILE or DIR words
  std::string positional_choices;             // or one of these ("bash zsh")
};

void collect(CLI::App& app, const std::string& path, std::vector<Command>& into) {
  Command c;
  c.path = path;
  c.options = {"--help"};
  for (CLI::Option* opt : app.get_options()) {
    if (opt->get_positional() && !opt->nonpositional()) {
      const std::string type = opt->get_type_name();
      c.positional_files = c.positional_files || type == "FILE" || type == "DIR";
      if (type.find('|') != std::string::npos)
        for (const char ch : type) c.positional_choices += ch == '|' ? ' ' : ch;
      continue;
    }
    if (opt->get_group().empty()) continue;  // a hidden old spelling (output_flag.hpp): not offered
    std::vector<std::string> spellings;
    for (const std::string& l : opt->get_lnames()) spellings.push_back("--" + l);
    for (const std::string& s : opt->get_snames()) spellings.push_back("-" + s);
    for (const std::string& s : spellings) {
      if (s == "--help" || s == "-h") continue;
      c.options.push_back(s);
      if (opt->get_type_size_max() > 0) c.values[s] = opt->get_type_name();
    }
  }
  std::vector<CLI::App*> subs = app.get_subcommands([](CLI::App*) { return true; });
  for (CLI::App* sub : subs) c.subcommands.push_back(sub->get_name());
  into.push_back(c);
  for (CLI::App* sub : subs)
    collect(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), into);
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The compgen call that completes a value named `type` (help_text.cpp's words).
std::string complete_value(const std::string& type) {
  if (type == "DIR") return "compgen -d -- \"$cur\"";
  if (type == "FILE") return "compgen -f -- \"$cur\"";
  if (type.find('|') != std::string::npos) {
    std::string words = type;
    for (char& ch : words)
      if (ch == '|') ch = ' ';
    return fmt::format("compgen -W '{}' -- \"$cur\"", words);
  }
  return "";  // a size, a number, a label: nothing to offer
}

std::string bash_script(CLI::App& root) {
  std::vector<Command> commands;
  collect(root, "", commands);
  std::string s =
      "# bash completion for iogate, written by `iogate completion bash`\n"
      "_iogate() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd='' i w\n"
      "  # The subcommand path typed so far: each word that names a subcommand of the last.\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    w=${COMP_WORDS[i]}\n"
      "    case \"$cmd/$w\" in\n";
  for (const Command& c : commands)
    for (const std::string& sub : c.subcommands)
      s += fmt::format("      '{}/{}') cmd='{}' ;;\n", c.path, sub,
                       c.path.empty() ? sub : c.path + " " + sub);
  s += "    esac\n  done\n  COMPREPLY=()\n  case \"$cmd/$prev\" in\n";
  for (const Command& c : commands)
    for (const auto& [option, type] : c.values) {
      const std::string complete = complete_value(type);
      s += fmt::format("    '{}/{}') {}; return ;;\n", c.path, option,
                       complete.empty() ? "return" : "COMPREPLY=($(" + complete + "))");
    }
  s += "  esac\n  case \"$cmd\" in\n";
  for (const Command& c : commands) {
    s += fmt::format("    '{}')\n      if [[ $cur == -* ]]; then\n", c.path);
    s += fmt::format("        COMPREPLY=($(compgen -W '{}' -- \"$cur\"))\n", join(c.options));
    s += "      else\n";
    if (!c.subcommands.empty())
      s += fmt::format("        COMPREPLY=($(compgen -W '{}' -- \"$cur\"))\n", join(c.subcommands));
    else if (!c.positional_choices.empty())
      s +=
          fmt::format("        COMPREPLY=($(compgen -W '{}' -- \"$cur\"))\n", c.positional_choices);
    else if (c.positional_files)
      s += "        COMPREPLY=($(compgen -f -- \"$cur\"))\n";
    else
      s += "        :\n";
    s += "      fi ;;\n";
  }
  s += "  esac\n}\ncomplete -o filenames -F _iogate iogate\n";
  return s;
}

std::string zsh_script(CLI::App& root) {
  return "#compdef iogate\n"
         "# zsh completion for iogate, written by `iogate completion zsh`: the bash script,\n"
         "# read through zsh's bashcompinit.\n"
         "autoload -U +X bashcompinit && bashcompinit\n" +
         bash_script(root);
}

}  // namespace

void add_completion_command(CLI::App& app, int& exit_code) {
  struct Flags {
    std::string shell;
    std::string output = std::string(kStandardOutput);
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* sub = app.add_subcommand(
      "completion", "Print a shell completion script (bash or zsh) for iogate's commands");
  sub->add_option("shell", flags->shell, "The shell")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh"}));
  add_out_option(*sub, flags->output, "Write the script to this file (default: stdout)", true);
  sub->callback([&app, flags, &exit_code] {
    try {
      write_output_text(flags->output, flags->shell == "bash" ? bash_script(app) : zsh_script(app));
      exit_code = kExitOk;
    } catch (const std::exception& e) {
      std::cerr << "iogate completion: " << e.what() << '\n';
      exit_code = kExitBadInput;
    }
  });
}

}  // namespace iogate::cli
