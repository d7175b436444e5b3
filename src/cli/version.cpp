// iogate --version: the version, then each I/O engine and whether this host can use it, since
// "which engine will my checks run on" depends on the build (was liburing found?) and the host
// (is io_uring allowed here?).
#include <fmt/format.h>

#include <string>

#include "commands.hpp"
#include "iogate/engine/io_backend.hpp"

namespace iogate::cli {

std::string version_text() {
  std::string text =
      std::string("iogate ") + IOGATE_VERSION + "\n" + "engines (\"auto\" takes the first usable):";
  for (const std::string_view engine : engine_names()) {
    std::string state;
    if (!engine_built_in(engine)) {
      state = "not built in";
    } else if (const auto why = backend_unavailable(engine)) {
      state = "built in, not usable here: " + *why;
    } else {
      state = "usable";
    }
    text += fmt::format("\n  {:<10}{}", engine, state);
  }
  return text;
}

}  // namespace iogate::cli
