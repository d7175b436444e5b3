// Private to the fio job mapping: what iogate does with each fio option it does not map to a
// workload key, and the engines. One home for the lists job_mapping.hpp describes.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iogate::fio_job::detail {

enum class Treatment {
  mapped,  // a part of the mapping (job_mapper.hpp) gives it a meaning
  noted,   // accepted: it changes reporting, logging or placement, not the I/O
  refused,
};

struct OptionRule {
  Treatment treatment;
  std::string why;  // for noted and refused: what it does and why iogate takes it so
};

// fio's aliases by the name fio documents them under: readwrite -> rw, blocksize -> bs ...
std::string canonical_option(std::string_view name);

// The rule for option `name` (canonical); an option fio does not have, or that iogate does not
// know, is refused with a reason saying so.
OptionRule option_rule(std::string_view name);

// "psync", "libaio" or "io_uring" for an fio engine iogate runs the same I/O with, or the reason
// it is refused.
struct EngineChoice {
  std::optional<std::string> engine;
  std::string why;  // refused: why; taken under another name: the note
};
EngineChoice engine_for(std::string_view fio_engine);

}  // namespace iogate::fio_job::detail
