// Data verification: what a verified run writes into every block, and the error a failed check
// throws.
//
// With `verify` on, every written block starts with a 40-byte header, native byte order:
//
//   u32 magic       0x56474f49 ("IOGV")
//   u32 length      the block's length in bytes
//   u64 offset      where in the file the block was meant to land
//   u64 run_id      random per run: data left by another run is never taken for this one's
//   u64 generation  1 for the block's first write in this run, 2 for its second ...
//   u32 crc32c      of the whole block (header with this field 0, then the payload)
//   u32 reserved    0
//
// A read of a block this run has written is checked field by field, in an order that names the
// failure: magic (no header: the write never landed), crc32c (the bytes changed: corruption),
// length, run_id (stale data from before this run: a lost write), offset (a block meant for
// another offset: a misdirected write), generation (an older version of this block: a lost
// write). Blocks never written in this run are not checked.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace iogate {

enum class VerifyField { magic, crc32c, length, run_id, offset, generation };

// "magic", "crc32c", "length", "run_id", "offset", "generation".
const char* verify_field_name(VerifyField field);

class VerifyError : public std::runtime_error {
 public:
  // `expected_high` > `expected` when any value in [expected, expected_high] was acceptable
  // (a read that raced a write to the same block).
  VerifyError(std::string path, std::uint64_t offset, VerifyField field, std::uint64_t expected,
              std::uint64_t found, std::uint64_t expected_high = 0);

  const std::string& path() const { return path_; }
  std::uint64_t offset() const { return offset_; }
  VerifyField field() const { return field_; }
  std::uint64_t expected() const { return expected_; }
  std::uint64_t found() const { return found_; }

 private:
  std::string path_;
  std::uint64_t offset_;
  VerifyField field_;
  std::uint64_t expected_;
  std::uint64_t found_;
};

}  // namespace iogate
