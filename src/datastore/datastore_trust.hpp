// Whether root may write in a datastore: the rule ssh's StrictModes applies to ~/.ssh
// (path_trust.hpp, shared with every output directory).
//
// Run as root (euid 0), iogate refuses a datastore that another user owns, or that is group- or
// world-writable without the sticky bit, and likewise any directory on the way to it: each of
// those lets another user rename entries under root's feet (the datastore itself, or a scratch
// directory in it) and swap in a symlink. The scratch area works through directory descriptors
// either way (scratch_identity.hpp), so what such a user can still do is make a run fail, and
// point the datastore path somewhere else before it is opened; hence the refusal, with an opt-in
// (--allow-shared-datastore, IOGATE_ALLOW_SHARED_DATASTORE=1) for a datastore shared on purpose.
//
// The ancestors checked are the directories holding each component of the path as given (so a
// symlink planted in a writable directory is caught) and of the path it resolves to; a few
// stat(2) calls, no walk of the tree. An unprivileged run is not checked: it can only be sent
// where its own user may write anyway.
#pragma once

#include <filesystem>

#include "common/path_trust.hpp"

namespace iogate::detail {

// Checks the datastore open as `fd` (found at `datastore`) and its ancestors for a run as the
// current euid; throws DatastoreError (scratch_area.hpp) naming the directory, why, and the opt-in.
void check_datastore_trust(int fd, const std::filesystem::path& datastore);

}  // namespace iogate::detail
