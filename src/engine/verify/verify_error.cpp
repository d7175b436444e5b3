// VerifyError's message: path, offset, the field, expected and found, and what that means.
#include <fmt/format.h>

#include "engine/verify.hpp"

namespace iogate {
namespace {

std::string value(VerifyField field, std::uint64_t v) {
  switch (field) {
    case VerifyField::magic:
    case VerifyField::crc32c:
    case VerifyField::run_id:
      return fmt::format("{:#x}", v);
    default:
      return std::to_string(v);
  }
}

const char* meaning(VerifyField field, std::uint64_t expected, std::uint64_t found) {
  switch (field) {
    case VerifyField::magic:
      return "no verify header: the write never reached the file (lost write) or something else "
             "overwrote the block";
    case VerifyField::crc32c:
      return "the block's bytes changed after they were written (corruption)";
    case VerifyField::length:
      return "the header's length is wrong (corruption or a torn write)";
    case VerifyField::run_id:
      return "the block holds data from before this run (lost write)";
    case VerifyField::offset:
      return "the block was written for another offset (misdirected write)";
    case VerifyField::generation:
      return found < expected ? "the block holds an older version of itself (lost write)"
                              : "the block claims a version never written (corruption)";
  }
  return "";
}

std::string message(const std::string& path, std::uint64_t offset, VerifyField field,
                    std::uint64_t expected, std::uint64_t found, std::uint64_t expected_high) {
  const std::string wanted =
      expected_high > expected
          ? fmt::format("{} to {}", value(field, expected), value(field, expected_high))
          : value(field, expected);
  return fmt::format("verify failed at offset {} of {}: {} expected {}, found {}: {}", offset, path,
                     verify_field_name(field), wanted, value(field, found),
                     meaning(field, expected, found));
}

}  // namespace

const char* verify_field_name(VerifyField field) {
  switch (field) {
    case VerifyField::magic:
      return "magic";
    case VerifyField::crc32c:
      return "crc32c";
    case VerifyField::length:
      return "length";
    case VerifyField::run_id:
      return "run_id";
    case VerifyField::offset:
      return "offset";
    case VerifyField::generation:
      return "generation";
  }
  return "?";
}

VerifyError::VerifyError(std::string path, std::uint64_t offset, VerifyField field,
                         std::uint64_t expected, std::uint64_t found, std::uint64_t expected_high)
    : std::runtime_error(message(path, offset, field, expected, found, expected_high)),
      path_(std::move(path)),
      offset_(offset),
      field_(field),
      expected_(expected),
      found_(found) {}

}  // namespace iogate
