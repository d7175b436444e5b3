#include "iogate/runner/run_settings.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "common/display_text.hpp"
#include "common/switches.hpp"

namespace iogate {
namespace {

std::string flag_or_env(const std::optional<std::string>& flag, const char* env) {
  if (flag && !flag->empty()) return *flag;
  const char* value = std::getenv(env);
  return value != nullptr ? value : "";
}

void check_host_label(const std::string& label, const char* from) {
  if (const auto problem = host_label_problem(label))
    throw std::invalid_argument(fmt::format("{}: {}", from, *problem));
}

}  // namespace

std::string resolve_host_label(const std::optional<std::string>& flag) {
  if (flag) {
    check_host_label(*flag, "--host-label");
    return *flag;
  }
  const char* env = std::getenv("IOGATE_HOST_LABEL");
  if (env == nullptr || *env == '\0') return "";
  check_host_label(env, "IOGATE_HOST_LABEL");
  return env;
}

DatastoreChoice resolve_datastore(const DatastoreFlags& flags,
                                  const std::filesystem::path& fallback, bool create_fallback) {
  DatastoreChoice choice;
  if (flags.dir && !flags.dir->empty()) {
    choice.dir = *flags.dir;
  } else if (const char* env = std::getenv("IOGATE_DATASTORE"); env && *env) {
    choice.dir = env;
  } else if (!fallback.empty()) {
    choice.dir = fallback;
    choice.policy.create_if_missing = create_fallback;
  } else {
    throw DatastoreError(
        "no datastore named: pass --datastore DIR or set IOGATE_DATASTORE=DIR, an existing "
        "directory on the storage under test (iogate measures whatever disk holds it)");
  }
  // Before any message names it: the header line, the reports and every error would carry it.
  if (std::optional<std::string> why = path_control_problem(choice.dir.string()))
    throw DatastoreError("datastore " + printable(choice.dir.string()) + ": " + *why);
  choice.policy.allow_shared = flags.allow_shared || env_switch("IOGATE_ALLOW_SHARED_DATASTORE");
  choice.policy.require_mount = flags.require_mount || env_switch("IOGATE_REQUIRE_MOUNT");
  choice.policy.require_filesystem =
      flag_or_env(flags.require_filesystem, "IOGATE_REQUIRE_FILESYSTEM");
  choice.policy.require_device = flag_or_env(flags.require_device, "IOGATE_REQUIRE_DEVICE");
  return choice;
}

DatastorePolicy with_file_demands(DatastorePolicy policy, const ThresholdFile& file) {
  policy.require_mount = policy.require_mount || file.require_mount;
  if (policy.require_filesystem.empty()) policy.require_filesystem = file.require_filesystem;
  if (policy.require_device.empty()) policy.require_device = file.require_device;
  return policy;
}

std::filesystem::path resolve_baseline(const std::optional<std::string>& flag,
                                       const std::filesystem::path& fallback) {
  if (flag && !flag->empty()) return *flag;
  if (const char* env = std::getenv("IOGATE_BASELINE"); env && *env) return env;
  return fallback;
}

bool resolve_strict_baseline(bool flag) { return flag || env_switch("IOGATE_STRICT_BASELINE"); }

std::optional<Baseline> load_named_baseline(const std::filesystem::path& file) {
  if (file.empty()) return std::nullopt;
  try {
    return load_baseline(file);
  } catch (const BaselineError& e) {
    throw BaselineError(
        fmt::format("baseline {}: record it with `iogate baseline record`, or name an existing one "
                    "(--baseline, IOGATE_BASELINE or the suite's BASELINE)",
                    e.what()));
  }
}

}  // namespace iogate
