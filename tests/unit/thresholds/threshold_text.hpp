// Threshold files written in a test: one check's text with its expectations, and the error a
// text's parse throws.
#pragma once

#include <string>

#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::test {

// A file of one check "c" (4 KiB for 3 s over 64 MiB) whose [check.expect] is `expect`;
// `check_extra` goes into [[check]] before its workload.
inline std::string file_with(const std::string& expect, const std::string& check_extra = "") {
  return "[suite]\nname = \"s\"\n[[check]]\nname = \"c\"\n" + check_extra +
         "[check.workload]\nblock_size = \"4k\"\nduration = \"3s\"\nfile_size = \"64MiB\"\n"
         "[check.expect]\n" +
         expect + "\n";
}

// The ThresholdError's message parsing `text` as t.toml, or "no error".
inline std::string error_of(const std::string& text) {
  try {
    parse_threshold_text(text, "t.toml");
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace iogate::test
