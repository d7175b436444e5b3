// The threshold file written by `iogate import iometer` (icf_threshold_writer.hpp).
#include "icf_threshold_writer.hpp"

#include <fmt/format.h>

#include "import/threshold_text.hpp"

namespace iogate::iometer {

std::string threshold_text(const IcfFile& file, const std::vector<IcfCheck>& checks,
                           const import_core::ImportRequest& request) {
  import_core::ImportedFile out;
  out.header = fmt::format(
      "Imported from the IOMeter configuration file {} (IOMeter {}) by\n"
      "`iogate import iometer`. One check per IOMeter test; each workload key follows the\n"
      "IOMeter setting it came from, or what IOMeter always does. iogate makes its own test\n"
      "file in the datastore's scratch area, never IOMeter's targets. The expectations are the\n"
      "ones given to the import.",
      file.path.string(), file.version);
  out.description = fmt::format("IOMeter configuration {}", file.path.filename().string());
  if (file.setup.description && !file.setup.description->value.empty())
    out.description += ": " + file.setup.description->value;
  return import_core::threshold_text(out, checks, request);
}

}  // namespace iogate::iometer
