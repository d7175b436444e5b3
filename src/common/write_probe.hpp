// Before a long run: can its output be written at all? A read-only mount, a path through a
// regular file or a directory where a file should go is found in milliseconds here, instead of
// after every check has run (and the measurement is lost).
#pragma once

#include <filesystem>

#include "iogate/common/output_file.hpp"

namespace iogate {

// Throws std::system_error naming the path when `file` could not be created or replaced: it is
// a directory, or the directory it would go into (its nearest existing ancestor, when that
// directory is still to be made) refuses a new file; and what output_file.hpp would refuse (an
// unsafe directory as root; a file already there with IfExists::refuse). The probe creates and
// removes a hidden file there; nothing else is made, so a refused run leaves no directories behind.
void probe_writable_file(const std::filesystem::path& file, IfExists if_exists = IfExists::replace);

// The same for a directory files will be written into (made when missing).
void probe_writable_dir(const std::filesystem::path& dir);

}  // namespace iogate
