#include "host_label_flag.hpp"

#include <iostream>
#include <stdexcept>

#include "iogate/runner/run_settings.hpp"

namespace iogate::cli {

void add_host_label_flag(CLI::App& sub, std::optional<std::string>& label) {
  sub.add_option("--host-label", label,
                 "This host's name in the results, for `iogate fleet` (else $IOGATE_HOST_LABEL, "
                 "else the hostname)");
}

std::optional<std::string> choose_host_label(const char* command,
                                             const std::optional<std::string>& flag) {
  try {
    return resolve_host_label(flag);
  } catch (const std::invalid_argument& e) {
    std::cerr << "iogate " << command << ": " << e.what() << '\n';
    return std::nullopt;
  }
}

}  // namespace iogate::cli
