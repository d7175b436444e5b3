// The one mapping from a DiskSpd profile's tree to checks, whichever file the tree came from: an
// XML profile (xml_reader.hpp) or command lines (command_line.hpp). What each element becomes is
// src/diskspd/profile.hpp's list.
#pragma once

#include <filesystem>
#include <vector>

#include "profile.hpp"
#include "xml_reader.hpp"

namespace iogate::diskspd {

// Every time span of `input`, mapped; a setting that cannot be mapped is a ThresholdError at its
// line (and column, for a command line's flag) in `path`.
std::vector<import_core::ImportedCheck> map_profile(const XmlInput& input,
                                                    const std::filesystem::path& path,
                                                    const ProfileImportOptions& options);

}  // namespace iogate::diskspd
