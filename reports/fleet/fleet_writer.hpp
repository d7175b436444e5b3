// The interface every format of a fleet comparison implements, beside the run's ReportWriter
// (report_writer.hpp): a writer is handed the fleet's record (results/fleet_record.hpp), whole, and
// writes it to the stream it was given. It computes nothing: every verdict, ratio and line comes
// from the record compare_fleet() made. A fleet's record is one document, not a stream of checks,
// so there is one call where the run's writers have three.
#pragma once

#include <ostream>

#include "results/fleet_record.hpp"

namespace iogate {

class FleetWriter {
 public:
  explicit FleetWriter(std::ostream& out) : out_(out) {}
  virtual ~FleetWriter() = default;
  FleetWriter(const FleetWriter&) = delete;
  FleetWriter& operator=(const FleetWriter&) = delete;

  virtual void write(const FleetRecord& record) = 0;

 protected:
  std::ostream& out() { return out_; }

 private:
  std::ostream& out_;
};

}  // namespace iogate
