// One filter for every byte iogate prints on standard output and standard error. Messages carry
// text iogate did not write: a datastore path, an IOGATE_* value, a file name. Printed raw, an ESC
// sequence in one rewrites the terminal or a CI log's colours, and a CR fakes a line of its own.
// The filter writes C0 control characters (but '\n' and '\t'; '\r' on standard output, where the
// IOMeter CSV's CRLF goes), DEL, the C1 controls (U+0080-U+009F) and bytes that start no UTF-8
// character (a lone 0x9B is CSI to an 8-bit terminal) as "\xNN", as display_text.hpp's printable
// does in the report files. Everything else passes unchanged and unbuffered, so the
// order with C stdio holds.
#pragma once

#include <ostream>
#include <streambuf>
#include <string_view>

namespace iogate::detail {

class ControlEscapingBuf : public std::streambuf {
 public:
  ControlEscapingBuf(std::streambuf* dest, bool keep_cr) : dest_(dest), keep_cr_(keep_cr) {}
  std::streambuf* dest() const { return dest_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool passes(unsigned char c) const;
  void escape(unsigned char c);
  void put(unsigned char c);
  std::streambuf* dest_;
  bool keep_cr_;
  bool held_lead_ = false;  // a 0xC2 held until the next byte says whether it starts a C1 control
  int pending_ = 0;         // continuation bytes the UTF-8 character being written still has
};

// Puts the filter between std::cout and std::cerr and their streams, for the rest of the process
// (never removed: an exit from anywhere still flushes through it).
void filter_standard_streams();

// Writes `control`, a terminal's own sequence ("\r\x1b[K": back to the line's start, erase it),
// past the filter when `out` has one: what a live progress line redraws with.
void write_terminal_control(std::ostream& out, std::string_view control);

}  // namespace iogate::detail
