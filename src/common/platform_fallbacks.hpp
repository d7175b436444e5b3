// What this process did instead where the platform lacked a call: a kernel without fallocate,
// flock or statx, a filesystem that refuses O_DIRECT (the ESXi shell's userworld is such a
// platform). The code that falls back notes it here as one sentence ("fallocate: Function not
// implemented; the test file was written instead"); the check runner takes the sentences noted
// while a check ran onto that check's line, so a figure measured another way says so.
//
// Process-wide, like the platform it describes, and thread-safe: engine workers and the scratch
// area note from wherever they are. A sentence noted twice within one window is kept once.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace iogate::detail {

void note_fallback(std::string sentence);

// The sentences noted from its construction on, each once, in the order first noted.
class FallbackWindow {
 public:
  FallbackWindow();
  std::vector<std::string> noted() const;

 private:
  std::size_t start_;
};

}  // namespace iogate::detail
