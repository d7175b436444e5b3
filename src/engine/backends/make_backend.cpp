// The backend registry. "auto" takes the first available in order of preference; only psync is
// built so far (io_uring and libaio will slot in ahead of it, each behind its own probe).
#include <stdexcept>
#include <string>

#include "backends/psync_backend.hpp"
#include "iogate/engine/io_backend.hpp"

namespace iogate {
namespace {

constexpr const char* kKnown =
    "known engines: \"psync\", \"auto\" (the best available, now psync); "
    "\"io_uring\" and \"libaio\" are not built yet";

}  // namespace

std::unique_ptr<IoBackend> make_backend(std::string_view name) {
  if (name == "psync" || name == "auto") return std::make_unique<PsyncBackend>();
  const std::string quoted = "\"" + std::string(name) + "\"";
  if (name == "io_uring" || name == "libaio") {
    throw std::invalid_argument("engine " + quoted + " is not available in this build; " + kKnown);
  }
  throw std::invalid_argument("unknown engine " + quoted + "; " + kKnown);
}

}  // namespace iogate
