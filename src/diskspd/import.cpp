// `iogate import diskspd`'s file: a profile or command lines, told apart by what it holds, mapped
// by one mapping (profile_mapping.hpp), and the threshold file written from the checks.
#include <fmt/format.h>

#include "command_line.hpp"
#include "common/read_file.hpp"
#include "import/threshold_text.hpp"
#include "profile.hpp"
#include "profile_mapping.hpp"

namespace iogate::diskspd {

using import_core::ImportedCheck;

constexpr const char* kDiskspdFile = "a DiskSpd profile (XML) or command lines";

std::vector<ImportedCheck> import_profile_text(std::string_view text,
                                               const std::filesystem::path& path,
                                               const ProfileImportOptions& options, bool quotable) {
  if (looks_like_xml(text))
    return map_profile(parse_xml_input(text, path, kDiskspdFile, quotable), path, options);
  CommandLines lines = parse_command_lines(text, path, quotable);
  std::vector<ImportedCheck> checks;
  if (!lines.input.root->children.front()->children.empty())
    checks = map_profile(lines.input, path, options);
  if (lines.refused) throw *lines.refused;
  return checks;
}

std::vector<ImportedCheck> import_profile(const std::filesystem::path& path,
                                          const ProfileImportOptions& options) {
  InputText input;
  try {
    input = read_input_file(path, kMaxXmlBytes, kDiskspdFile);
  } catch (const FileReadError& e) {
    throw ThresholdError(SourceLocation{path, 0, 0}, "", e.problem());
  }
  return import_profile_text(input.text, path, options, input.quotable);
}

std::string profile_threshold_text(const std::filesystem::path& path,
                                   const std::vector<ImportedCheck>& checks,
                                   const import_core::ImportRequest& request) {
  import_core::ImportedFile out;
  out.header = fmt::format(
      "Imported from the DiskSpd file {} by `iogate import diskspd`.\n"
      "One check per <TimeSpan> of a profile, or per target of a command line; each workload\n"
      "key follows the element or flag it came from, or DiskSpd's default. iogate makes its own\n"
      "test file in the datastore's scratch area, never DiskSpd's target. The expectations are\n"
      "the ones given to the import.",
      path.string());
  out.description = fmt::format("DiskSpd file {}", path.filename().string());
  return import_core::threshold_text(out, checks, request);
}

}  // namespace iogate::diskspd
