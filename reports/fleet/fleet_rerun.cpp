// rerun.txt (fleet_formats.hpp): the hosts to rerun, a line each; empty when none. For a
// pipeline's shell: `grep -qx "$LABEL" rerun.txt` needs no JSON parser on the host.
#include "fleet_formats.hpp"

namespace iogate {
namespace {

class FleetRerunWriter final : public FleetWriter {
 public:
  using FleetWriter::FleetWriter;
  void write(const FleetRecord& record) override {
    for (const std::string& host : record.rerun_hosts()) out() << host << '\n';
  }
};

}  // namespace

std::unique_ptr<FleetWriter> make_fleet_rerun_writer(std::ostream& out) {
  return std::make_unique<FleetRerunWriter>(out);
}

}  // namespace iogate
