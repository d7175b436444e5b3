// The filter between iogate and its standard streams: controls and bytes that start no character
// as \xNN, everything else (valid UTF-8 included) byte for byte, whether written at once or a
// byte at a time.
#include "common/terminal_filter.hpp"

#include <gtest/gtest.h>

#include <ostream>
#include <sstream>
#include <string>

namespace iogate::detail {
namespace {

std::string filtered(const std::string& text, bool keep_cr, bool byte_at_a_time) {
  std::ostringstream sink;
  ControlEscapingBuf filter(sink.rdbuf(), keep_cr);
  std::ostream out(&filter);
  if (byte_at_a_time)
    for (const char c : text) out.put(c);
  else
    out << text;
  out.flush();
  return sink.str();
}

void expect_filtered(const std::string& text, const std::string& want, bool keep_cr = false) {
  EXPECT_EQ(filtered(text, keep_cr, false), want);
  EXPECT_EQ(filtered(text, keep_cr, true), want) << "a byte at a time";
}

TEST(TerminalFilter, PlainTextAndValidUtf8PassUnchanged) {
  expect_filtered("datastore /mnt/ds: ok\n\tindented\n", "datastore /mnt/ds: ok\n\tindented\n");
  expect_filtered("h\xc3\xb4te \xe2\x86\x92 \xf0\x9f\x92\xbe \xc2\xa0nbsp",
                  "h\xc3\xb4te \xe2\x86\x92 \xf0\x9f\x92\xbe \xc2\xa0nbsp");
}

TEST(TerminalFilter, ControlsAreShownAsHex) {
  expect_filtered("a\x1b[31mred", "a\\x1b[31mred");
  expect_filtered("x\ry\x7fz\x01", "x\\x0dy\\x7fz\\x01");
  expect_filtered("crlf\r\n", "crlf\r\n", /*keep_cr=*/true);
}

TEST(TerminalFilter, C1ControlsAndStrayBytesAreShownAsHex) {
  expect_filtered(
      "a\xc2\x9b"
      "1m",
      "a\\xc2\\x9b1m");  // U+009B, CSI, in UTF-8
  expect_filtered(
      "a\x9b"
      "1m",
      "a\\x9b1m");  // a lone CSI byte
  expect_filtered("\xff\xfe", "\\xff\\xfe");
  expect_filtered("\xe2\x86", "\xe2\x86");  // a character cut short passes: no control in it
}

TEST(TerminalFilter, TheTerminalsOwnSequenceGoesPastIt) {
  std::ostringstream sink;
  ControlEscapingBuf filter(sink.rdbuf(), false);
  std::ostream out(&filter);
  out << "before\x1b";
  write_terminal_control(out, "\r\x1b[K");
  out << "after";
  out.flush();
  EXPECT_EQ(sink.str(), "before\\x1b\r\x1b[Kafter");
}

}  // namespace
}  // namespace iogate::detail
