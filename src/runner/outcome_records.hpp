// The record writers format (iogate/results/check_record.hpp), made from a judged check or from
// one that produced no result, and the record of a run's place and time. Both front ends record
// through the check runner (check_runner.hpp); `iogate run` records its single run here too.
#pragma once

#include <filesystem>
#include <string>

#include "check_session.hpp"
#include "iogate/results/check_record.hpp"

namespace iogate {

// The record of a judged run of `check`: its status, figures, evidence and failure lines.
CheckRecord make_check_record(const std::string& suite, const Check& check,
                              const CheckOutcome& outcome);

// The record of a check that produced no verdict: status error, `message` (starting with the
// check's name) saying why, no figures.
CheckRecord make_error_record(const std::string& suite, const Check& check, std::string message);

// The record of a run's place and time: version, host and its label (resolve_host_label's, or
// empty), UTC start, datastore (its storage stack is added once a check has read it).
RunContext describe_run(std::string suite, const std::filesystem::path& datastore,
                        std::string host_label);

}  // namespace iogate
