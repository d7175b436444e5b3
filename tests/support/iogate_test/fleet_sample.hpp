// Fleets made in code for the fleet tests: hosts with one fingerprint (a VMware guest's disk
// behind mptspi), each with its own device name, running one check at a chosen IOPS.
#pragma once

#include <string>
#include <vector>

#include "fleet/fleet.hpp"

namespace iogate::test {

// A run of `seconds` at `iops`, 8 KiB reads, every I/O taking the latency that rate implies at
// queue depth 1 (so a slow host has a long latency too).
inline RunResult run_at(double iops, double seconds = 10) {
  RunResult r;
  r.engine = "psync";
  r.elapsed_s = seconds;
  r.ios_read = static_cast<std::uint64_t>(iops * seconds);
  r.bytes_read = r.ios_read * 8192;
  const auto latency_ns = static_cast<std::uint64_t>(1e9 / iops);
  for (int i = 0; i < 16; ++i) r.latency.record(latency_ns);
  return r;
}

inline WorkloadSpec workload(unsigned queue_depth = 64) {
  WorkloadSpec w;
  w.block_size = 8192;
  w.read_pct = 70;
  w.random_pct = 100;
  w.queue_depth = queue_depth;
  w.file_size = 1ull << 30;
  w.duration = std::chrono::seconds(10);
  return w;
}

inline StorageStack vmware_stack(int n) {
  StorageStack s;
  s.mount_point = "/mnt/ds" + std::to_string(n);
  s.filesystem = "ext4";
  s.device = "loop" + std::to_string(n);  // differs on every host by nature
  s.driver = "sd";
  s.scheduler = "mq-deadline";
  s.rotational = "0";
  s.logical_block_size = "512";
  s.physical_block_size = "512";
  s.vendor = "VMware";
  s.model = "Virtual disk";
  s.host_driver = "mptspi";
  s.kernel = "6.1.0-test";
  s.hypervisor = "VMware, Inc. VMware Virtual Platform";
  return s;
}

inline CheckRecord record(const std::string& check, double iops, unsigned queue_depth = 64) {
  CheckRecord c;
  c.suite = "vmware";
  c.check = check;
  c.workload = workload(queue_depth);
  c.result = run_at(iops);
  c.runs = 1;
  return c;
}

inline FleetInput host(const std::string& label, int n, std::vector<CheckRecord> checks) {
  FleetInput in;
  in.source = "results/" + label;
  in.run.context.host = "ubuntu";  // cloned VMs: one hostname, told apart by their labels
  in.run.context.host_label = label;
  in.run.context.stack = vmware_stack(n);
  in.run.checks = std::move(checks);
  return in;
}

// `iops[i]` is host vm0<i+1>'s figure of check "Random_8k_70_Read".
inline std::vector<FleetInput> fleet(const std::vector<double>& iops) {
  std::vector<FleetInput> out;
  for (std::size_t i = 0; i < iops.size(); ++i)
    out.push_back(host("vm0" + std::to_string(i + 1), static_cast<int>(i) + 1,
                       {record("Random_8k_70_Read", iops[i])}));
  return out;
}

// The writers' sample fleet: eight hosts, vm07 at a fifth of its peers behind another controller
// driver (BusLogic), vm02's check skipped. The check bounds nothing, so IOPS and MB/s are compared.
inline FleetRecord buslogic_fleet() {
  std::vector<FleetInput> in = fleet({390, 402, 385, 377, 398, 410, 75, 391});
  in[6].run.context.stack.host_driver = "BusLogic";
  in[1].run.checks[0].status = CheckStatus::skipped;
  in[1].run.checks[0].messages = {"Random_8k_70_Read: skipped: no baseline"};
  return compare_fleet(in, {});
}

inline const HostVerdict& verdict_of(const FleetRecord& r, const std::string& host,
                                     std::size_t group = 0) {
  for (const HostVerdict& h : r.groups.at(group).hosts)
    if (h.host == host) return h;
  throw std::logic_error("no host " + host);
}

}  // namespace iogate::test
