// One spelling of a datastore's path, so the same datastore named two ways is one: "ds", "./ds/"
// and "/srv/ds" (from /srv) are the same directory, and a history, a baseline's "changed since"
// line and the fleet must not count them as two.
#pragma once

#include <filesystem>
#include <string>

namespace iogate {

// What a record keeps of the datastore it ran on: absolute (from the working directory of the
// run), without "." or ".." steps or a trailing separator. Symbolic links are not resolved: the
// path is the one the operator named and the trust checks held.
std::filesystem::path recorded_datastore(const std::filesystem::path& dir);

// What two recorded paths are compared by: recorded_datastore's form with '/' as separator, so a
// Windows host's "D:\iogate" and "D:/iogate" are one datastore too. A relative path recorded by
// an older iogate is compared as it is.
std::string datastore_spelling(const std::string& recorded);

}  // namespace iogate
