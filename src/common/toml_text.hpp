// TOML values as a threshold file spells them, for the files iogate writes (`iogate propose`,
// `iogate import fio`): every value written reads back, through the threshold parser, as exactly
// the value it was made from (sizes and
// durations to the byte and the nanosecond, shares and rates to the last bit of the double).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iogate::toml_text {

// A TOML basic string with its quotes: '"', '\\' and control characters escaped.
std::string toml_string(std::string_view text);
// Text for a comment: one line, control characters (a newline in a device model would end the
// comment and put the rest into the TOML) as spaces.
std::string comment_text(std::string_view text);

// "1GiB", "64KiB" for an exact multiple of a binary unit, else the bare count of bytes.
std::string size_value(std::uint64_t bytes);
// "2m", "1h", "15s", "250ms", "1500us", "7ns": the largest unit that holds it whole.
std::string duration_value(std::chrono::nanoseconds d);
// "70%" for a whole share, else the double as a bare TOML float (a bare number is a share).
std::string share_value(double pct);
// The shortest text that reads back as the same double: an integer or a TOML float.
std::string number_value(double x);

// A value as a user gave it on the command line ("1000", "2.5", "90%", "5m"): a plain decimal
// number as a bare TOML number, anything else as a TOML string.
std::string given_value(std::string_view text);
// The number a given value is when given_value writes it bare ("2.5"), else none ("90%").
std::optional<double> plain_number(std::string_view text);

// A bound already rounded to three significant digits, as written: "2270", "11.1", "0.0123".
std::string three_digit_text(double x);
// A time bound (seconds) already rounded to three significant digits, with the unit that keeps
// the number at or above 1: "12.5s", "125ms", "85.2us".
std::string three_digit_duration(double seconds);

}  // namespace iogate::toml_text
