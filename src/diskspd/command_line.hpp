// DiskSpd command lines (`diskspd [flags] target...`, as its usage text, VMFleet's sweeps and the
// how-tos write them; a .cmd, .bat or .txt, CRLF or LF) read into the profile DiskSpd itself makes
// of a command line (what `diskspd -Rpxml` prints), so a line and an XML profile share one mapping
// to checks (profile.cpp). Each element carries the token and column it came from.
//
// Read as DiskSpd's CmdLineParser.cpp reads argv: flags are single tokens ("-b8K", never "-b 8K"),
// start with - or /, and come before the targets; sizes are bytes or take K, M, G, T (KiB ...) or
// b (blocks of -b, wherever -b stands on the line). One time span per target: DiskSpd runs a
// line's targets together, iogate one check per target (the mapping notes it).
//
// The script around the lines: blank lines, comments (`#`, `::`, `REM`), `@echo off` and the
// commands that change nothing DiskSpd does (echo, set, setlocal, endlocal, cd, pause, cls, title,
// timeout) are read past; output redirections (`> out.txt`, `2>&1`) are dropped. Refused, at the
// line and column, never guessed: a variable (`%NAME%`, `%1`: its value is the script's when it
// runs), `^`, `&`, `|`, an unclosed quote, any other command, a flag after a target, a flag iogate
// does not know, -X (import the profile itself), -y events, and targets that are devices: a
// physical disk (`#1`), a volume (`D:`) or `\\.\...`.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>

#include "iogate/common/threshold_error.hpp"

#include "xml_reader.hpp"

namespace iogate::diskspd {

// Whether `text` is XML (its first character past a byte order mark and blanks is `<`) rather
// than command lines: DiskSpd's files are told apart by what they hold, not by their names.
bool looks_like_xml(std::string_view text);

// The profile of the DiskSpd lines of `text`, as if read from `path`, up to the first line this
// reader refuses, whose ThresholdError (at its line and column) is `refused`: the caller maps the
// lines before it first, so a file is refused at its first line that cannot be honoured, whichever
// reader refuses it. `quotable` as for XML input (xml_reader.hpp).
struct CommandLines {
  XmlInput input;
  std::optional<ThresholdError> refused;
};
CommandLines parse_command_lines(std::string_view text, const std::filesystem::path& path,
                                 bool quotable = true);

}  // namespace iogate::diskspd
