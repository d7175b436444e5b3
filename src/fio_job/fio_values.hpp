// fio's option values, read as fio reads them (parse.c: str_to_decimal, get_mult_bytes,
// get_mult_time, check_int), so a job file means here what it means to fio. Where fio would take a
// value silently in a way its author almost surely did not mean, the value is refused instead,
// with what fio would have done:
//
// Sizes (`bs`, `size`, `rate` ...): an integer (decimal, or hex with 0x) and a suffix, case
// ignored. With kb_base = 1024 (fio's default): k/kb = 1024, m/mb = 1024^2, g, t, p likewise,
// and - fio's "compatibility mode" - kib = 1000, mib = 1000^2 ...; with kb_base = 1000 the other
// way round (k = 1000, kib = 1024). A suffix is read from its first letter(s) as fio does ("4kbyte"
// is 4 KiB); "b" or none is bytes.
//   refused: a fraction ("1.5g" is 1 byte to fio: it stops at the '.'), a suffix fio does not know
//   ("4x" is 4 bytes to fio), a percentage ("50%" is a share of a device), an arithmetic
//   expression ("(4*1024)"), a negative size.
// Times (`runtime`, `ramp_time`): an integer and a suffix us/usec, ms/msec, s, m, h, d, case
// ignored; none is seconds (microseconds for thinktime, as fio reads it).
//   refused: any other suffix: fio reads "10sec" and "10min" as 10 microseconds.
// Integers (`iodepth`, `numjobs`, `rwmixread`): decimal or 0x hex, as sscanf("%u").
// Booleans (`direct`, `end_fsync`): an integer, 0 or 1; a bare `direct` is an error, as in fio.
// Set options (`time_based`, `stonewall`): bare, or an integer (0 turns it off).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace iogate::fio_job {

// What a value parser throws: what() says what was expected; the caller adds file, line, option.
class ValueError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

std::uint64_t fio_size(std::string_view text, unsigned kb_base = 1024);
// `bare`: what a number without a unit counts (seconds for runtime, microseconds for thinktime).
std::chrono::microseconds fio_time(std::string_view text,
                                   std::chrono::microseconds bare = std::chrono::seconds(1));
std::uint64_t fio_int(std::string_view text);
bool fio_bool(const std::optional<std::string>& value);
bool fio_set(const std::optional<std::string>& value);

}  // namespace iogate::fio_job
