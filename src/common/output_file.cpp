#include "iogate/output_file.hpp"

#include <fcntl.h>
#include <stdio.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "iogate/path_trust.hpp"
#include "unique_fd.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(int error, const std::string& what, const fs::path& path) {
  throw std::system_error(error, std::generic_category(), what + " " + path.string());
}

using Fd = detail::UniqueFd;

bool shared_output_allowed() {
  const char* v = std::getenv("IOGATE_ALLOW_SHARED_OUTPUT");
  return v != nullptr && std::strcmp(v, "1") == 0;
}

[[noreturn]] void refuse_unsafe(const fs::path& dir, const UntrustedDirectory& found) {
  const std::string where =
      found.dir == dir ? ""
                       : fmt::format(": the directory {} on the way to it", found.dir.string());
  throw UnsafeOutputError(fmt::format(
      "output directory {}{} is {}, and iogate runs as root: another user could swap what root "
      "writes there for a symlink. Write into a directory only root can change (chown root, "
      "chmod go-w or +t), or, if it is shared on purpose, set IOGATE_ALLOW_SHARED_OUTPUT=1",
      dir.string(), where, found.why));
}

// The directory itself when it exists, else its nearest existing ancestor (which must be a
// directory: a regular file on the way is named).
fs::path existing_base(const fs::path& dir) {
  fs::path at = dir;
  for (;;) {
    struct stat st {};
    if (::stat(at.c_str(), &st) == 0) {
      if (S_ISDIR(st.st_mode)) return at;
      if (at == dir) fail(ENOTDIR, "write into", at);
      fail(ENOTDIR, "create directory " + dir.string() + " in", at);
    }
    if (errno != ENOENT && errno != ENOTDIR) fail(errno, "stat", at);
    if (!at.has_relative_path()) return at;
    at = at.parent_path();
    if (at.empty()) return ".";
  }
}

void check_trust(int fd, const fs::path& dir) {
  if (::geteuid() != 0 || shared_output_allowed()) return;
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail(errno, "fstat", dir);
  if (auto why = trust_problem(st, 0)) refuse_unsafe(dir, {dir, std::move(*why)});
  if (const auto found = untrusted_ancestor(dir)) refuse_unsafe(dir, *found);
}

// The output directory, made when missing (after its nearest existing ancestor passed the trust
// rule, so root never makes directories where another user could move them), held open.
Fd open_output_dir(const fs::path& dir) {
  const fs::path base = existing_base(dir);
  if (base != dir) {
    const Fd held(::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (held.get() < 0) fail(errno, "open", base);
    check_trust(held.get(), base);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) fail(ec.value(), "create directory", dir);
  }
  Fd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() < 0) fail(errno, "open", dir);
  check_trust(fd.get(), dir);
  return fd;
}

std::string random_name() {
  unsigned char bytes[8];
  std::size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = ::getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(errno, "getrandom", "");
    got += static_cast<std::size_t>(n);
  }
  std::string name = ".iogate-";
  for (const unsigned char b : bytes) name += fmt::format("{:02x}", b);
  return name + ".tmp";
}

void write_all(int fd, std::string_view text, const fs::path& path) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(errno, "write", path);
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

// One file of a set: its directory held open, its content in a temporary file there.
struct Staged {
  fs::path target;
  Fd dir;
  std::string name;  // the target's name in `dir`
  std::string tmp;   // the temporary file's name in `dir`, empty once renamed or removed
};

void remove_temporaries(std::vector<Staged>& staged) {
  for (Staged& s : staged)
    if (!s.tmp.empty()) ::unlinkat(s.dir.get(), s.tmp.c_str(), 0);
}

Staged stage(const fs::path& target, std::string_view content, IfExists if_exists) {
  const fs::path name = target.filename();
  if (name.empty() || name == "." || name == "..")
    fail(EISDIR, "write", target);  // "reports/", "." : a directory, not a file name
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  Staged s{target, open_output_dir(dir), name.string(), {}};
  struct stat st {};
  if (::fstatat(s.dir.get(), s.name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (S_ISDIR(st.st_mode)) fail(EISDIR, "write", target);
    if (if_exists == IfExists::refuse)
      throw OutputExistsError(target.string() + ": exists; give --force to replace it");
  } else if (errno != ENOENT) {
    fail(errno, "stat", target);
  }
  Fd file;
  for (int attempt = 0; file.get() < 0; ++attempt) {
    std::string tmp = random_name();
    const int fd = ::openat(s.dir.get(), tmp.c_str(),
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd >= 0) {
      file = Fd(fd);
      s.tmp = std::move(tmp);
    } else if (errno != EEXIST || attempt == 8) {
      fail(errno, "create a file beside", target);
    }
  }
  try {
    write_all(file.get(), content, target);
    if (::fsync(file.get()) != 0) fail(errno, "fsync", target);
    if (file.close() != 0) fail(errno, "close", target);
  } catch (...) {
    ::unlinkat(s.dir.get(), s.tmp.c_str(), 0);
    throw;
  }
  return s;
}

void move_into_place(Staged& s, IfExists if_exists) {
  const int dir = s.dir.get();
  if (if_exists == IfExists::replace) {
    if (::renameat(dir, s.tmp.c_str(), dir, s.name.c_str()) != 0)
      fail(errno, "rename to", s.target);
  } else if (::renameat2(dir, s.tmp.c_str(), dir, s.name.c_str(), RENAME_NOREPLACE) != 0) {
    int err = errno;
    // Filesystems without RENAME_NOREPLACE: link + unlink refuses an existing name just as well.
    if ((err == EINVAL || err == ENOSYS) &&
        ::linkat(dir, s.tmp.c_str(), dir, s.name.c_str(), 0) == 0) {
      ::unlinkat(dir, s.tmp.c_str(), 0);
      s.tmp.clear();
      return;
    }
    if (err == EINVAL || err == ENOSYS) err = errno;
    if (err == EEXIST)
      throw OutputExistsError(s.target.string() + ": exists; give --force to replace it");
    fail(err, "rename to", s.target);
  }
  s.tmp.clear();
}

}  // namespace

void check_output_allowed(const fs::path& path, IfExists if_exists) {
  if (is_standard_output(path)) return;
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const fs::path base = existing_base(dir);
  const Fd held(::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (held.get() < 0) fail(errno, "open", base);
  check_trust(held.get(), base);
  if (base != dir) return;  // nothing can be there yet
  struct stat st {};
  const std::string name = path.filename().string();
  if (name.empty() || ::fstatat(held.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) return;
  if (S_ISDIR(st.st_mode)) fail(EISDIR, "write", path);
  if (if_exists == IfExists::refuse)
    throw OutputExistsError(path.string() + ": exists; give --force to replace it");
}

void write_outputs(const std::vector<OutputFile>& files, IfExists if_exists) {
  std::vector<std::string> contents;
  for (const OutputFile& f : files) {
    std::ostringstream out;
    f.write(out);
    contents.push_back(std::move(out).str());
  }
  std::vector<Staged> staged;
  try {
    for (std::size_t i = 0; i < files.size(); ++i)
      if (!is_standard_output(files[i].path))
        staged.push_back(stage(files[i].path, contents[i], if_exists));
    for (Staged& s : staged) move_into_place(s, if_exists);
  } catch (...) {
    remove_temporaries(staged);
    throw;
  }
  for (const Staged& s : staged) ::fsync(s.dir.get());  // the new names survive a crash
  for (std::size_t i = 0; i < files.size(); ++i)
    if (is_standard_output(files[i].path)) {
      std::fflush(stdout);  // after what the program printed before, never inside it
      write_all(STDOUT_FILENO, contents[i], "standard output");
    }
}

void write_output(const fs::path& path, const std::function<void(std::ostream&)>& write,
                  IfExists if_exists) {
  write_outputs({{path, write}}, if_exists);
}

void write_output_text(const fs::path& path, std::string_view text, IfExists if_exists) {
  write_outputs({{path, [text](std::ostream& out) { out << text; }}}, if_exists);
}

}  // namespace iogate
