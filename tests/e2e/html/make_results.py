#!/usr/bin/python3
# make_results.py: result documents for the HTML end-to-end tests, made from the writers' golden
# results (tests/data/reports/results.json), so the pages are of known figures.
#
#   make_results.py pages SRC OUT    OUT/pass.json: the passing check alone, with a latency bound
#                                    and a partial last interval; OUT/fail.json: every check;
#                                    OUT/offscale.json: the passing check failing an iops_min
#                                    446 times its figure; OUT/duration.json: seed 000's shape,
#                                    the passing check repeated three times and failing a
#                                    duration_max, and the failing check undecided against its
#                                    baseline after one run (an interval of one end)
#   make_results.py runs SRC OUT N K FACTOR [DATASTORE]
#                                    OUT/run-1 .. OUT/run-N: per-check documents of the passing
#                                    and the failing check, a day apart, their I/Os within 1% of
#                                    the golden figures, times FACTOR from run K on
#   make_results.py workload-change SRC OUT N K FACTOR
#                                    the same, and the checks' queue depth four times deeper
#                                    from run K on: a workload change, not a figure's
import copy, json, os, sys


def check_documents(doc, checks, started_at, datastore=None):
    out = []
    for c in checks:
        one = copy.deepcopy(c)
        for key, value in doc["context"].items():
            if key != "suite":
                one[key] = value
        one["started_at"] = started_at
        if datastore:
            one["datastore"] = datastore
        one["format"], one["version"] = "iogate-check", doc["version"]
        out.append(one)
    return out


def scale(result, factor):
    for key in ("ios_read", "ios_written", "bytes_read", "bytes_written"):
        result[key] = int(round(result[key] * factor))
    # The latencies with them: a histogram holds no more values than the run has I/Os (rounded
    # down, the sum stays within the rounded count).
    buckets = [[low, high, int(count * factor)] for low, high, count in result["lat_histogram_ns"]]
    result["lat_histogram_ns"] = [b for b in buckets if b[2] > 0]
    # Its seconds with it: the history judges a run by its one-second intervals.
    for interval in result.get("intervals", []):
        for key in ("ios", "bytes"):
            interval[key] = int(round(interval[key] * factor))
    refigure(result)


def refigure(result):
    """The figures written beside the counts, again from the counts: iogate refuses a file whose
    rates disagree with them (src/results/figure_consistency.hpp). The percentiles,
    whose ranks moved with the buckets' counts, are left out, as a file may."""
    per_mib = 2**20
    result["ios"] = result["ios_read"] + result["ios_written"]
    result["bytes"] = result["bytes_read"] + result["bytes_written"]
    seconds = result["duration_s"]
    if seconds > 0:
        result["iops"] = result["ios"] / seconds
        result["mbps"] = result["bytes"] / seconds / per_mib
    for side, suffix in (("read", "read"), ("write", "written")):
        if side in result and seconds > 0:
            result[side]["iops"] = result["ios_" + suffix] / seconds
            result[side]["mbps"] = result["bytes_" + suffix] / seconds / per_mib
        for figures in (result, result.get(side, {})):
            figures.pop("lat_p99_ms", None)
            figures.pop("lat_percentiles_ms", None)
    for interval in result.get("intervals", []):
        if interval.get("length_s"):
            interval["iops"] = interval["ios"] / interval["length_s"]
            interval["mbps"] = interval["bytes"] / interval["length_s"] / per_mib


def pages(src, out):
    doc = json.load(open(src))
    passing = copy.deepcopy(doc)
    passing["checks"] = [c for c in doc["checks"] if c["status"] == "pass"]
    check = passing["checks"][0]
    check["expectations"].append({"key": "latency_p99_max", "decision": "holds",
                                  "evidence": "latency_p99 1.00-1.10ms (latency_p99_max 50ms)",
                                  "figure": "latency_p99_ms", "bound": 50.0, "estimate": 1.05,
                                  "low": 1.0, "high": 1.1, "ratio": False})
    # The short last interval of a run: 72 us holding one 128 KiB I/O, 1736 MB/s over its length.
    check["result"]["intervals"].append({"start_s": 4.0, "length_s": 0.000072, "bytes": 131072,
                                         "ios": 1})
    passing["summary"] = {"pass": 1, "fail": 0, "unstable": 0, "skipped": 0, "error": 0,
                          "total": 1}
    json.dump(passing, open(os.path.join(out, "pass.json"), "w"))
    offscale = copy.deepcopy(passing)
    check = offscale["checks"][0]
    bound = check["expectations"][0]
    bound["bound"] = round(446 * bound["estimate"])
    bound["decision"] = "broken"
    check["status"] = "fail"
    check["messages"] = ["rand_read_8k: iops %.2f IOPS < iops_min %.2f IOPS"
                         % (bound["estimate"], bound["bound"])]
    offscale["summary"] = dict(passing["summary"], **{"pass": 0, "fail": 1})
    json.dump(offscale, open(os.path.join(out, "offscale.json"), "w"))
    json.dump(doc, open(os.path.join(out, "fail.json"), "w"))
    duration = copy.deepcopy(doc)
    slow, undecided = [c for c in duration["checks"] if c["status"] in ("pass", "fail")]
    slow["status"] = "fail"
    slow["repeats"] = [copy.deepcopy(slow["result"]) for _ in range(3)]
    slow["runs"] = 3
    slow["expectations"] = [{"key": "duration_max", "decision": "broken",
                             "evidence": "duration 4.00s-4.00s (duration_max 3.00s)",
                             "figure": "duration_s", "bound": 3.0, "estimate": 4.0, "low": 4.0,
                             "high": 4.0, "ratio": False}]
    slow["messages"] = ["rand_read_8k: duration 4.00s (median of 3 runs) > duration_max 3.00s"]
    undecided["status"] = "unstable"
    undecided["runs"] = 1
    undecided["expectations"][0].update({"decision": "undecided", "high": None,
                                         "evidence": "iops at least 0.61x baseline (bound 0.90x)"})
    undecided["messages"] = ["unstable: iops at least 0.61x baseline (bound 0.90x) after 1 of 10 "
                             "runs: undecided"]
    duration["checks"] = [slow, undecided]
    duration["summary"] = {"pass": 0, "fail": 1, "unstable": 1, "skipped": 0, "error": 0,
                           "total": 2}
    json.dump(duration, open(os.path.join(out, "duration.json"), "w"))


def runs(src, out, n, k, factor, datastore=None, deeper_from=None):
    doc = json.load(open(src))
    checks = [c for c in doc["checks"] if c["status"] in ("pass", "fail")]
    for r in range(1, n + 1):
        d = os.path.join(out, "run-%d" % r)
        os.makedirs(d, exist_ok=True)
        noise = 1 + 0.01 * ((r * 7) % 3 - 1)  # -1%, 0, +1%: the runs' own spread
        for i, one in enumerate(check_documents(doc, checks, "2026-11-%02dT18:00:00Z" % r,
                                                datastore)):
            for result in [one["result"]] + one.get("repeats", []):
                scale(result, noise * (factor if r >= k else 1.0))
            if deeper_from is not None and r >= deeper_from:
                one["workload"]["queue_depth"] *= 4
            json.dump(one, open(os.path.join(d, "check-%d.json" % i), "w"))


if __name__ == "__main__":
    if sys.argv[1] == "pages":
        pages(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "workload-change":
        runs(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]),
             deeper_from=int(sys.argv[5]))
    else:
        runs(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]),
             sys.argv[7] if len(sys.argv) > 7 else None)
