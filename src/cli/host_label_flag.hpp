// --host-label of `iogate check` and `iogate run`: who this host is in the results, for `iogate
// fleet` (cloned VMs share a hostname). The flag wins over $IOGATE_HOST_LABEL, which is how
// suites under ctest get a label; without either the hostname is the host's identity.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace iogate::cli {

void add_host_label_flag(CLI::App& sub, std::optional<std::string>& label);

// The label (resolve_host_label: flag, environment, or "" for the hostname); or nothing after
// "iogate COMMAND: <reason>" went to stderr (the caller exits with kExitBadInput).
std::optional<std::string> choose_host_label(const char* command,
                                             const std::optional<std::string>& flag);

}  // namespace iogate::cli
