// What becomes of each fio option iogate does not turn into a workload key itself.
#include "option_catalogue.hpp"

#include <array>
#include <utility>

namespace iogate::fio_job::detail {
namespace {

// fio's own `.alias`es (options.c); a name fio does not list as an alias is not one here either.
constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kAliases{{
    {"readwrite", "rw"},
    {"blocksize", "bs"},
    {"blocksize_range", "bsrange"},
    {"timeout", "runtime"},
    {"ratemin", "rate_min"},
    {"io_limit", "io_size"},
    {"nr_files", "nrfiles"},
    {"bs_split", "bssplit"},
    {"wait_for_previous", "stonewall"},
    {"ss", "steadystate"},
    {"ss_dur", "steadystate_duration"},
    {"ss_ramp", "steadystate_ramp_time"},
    {"ss_interval", "steadystate_check_interval"},
    {"blockalign", "ba"},
}};

constexpr std::string_view kMapped[] = {"rw",
                                        "rwmixread",
                                        "rwmixwrite",
                                        "percentage_random",
                                        "bs",
                                        "bssplit",
                                        "iodepth",
                                        "numjobs",
                                        "size",
                                        "filesize",
                                        "io_size",
                                        "runtime",
                                        "time_based",
                                        "ramp_time",
                                        "direct",
                                        "buffered",
                                        "ioengine",
                                        "end_fsync",
                                        "fsync_on_close",
                                        "fsync",
                                        "fdatasync",
                                        "verify",
                                        "rate",
                                        "rate_iops",
                                        "name",
                                        "description",
                                        "stonewall",
                                        "filename",
                                        "directory",
                                        "kb_base",
                                        "overwrite",
                                        "sync",
                                        "bsrange",
                                        "loops",
                                        "number_ios",
                                        "random_generator",
                                        "rate_min",
                                        "wait_for",
                                        "rate_iops_min",
                                        "random_distribution",
                                        "thinktime",
                                        "thinktime_blocks",
                                        "thinktime_spin",
                                        "thinktime_blocks_type",
                                        "steadystate",
                                        "steadystate_duration",
                                        "steadystate_ramp_time",
                                        "steadystate_check_interval",
                                        "rate_process",
                                        "io_submit_mode",
                                        "ba",
                                        "prioclass",
                                        "prio",
                                        "cmdprio_percentage",
                                        "cmdprio_class",
                                        "cmdprio"};

struct Listed {
  std::string_view name;
  Treatment treatment;
  std::string_view why;
};

constexpr std::string_view kReport = "changes what fio reports, not the I/O";
constexpr std::string_view kPlace =
    "changes where fio's threads run, not the I/O; iogate does not "
    "pin its workers";

constexpr Listed kListed[] = {
    {"thread", Treatment::noted, "iogate's workers are threads anyway"},
    // Not `thread`: fio finds "threads" among its tiobench profile's options (profiles/tiobench.c,
    // registered into the same table), so a job file's threads= sets that profile's thread count
    // and nothing else; the job still runs as processes.
    {"threads", Treatment::noted,
     "fio takes this as its tiobench profile's thread count, which only --profile=tiobench uses: "
     "it is not `thread`, so fio runs the job as processes unless `thread` is set too; iogate's "
     "workers are threads either way"},
    {"group_reporting", Treatment::noted, "iogate reports each check as one, all workers merged"},
    {"new_group", Treatment::noted, kReport},
    {"unit_base", Treatment::noted, kReport},
    {"write_bw_log", Treatment::noted, kReport},
    {"write_lat_log", Treatment::noted, kReport},
    {"write_iops_log", Treatment::noted, kReport},
    {"write_hist_log", Treatment::noted, kReport},
    {"log_avg_msec", Treatment::noted, kReport},
    {"log_hist_msec", Treatment::noted, kReport},
    {"per_job_logs", Treatment::noted, kReport},
    {"clat_percentiles", Treatment::noted, kReport},
    {"lat_percentiles", Treatment::noted, kReport},
    {"slat_percentiles", Treatment::noted, kReport},
    {"percentile_list", Treatment::noted, kReport},
    {"gtod_reduce", Treatment::noted, kReport},
    {"disable_lat", Treatment::noted, kReport},
    {"disable_clat", Treatment::noted, kReport},
    {"disable_slat", Treatment::noted, kReport},
    {"disable_bw_measurement", Treatment::noted, kReport},
    {"cpus_allowed", Treatment::noted, kPlace},
    {"cpus_allowed_policy", Treatment::noted, kPlace},
    {"cpumask", Treatment::noted, kPlace},
    {"numa_cpu_nodes", Treatment::noted, kPlace},
    {"numa_mem_policy", Treatment::noted, kPlace},
    {"invalidate", Treatment::noted,
     "iogate starts every run on a file it has just written and flushed"},
    {"randrepeat", Treatment::noted, "iogate draws a fresh seed per run"},
    {"norandommap", Treatment::noted,
     "iogate draws every random offset on its own, as fio does with norandommap"},
    {"unlink", Treatment::noted, "iogate removes its test files after every check anyway"},
    {"startdelay", Treatment::noted,
     "iogate runs each check on its own, so there is nothing to "
     "wait for"},
    {"exitall", Treatment::noted, "iogate runs each check on its own"},
    {"exit_what", Treatment::noted, "iogate runs each check on its own"},
    {"refill_buffers", Treatment::noted, "iogate's written blocks differ from each other anyway"},
    {"scramble_buffers", Treatment::noted, "iogate's written blocks differ from each other anyway"},
    {"fixedbufs", Treatment::noted, "iogate registers its buffers with io_uring for direct I/O"},
    {"registerfiles", Treatment::noted, "iogate registers its file with io_uring"},
    {"fallocate", Treatment::noted, "iogate reserves its test file with fallocate"},
    // How the engine is driven, not what it issues: the same I/O at the same depth either way.
    {"sqthread_poll", Treatment::noted,
     "iogate submits from each worker's own thread, not from a kernel polling thread: the same "
     "I/O at the same depth, with a system call per submission instead of a spinning core"},
    {"sqthread_poll_cpu", Treatment::noted,
     "iogate has no kernel polling thread to place (see sqthread_poll)"},
    {"nonvectored", Treatment::noted,
     "iogate issues plain io_uring reads and writes (their fixed-buffer forms for direct I/O), "
     "never vectored ones"},
    {"userspace_reap", Treatment::noted,
     "iogate reaps libaio completions with io_getevents: the same I/O, reaped by a system call"},
    {"log_prio", Treatment::noted,
     "iogate reports the latency of the I/Os issued at cmdprio_class apart from the rest "
     "whenever a share has one"},
    {"cmdprio_bssplit", Treatment::refused,
     "iogate draws its prioritized I/Os over every block size (cmd_priority_share), not a share "
     "per size"},
    {"priohint", Treatment::refused, "iogate sets no priority hints (command duration limits)"},
    {"cmdprio_hint", Treatment::refused, "iogate sets no priority hints (command duration limits)"},
    {"trim", Treatment::refused, "iogate issues no trims"},
    {"numa", Treatment::refused, "iogate does not place memory"},
    {"nrfiles", Treatment::refused, "iogate runs one file per check"},
    {"openfiles", Treatment::refused, "iogate runs one file per check"},
    {"file_service_type", Treatment::refused, "iogate runs one file per check"},
    {"filename_format", Treatment::refused, "iogate names its own file in the scratch area"},
    {"offset", Treatment::refused, "iogate's I/O starts at the file's first block"},
    {"iodepth_batch", Treatment::refused, "iogate submits as fio does by default, no batching"},
    {"iodepth_batch_submit", Treatment::refused,
     "iogate submits as fio does by default, no batching"},
    {"iodepth_batch_complete", Treatment::refused,
     "iogate reaps as fio does by default, no batching"},
    {"iodepth_low", Treatment::refused, "iogate keeps its queue full"},
    {"hipri", Treatment::refused, "iogate does not poll for completions"},
    {"rw_sequencer", Treatment::refused, "iogate's sequential I/O continues where the last ended"},
    {"buffer_compress_percentage", Treatment::refused,
     "iogate does not make its blocks compressible, which changes what compressing storage does"},
    {"dedupe_percentage", Treatment::refused,
     "iogate does not repeat blocks, which changes what deduplicating storage does"},
    {"continue_on_error", Treatment::refused, "iogate stops a check at its first I/O error"},
    {"zonemode", Treatment::refused, "iogate runs on ordinary files, not zoned devices"},
};

}  // namespace

std::string canonical_option(std::string_view name) {
  for (const auto& [alias, real] : kAliases)
    if (name == alias) return std::string(real);
  return std::string(name);
}

OptionRule option_rule(std::string_view name) {
  for (std::string_view m : kMapped)
    if (name == m) return {Treatment::mapped, ""};
  for (const Listed& l : kListed)
    if (name == l.name) return {l.treatment, std::string(l.why)};
  if (name.starts_with("verify_") || name == "do_verify")
    return {Treatment::refused, "iogate verifies with its own block header and crc32c"};
  return {Treatment::refused,
          "not an option iogate's fio import supports (see docs/fio-import.md, installed in "
          "/usr/share/doc/iogate/docs/)"};
}

EngineChoice engine_for(std::string_view e) {
  if (e == "psync" || e == "pvsync" || e == "pvsync2")
    return {"psync",
            e == "psync" ? "" : "iogate issues the same reads and writes with pread/pwrite"};
  if (e == "sync" || e == "vsync")
    return {"psync", "iogate issues the same reads and writes with pread/pwrite"};
  // fio's own aliases (ioengines.c): "aio..." and "linuxaio..." load libaio.
  if (e == "libaio" || e.starts_with("aio") || e.starts_with("linuxaio"))
    return {"libaio", e == "libaio" ? "" : "fio loads libaio under this name"};
  if (e == "io_uring") return {"io_uring", ""};
  if (e == "posixaio")
    return {std::nullopt, "iogate has no POSIX AIO engine; libaio or io_uring issue the same I/O"};
  for (std::string_view remote : {"rbd", "rados", "net", "netsplice", "rdma", "nbd", "http", "nfs",
                                  "gfapi", "gfapi_async", "libhdfs", "dfs", "xnvme", "libcufile",
                                  "librpma_apm_client", "librpma_gpspm_client", "spdk"})
    if (e == remote) return {std::nullopt, "iogate runs local files only"};
  return {std::nullopt,
          "iogate issues reads and writes on a local file with psync, libaio or io_uring"};
}

}  // namespace iogate::fio_job::detail
