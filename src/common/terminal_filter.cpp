#include "terminal_filter.hpp"

#include <iostream>

namespace iogate::detail {

namespace {

constexpr unsigned char kC1Lead = 0xC2;  // U+0080-U+009F are 0xC2 0x80 to 0xC2 0x9F in UTF-8

bool is_c1_tail(unsigned char c) { return c >= 0x80 && c <= 0x9F; }
bool is_continuation(unsigned char c) { return c >= 0x80 && c <= 0xBF; }

}  // namespace

bool ControlEscapingBuf::passes(unsigned char c) const {
  if (c == '\n' || c == '\t') return true;
  if (c == '\r') return keep_cr_;
  return c >= 0x20 && c != 0x7F;
}

void ControlEscapingBuf::escape(unsigned char c) {
  constexpr char kHex[] = "0123456789abcdef";
  const char text[] = {'\\', 'x', kHex[c >> 4], kHex[c & 0xF]};
  dest_->sputn(text, sizeof text);
}

void ControlEscapingBuf::put(unsigned char c) {
  if (held_lead_) {
    held_lead_ = false;
    if (is_c1_tail(c)) {
      escape(kC1Lead);
      escape(c);
      return;
    }
    dest_->sputc(static_cast<char>(kC1Lead));
    if (is_continuation(c)) {
      dest_->sputc(static_cast<char>(c));
      return;
    }
  }
  if (pending_ > 0 && is_continuation(c)) {
    --pending_;
    dest_->sputc(static_cast<char>(c));
    return;
  }
  pending_ = 0;
  if (c == kC1Lead) {
    held_lead_ = true;
  } else if (c >= 0xC3 && c <= 0xF4) {
    pending_ = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
    dest_->sputc(static_cast<char>(c));
  } else if (c < 0x80 && passes(c)) {
    dest_->sputc(static_cast<char>(c));
  } else {
    // A control, or a byte no UTF-8 character starts with here: a lone 0x9B is a terminal's CSI.
    escape(c);
  }
}

ControlEscapingBuf::int_type ControlEscapingBuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  put(static_cast<unsigned char>(traits_type::to_char_type(c)));
  return c;
}

std::streamsize ControlEscapingBuf::xsputn(const char* s, std::streamsize n) {
  // Runs of bytes that pass go on in one call: a report to standard output is mostly such a run.
  std::streamsize i = 0;
  while (i < n) {
    std::streamsize run = i;
    if (!held_lead_ && pending_ == 0)
      while (run < n && static_cast<unsigned char>(s[run]) < 0x80 &&
             passes(static_cast<unsigned char>(s[run])))
        ++run;
    if (run > i) {
      dest_->sputn(s + i, run - i);
      i = run;
      continue;
    }
    put(static_cast<unsigned char>(s[i++]));
  }
  return n;
}

int ControlEscapingBuf::sync() {
  // A 0xC2 at a flush is either half a character split by the writer or a stray byte; either
  // way it is no control, and holding it would delay the line.
  if (held_lead_) {
    held_lead_ = false;
    dest_->sputc(static_cast<char>(kC1Lead));
  }
  return dest_->pubsync();
}

void filter_standard_streams() {
  // Allocated once and never freed: std::cout and std::cerr are flushed after static objects are
  // destroyed, so the filter must outlive them.
  static ControlEscapingBuf* const out = new ControlEscapingBuf(std::cout.rdbuf(), true);
  static ControlEscapingBuf* const err = new ControlEscapingBuf(std::cerr.rdbuf(), false);
  std::cout.rdbuf(out);
  std::cerr.rdbuf(err);
}

void write_terminal_control(std::ostream& out, std::string_view control) {
  out.flush();
  if (auto* filter = dynamic_cast<ControlEscapingBuf*>(out.rdbuf())) {
    filter->pubsync();
    filter->dest()->sputn(control.data(), static_cast<std::streamsize>(control.size()));
  } else {
    out << control;
  }
}

}  // namespace iogate::detail
