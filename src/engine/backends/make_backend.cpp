// The backend registry. Each asynchronous engine is gated twice: at build time (its library was
// found: IOGATE_HAVE_LIBURING / IOGATE_HAVE_LIBAIO; the target is Windows: IOGATE_HAVE_IOCP) and
// at run time (its probe succeeds here). "auto" takes the first usable one of the platform's
// engines (io_uring, libaio, psync on Linux; iocp, psync on Windows) and says why it passed over
// the others; an engine asked for by name must be usable, or the run is refused.
#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "backends/psync_backend.hpp"
#include "iogate/engine/io_backend.hpp"
#ifdef IOGATE_HAVE_LIBURING
#include "backends/io_uring_backend.hpp"
#endif
#ifdef IOGATE_HAVE_LIBAIO
#include "backends/libaio_backend.hpp"
#endif
#ifdef IOGATE_HAVE_IOCP
#include "backends/iocp_backend.hpp"
#endif

namespace iogate {
namespace {

// Each platform knows its own engines only: a Linux run is not told about IOCP, nor a Windows
// run about io_uring.
#ifdef IOGATE_HAVE_IOCP
constexpr std::array<std::string_view, 2> kPreference{"iocp", "psync"};
constexpr const char* kKnown =
    "known engines: \"auto\" (the first usable of iocp, psync), \"iocp\", \"psync\"";
#else
constexpr std::array<std::string_view, 3> kPreference{"io_uring", "libaio", "psync"};
constexpr const char* kKnown =
    "known engines: \"auto\" (the first usable of io_uring, libaio, psync), \"io_uring\", "
    "\"libaio\", \"psync\"";
#endif

std::unique_ptr<IoBackend> construct(std::string_view name) {
#ifdef IOGATE_HAVE_LIBURING
  if (name == "io_uring") return std::make_unique<IoUringBackend>();
#endif
#ifdef IOGATE_HAVE_LIBAIO
  if (name == "libaio") return std::make_unique<LibaioBackend>();
#endif
#ifdef IOGATE_HAVE_IOCP
  if (name == "iocp") return std::make_unique<IocpBackend>();
#endif
  if (name == "psync") return std::make_unique<PsyncBackend>();
  return nullptr;
}

// The names in IOGATE_DISABLE_ENGINES, as written (unset: none).
std::vector<std::string_view> disabled_names() {
  const char* list = std::getenv("IOGATE_DISABLE_ENGINES");
  std::vector<std::string_view> names;
  if (list == nullptr || *list == '\0') return names;  // set empty: none disabled
  std::string_view rest(list);
  for (;;) {
    const std::size_t comma = rest.find(',');
    names.push_back(rest.substr(0, comma));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return names;
}

// IOGATE_DISABLE_ENGINES="io_uring,libaio" makes engines unusable on purpose: to see a fallback
// (and its note) on a machine where everything works, in tests and by hand.
bool disabled_by_environment(std::string_view name) {
  if (const std::optional<std::string> problem = disabled_engines_problem())
    throw std::invalid_argument(*problem);
  const std::vector<std::string_view> names = disabled_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Probes once per process: the answer does not change while it runs, and a probe costs a ring.
std::optional<std::string> probe_once(std::string_view name) {
  if (disabled_by_environment(name)) return std::string("disabled by IOGATE_DISABLE_ENGINES");
#ifdef IOGATE_HAVE_LIBURING
  if (name == "io_uring") {
    static const std::optional<std::string> why = probe_io_uring();
    return why;
  }
#endif
#ifdef IOGATE_HAVE_LIBAIO
  if (name == "libaio") {
    static const std::optional<std::string> why = probe_libaio();
    return why;
  }
#endif
#ifdef IOGATE_HAVE_IOCP
  if (name == "iocp") {
    static const std::optional<std::string> why = probe_iocp();
    return why;
  }
#endif
  if (name == "psync") return std::nullopt;
  return std::string("not built in (its library was not found when iogate was configured)");
}

}  // namespace

std::span<const std::string_view> engine_names() { return kPreference; }

std::optional<std::string> disabled_engines_problem() {
  for (const std::string_view name : disabled_names())
    if (std::find(kPreference.begin(), kPreference.end(), name) == kPreference.end())
      // Echoed only as far as a name goes, and quoted: the variable is the caller's own.
      return "IOGATE_DISABLE_ENGINES: unknown engine \"" + std::string(name.substr(0, 32)) +
             "\" (expected a comma-separated list, no spaces); " + kKnown;
  return std::nullopt;
}

bool engine_built_in(std::string_view name) {
#ifdef IOGATE_HAVE_LIBURING
  if (name == "io_uring") return true;
#endif
#ifdef IOGATE_HAVE_LIBAIO
  if (name == "libaio") return true;
#endif
#ifdef IOGATE_HAVE_IOCP
  if (name == "iocp") return true;
#endif
  return name == "psync";
}

std::optional<std::string> backend_unavailable(std::string_view name) {
  if (std::find(kPreference.begin(), kPreference.end(), name) == kPreference.end()) {
    return "unknown engine \"" + std::string(name) + "\"; " + kKnown;
  }
  return probe_once(name);
}

BackendChoice select_backend(std::string_view name) {
  if (name == "auto") {
    std::string passed_over;
    for (const std::string_view candidate : kPreference) {
      if (const auto why = backend_unavailable(candidate)) {
        passed_over += std::string(candidate) + ": unavailable (" + *why + "); ";
        continue;
      }
      std::string note = passed_over.empty()
                             ? "auto: " + std::string(candidate) + ", the first choice"
                             : passed_over + "using " + std::string(candidate);
      return {construct(candidate), std::move(note)};
    }
    throw std::invalid_argument("engine \"auto\": no engine is usable here: " + passed_over);
  }
  if (const auto why = backend_unavailable(name)) {
    // An unknown name is said as it is; a known one gets "not available" and the reason.
    if (std::find(kPreference.begin(), kPreference.end(), name) == kPreference.end()) {
      throw std::invalid_argument(*why);
    }
    throw std::invalid_argument("engine \"" + std::string(name) + "\" is not available: " + *why +
                                "; " + kKnown);
  }
  return {construct(name), "asked for " + std::string(name)};
}

std::unique_ptr<IoBackend> make_backend(std::string_view name) {
  return select_backend(name).backend;
}

}  // namespace iogate
