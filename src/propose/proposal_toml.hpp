// A proposal (propose.hpp) written as a threshold file: a header naming the recording, its host,
// time and storage stack, the margin and the rules; then per check a comment saying what was
// measured, when and on which stack, its workload with every key spelled out (so that a later
// change of a default cannot change what the gate runs), and its bounds, each with how it was set.
//
// The text is parsed back by the threshold parser before it is handed out: each check must lint,
// run exactly the workload recorded (the workload codec's JSON, without the seed, which every run
// draws afresh, compared field by field) and hold exactly the bounds proposed. A workload the
// threshold format cannot spell is refused here rather than written as a different one.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "propose.hpp"

namespace iogate {

class ProposalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The threshold file's text, as if it were to be read from `as` (error messages name it).
// Throws ProposalError naming the check and what would differ.
std::string proposal_toml(const Proposal& proposal, const std::filesystem::path& as);

}  // namespace iogate
