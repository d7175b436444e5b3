#include "output_flag.hpp"

namespace iogate::cli {

CLI::Option* add_out_option(CLI::App& sub, std::string& out, const std::string& help,
                            bool reads_old_output_spelling) {
  CLI::Option* option = sub.add_option("-o,--out", out, help);
  if (!reads_old_output_spelling) return option;
  // The old spelling: an empty group keeps it out of --help, the man pages and the completion.
  CLI::Option* old = sub.add_option("--output", out, "The old spelling of --out")->group("");
  old->excludes(option);
  return option;
}

}  // namespace iogate::cli
