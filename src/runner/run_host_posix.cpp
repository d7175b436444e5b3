#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "run_host.hpp"

namespace iogate::detail {

std::string host_name() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) return "";
  return host;
}

DirIdentity identify_dir(const std::filesystem::path& dir) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) return {.error = std::strerror(errno)};
  return {.found = true, .device = st.st_dev, .file_id = st.st_ino, .error = {}};
}

}  // namespace iogate::detail
