#include "suggest.hpp"

#include <algorithm>
#include <numeric>

namespace iogate::cli {
namespace {

std::string strip_dashes(std::string_view name) {
  return std::string(name.substr(std::min(name.find_first_not_of('-'), name.size())));
}

std::vector<std::string> option_names(CLI::App& scope) {
  std::vector<std::string> names;
  for (const CLI::Option* option : scope.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    for (const std::string& name : option->get_snames()) names.push_back("-" + name);
  }
  return names;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                         const std::string& otherwise) {
  const std::optional<std::string> guess = closest(word, candidates);
  return guess ? "; did you mean \"" + *guess + "\"?" : otherwise;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // d[i][j]: distance between the first i characters of a and the first j of b.
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::optional<std::string> closest(std::string_view word,
                                   const std::vector<std::string>& candidates) {
  // Compared without their dashes: "-datastore" and "datastore" both mean "--datastore".
  const std::string bare = strip_dashes(word);
  if (bare.size() >= 3) {
    for (const std::string& candidate : candidates)
      if (strip_dashes(candidate).starts_with(bare)) return candidate;
  }
  const std::size_t limit = std::max<std::size_t>(2, bare.size() / 3);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    const std::size_t distance = edit_distance(bare, strip_dashes(candidate));
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::optional<std::string> unknown_argument_message(CLI::App& app) {
  // The innermost subcommand the parse reached, and what it could not place.
  CLI::App* scope = &app;
  std::string command = "iogate";
  while (!scope->get_subcommands().empty()) {
    scope = scope->get_subcommands().front();
    command += " " + scope->get_name();
  }
  const std::vector<std::string> left = scope->remaining();
  for (const std::string& arg : left) {
    if (arg == "--") break;
    if (arg.size() < 2 || arg[0] != '-') continue;
    const std::string name = arg.substr(0, arg.find('='));
    return command + ": unknown option \"" + name + "\"" +
           did_you_mean(name, option_names(*scope),
                        " (`" + command + " --help` lists the options)");
  }
  if (scope != &app || left.empty()) return std::nullopt;
  std::vector<std::string> subcommands;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    subcommands.push_back(sub->get_name());
  std::string listed;
  for (const std::string& name : subcommands) listed += (listed.empty() ? "" : ", ") + name;
  return "iogate: unknown subcommand \"" + left.front() + "\"" +
         did_you_mean(left.front(), subcommands, "; the subcommands are " + listed);
}

}  // namespace iogate::cli
