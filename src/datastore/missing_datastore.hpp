// A datastore that is not there, the same on every platform: where one would be created (for a
// build tree's default, DatastorePolicy::create_if_missing) and the refusal of a named one.
#pragma once

#include <filesystem>

namespace iogate::detail {

// The deepest ancestor of `path` that exists: where a missing datastore would be created.
std::filesystem::path nearest_existing(std::filesystem::path path);

// DatastoreError: a named datastore must exist.
[[noreturn]] void missing_datastore(const std::filesystem::path& datastore);

}  // namespace iogate::detail
