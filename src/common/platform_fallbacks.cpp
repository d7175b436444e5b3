#include "platform_fallbacks.hpp"

#include <algorithm>
#include <mutex>

namespace iogate::detail {
namespace {

// Every sentence noted, in order; a window reads its tail. The log only grows by one entry a
// fallback a check, so it stays small for any suite.
struct Log {
  std::mutex mutex;
  std::vector<std::string> sentences;
};

Log& log() {
  static Log instance;
  return instance;
}

}  // namespace

void note_fallback(std::string sentence) {
  Log& l = log();
  const std::lock_guard lock(l.mutex);
  l.sentences.push_back(std::move(sentence));
}

FallbackWindow::FallbackWindow() {
  Log& l = log();
  const std::lock_guard lock(l.mutex);
  start_ = l.sentences.size();
}

std::vector<std::string> FallbackWindow::noted() const {
  Log& l = log();
  const std::lock_guard lock(l.mutex);
  std::vector<std::string> out;
  for (std::size_t i = start_; i < l.sentences.size(); ++i)
    if (std::find(out.begin(), out.end(), l.sentences[i]) == out.end())
      out.push_back(l.sentences[i]);
  return out;
}

}  // namespace iogate::detail
