#!/usr/bin/env python3
"""Writes the iometer-1.1.0-*.csv fixtures beside this script, line for line in the shapes IOMeter
1.1.0's result writer gives them (README.md beside it names the function behind each shape).

The figures start from raw counts per disk (I/Os, bytes, response-time sums in timer ticks, as
Dynamo reports them) and are combined up the tree the way IOMeter combines them: a worker sums its
disks, a manager its workers, the ALL row its managers; rates are counts over the worker's run
time, response times tick sums over counts. Doubles are printed fixed with 6 decimals (the
results file's stream state), counts as integers, lines end CRLF (Windows text mode).

Run it to regenerate: python3 make_writer_fixtures.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

HEADER = (
    "'Target Type,Target Name,Access Specification Name,# Managers,# Workers,# Disks,IOps,"
    "Read IOps,Write IOps,MiBps (Binary),Read MiBps (Binary),Write MiBps (Binary),"
    "MBps (Decimal),Read MBps (Decimal),Write MBps (Decimal),Transactions per Second,"
    "Connections per Second,Average Response Time,Average Read Response Time,"
    "Average Write Response Time,Average Transaction Time,Average Connection Time,"
    "Maximum Response Time,Maximum Read Response Time,Maximum Write Response Time,"
    "Maximum Transaction Time,Maximum Connection Time,Errors,Read Errors,Write Errors,"
    "Bytes Read,Bytes Written,Read I/Os,Write I/Os,Connections,Transactions per Connection,"
    "Total Raw Read Response Time,Total Raw Write Response Time,Total Raw Transaction Time,"
    "Total Raw Connection Time,Maximum Raw Read Response Time,Maximum Raw Write Response Time,"
    "Maximum Raw Transaction Time,Maximum Raw Connection Time,Total Raw Run Time,"
    "Starting Sector,Maximum Size,Queue Depth,% CPU Utilization,% User Time,"
    "% Privileged Time,% DPC Time,% Interrupt Time,Processor Speed,Interrupts per Second,"
    "CPU Effectiveness,Packets/Second,Packet Errors,Segments Retransmitted/Second,"
    "0 to 50 uS,50 to 100 uS,100 to 200 uS,200 to 500 uS,0.5 to 1 mS,1 to 2 mS,2 to 5 mS,"
    "5 to 10 mS,10 to 15 mS,15 to 20 mS,20 to 30 mS,30 to 50 mS,50 to 100 mS,100 to 200 mS,"
    "200 to 500 mS,0.5 to 1 S,1 to 2 s,2 to 4.7 s,4.7 to 5 s,5 to 10 s, >= 10 s"
)
BIN_EDGES_MS = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 20, 30, 50, 100, 200, 500, 1000, 2000,
                4700, 5000, 10000]
AMBIGUOUS_INT = "-1"  # an int setting the parts disagree on
AMBIGUOUS_U64 = str(2**64 - 1)  # the same -1 in an unsigned 64-bit setting
MIB, MB = 1048576, 1000000


def d(x):
    return f"{x:.6f}"


def bin_of(ms):
    for i, edge in enumerate(BIN_EDGES_MS):
        if ms < edge:
            return i
    return len(BIN_EDGES_MS)


class Raw:
    """Dynamo's raw counts for one disk (or their sums for a worker)."""

    def __init__(self):
        self.reads = self.writes = self.bytes_read = self.bytes_written = 0
        self.read_sum = self.write_sum = self.max_read = self.max_write = 0
        self.bins = [0] * 21
        self.counter_time = 0

    def add(self, o):
        self.reads += o.reads
        self.writes += o.writes
        self.bytes_read += o.bytes_read
        self.bytes_written += o.bytes_written
        self.read_sum += o.read_sum
        self.write_sum += o.write_sum
        self.max_read = max(self.max_read, o.max_read)
        self.max_write = max(self.max_write, o.max_write)
        self.bins = [a + b for a, b in zip(self.bins, o.bins)]
        self.counter_time = max(self.counter_time, o.counter_time)


def disk_raw(spec_lines, iops, avg_ms, max_ms, seconds, res):
    """Counts for one disk running `spec_lines` at about `iops` for `seconds`."""
    r = Raw()
    r.counter_time = int(seconds * res)
    total = int(iops * seconds)
    for size, pct, reads, _random in spec_lines:
        n = total * pct // 100
        nr = n * reads // 100
        nw = n - nr
        r.reads += nr
        r.writes += nw
        r.bytes_read += nr * size
        r.bytes_written += nw * size
    # Response times: writes 1.5x reads, averaging avg_ms over all I/Os.
    count = r.reads + r.writes
    read_ms = avg_ms * count / (r.reads + 1.5 * r.writes)
    r.read_sum = int(read_ms * r.reads * res / 1000)
    r.write_sum = int(1.5 * read_ms * r.writes * res / 1000)
    r.max_read = int(max_ms * res / 1000) if r.reads else 0
    r.max_write = int(max_ms * 0.9 * res / 1000) if r.writes else 0
    # A spread around the mean: half in its bin, a quarter either side, one at the maximum.
    mid = bin_of(avg_ms)
    rest = count - 1
    r.bins[max(mid - 1, 0)] += rest // 4
    r.bins[min(mid + 1, 20)] += rest // 4
    r.bins[mid] += rest - 2 * (rest // 4)
    r.bins[bin_of(max_ms)] += 1
    return r


class Figures:
    """What IOMeter computes from raw counts for a row (Results in IOCommon.h)."""

    def __init__(self, raw, res):
        t = raw.counter_time / res
        self.raw = raw
        self.read_iops = raw.reads / t
        self.write_iops = raw.writes / t
        self.iops = self.read_iops + self.write_iops
        self.read_mib = raw.bytes_read / MIB / t
        self.write_mib = raw.bytes_written / MIB / t
        self.read_mb = raw.bytes_read / MB / t
        self.write_mb = raw.bytes_written / MB / t
        n = raw.reads + raw.writes
        self.avg = (raw.read_sum + raw.write_sum) * 1000 / res / n if n else 0
        self.avg_read = raw.read_sum * 1000 / res / raw.reads if raw.reads else 0
        self.avg_write = raw.write_sum * 1000 / res / raw.writes if raw.writes else 0
        self.max_read = raw.max_read * 1000 / res
        self.max_write = raw.max_write * 1000 / res
        self.max = max(self.max_read, self.max_write)

    @classmethod
    def of_managers(cls, parts):
        """The ALL row: rates summed over managers, response times from each one's seconds (each
        manager counts in its own timer's ticks)."""
        f = cls.__new__(cls)
        f.raw = Raw()
        for p in parts:
            f.raw.add(p.raw)
        for key in ("read_iops", "write_iops", "iops", "read_mib", "write_mib", "read_mb",
                    "write_mb"):
            setattr(f, key, sum(getattr(p, key) for p in parts))
        reads, writes = f.raw.reads, f.raw.writes
        read_s = sum(p.avg_read * p.raw.reads for p in parts) / 1000
        write_s = sum(p.avg_write * p.raw.writes for p in parts) / 1000
        f.avg = (read_s + write_s) * 1000 / (reads + writes) if reads + writes else 0
        f.avg_read = read_s * 1000 / reads if reads else 0
        f.avg_write = write_s * 1000 / writes if writes else 0
        f.max_read = max(p.max_read for p in parts)
        f.max_write = max(p.max_write for p in parts)
        f.max = max(f.max_read, f.max_write)
        return f

    def io_columns(self):
        """IOps ... Connections: the columns every row but PROCESSOR writes alike."""
        r = self.raw
        return [d(self.iops), d(self.read_iops), d(self.write_iops),
                d(self.read_mib + self.write_mib), d(self.read_mib), d(self.write_mib),
                d(self.read_mb + self.write_mb), d(self.read_mb), d(self.write_mb),
                d(self.iops), d(0),  # a disk worker's transactions are its I/Os; no connections
                d(self.avg), d(self.avg_read), d(self.avg_write), d(self.avg), d(0),
                d(self.max), d(self.max_read), d(self.max_write), d(self.max), d(0),
                "0", "0", "0",  # errors, read errors, write errors
                str(r.bytes_read), str(r.bytes_written), str(r.reads), str(r.writes), "0"]

    def raw_columns(self):
        """Transactions per Connection and the nine raw timer columns (not in the ALL row)."""
        r = self.raw
        return [AMBIGUOUS_INT, str(r.read_sum), str(r.write_sum), str(r.read_sum + r.write_sum),
                "0", str(r.max_read), str(r.max_write), str(max(r.max_read, r.max_write)), "0",
                str(r.counter_time)]


def common(values, ambiguous):
    values = list(values)
    return str(values[0]) if all(v == values[0] for v in values) else ambiguous


class Writer:
    def __init__(self):
        self.lines = []

    def w(self, text):
        self.lines.append(text)

    def text(self):
        return "".join(line + "\r\n" for line in self.lines)


def write_run(out, run):
    # CPageSetup::SaveResults: once per run, when the run starts.
    out.w("'Test Type,Test Description")
    out.w(f"{run['test_type']},{run['description']}")
    out.w("'Version")
    out.w("1.1.0")
    out.w("'Time Stamp")
    out.w(run["stamps"][0])
    stamp = 1
    for test in run["tests"]:
        if test.get("specs_listed", True):
            write_access_specs(out, run, test)
        write_results(out, run, test, run["stamps"][stamp])
        stamp += 1
    # CGalileoView::TestDone: once, when every test of the run has completed.
    out.w("'End Test")


def write_access_specs(out, run, test):
    # AccessSpecList::SaveResults: the specifications active in the test, each line ending ",".
    out.w("'Access specifications")
    listed = []
    for manager in run["managers"]:
        for worker in manager["workers"]:
            name = test["assign"](manager, worker)
            if name and name not in listed:
                listed.append(name)
    for name in sorted(listed, key=lambda n: run["spec_order"].index(n)):
        out.w("'Access specification name,default assignment")
        out.w(f"{name},{run['specs'][name]['assignment']}")
        out.w("'size,% of size,% reads,% random,delay,burst,align,reply")
        for size, pct, reads, random, align in run["specs"][name]["lines"]:
            out.w(f"{size},{pct},{reads},{random},0,1,{align},0,")
    out.w("'End access specifications")


def write_results(out, run, test, stamp):
    managers = []  # (manager, its figures, its workers [(worker, spec, figures, disks)])
    for manager in run["managers"]:
        res = manager["timer_resolution"]
        workers = []
        for worker in manager["workers"]:
            spec = test["assign"](manager, worker)
            if not spec:
                continue
            lines = [(s, p, r, x) for s, p, r, x, _ in run["specs"][spec]["lines"]]
            disks = []
            wraw = Raw()
            for k, disk in enumerate(worker["disks"]):
                iops, avg, mx = test["figures"](manager, worker, k)
                raw = disk_raw(lines, iops, avg, mx, test["seconds"], res)
                disks.append((disk, Figures(raw, res)))
                wraw.add(raw)
            workers.append((worker, spec, Figures(wraw, res), disks))
        if not workers:
            continue
        mraw = Raw()
        for _, _, f, _ in workers:
            mraw.add(f.raw)
        managers.append((manager, Figures(mraw, res), workers))
    # ManagerList::SaveResults: the header and the ALL row (every active manager).
    fa = Figures.of_managers([f for _, f, _ in managers])
    cpu = [sum(m["cpu"][test["index"]][c][k] for c in range(m["processors"])) / m["processors"]
           for m, _, _ in managers for k in range(6)]
    per_manager_cpu = [cpu[i * 6:(i + 1) * 6] for i in range(len(managers))]
    all_cpu = [sum(c[k] for c in per_manager_cpu) / len(managers) for k in range(6)]
    worker_rows = [w for _, _, ws in managers for w in ws]
    spec_names = {spec for _, spec, _, _ in worker_rows}
    out.w("'Results")
    out.w(HEADER)
    row = ["ALL", "All", spec_names.pop() if len(spec_names) == 1 else "",
           str(len(managers)), str(len(worker_rows)),
           str(sum(len(w[3]) for w in worker_rows))]
    row += fa.io_columns() + [AMBIGUOUS_INT] + [""] * 9
    row += [common((w[0]["start"] for w in worker_rows), AMBIGUOUS_U64),
            common((w[0]["sectors"] for w in worker_rows), AMBIGUOUS_U64),
            common((w[0]["queue_depth"] for w in worker_rows), AMBIGUOUS_INT)]
    row += [d(all_cpu[k]) for k in range(5)] + ["", d(all_cpu[5])]
    row += [d(fa.iops / all_cpu[0]), d(0), d(0), d(0)] + [str(b) for b in fa.raw.bins]
    out.w(",".join(row))
    if run["record"] in ("all", "no_targets", "no_workers"):
        for (manager, fm, workers), mcpu in zip(managers, per_manager_cpu):
            write_manager(out, run, test, manager, fm, workers, mcpu)
    out.w("'Time Stamp")
    out.w(stamp)


def write_manager(out, run, test, manager, fm, workers, mcpu):
    # Manager::SaveResults: its row, one PROCESSOR row per CPU, then its workers.
    res = manager["timer_resolution"]
    specs = {spec for _, spec, _, _ in workers}
    row = ["MANAGER", manager["name"], specs.pop() if len(specs) == 1 else "", "",
           str(len(workers)), str(sum(len(w[3]) for w in workers))]
    row += fm.io_columns() + fm.raw_columns()
    row += [common((w[0]["start"] for w in workers), AMBIGUOUS_U64),
            common((w[0]["sectors"] for w in workers), AMBIGUOUS_U64),
            common((w[0]["queue_depth"] for w in workers), AMBIGUOUS_INT)]
    row += [d(mcpu[k]) for k in range(5)] + [d(res), d(mcpu[5]), d(fm.iops / mcpu[0])]
    row += [d(0), d(0), d(0)] + [str(b) for b in fm.raw.bins]
    out.w(",".join(row))
    for c in range(manager["processors"]):
        u = manager["cpu"][test["index"]][c]
        out.w(f"PROCESSOR,CPU {c}" + "," * 46 + "".join("," + d(u[k]) for k in range(5))
              + f",{d(res)},{d(u[5])}," + "," * 3)
    if run["record"] not in ("all", "no_targets"):
        return
    for worker, spec, fw, disks in workers:
        write_worker(out, run, manager, worker, spec, fw, disks)


def write_worker(out, run, manager, worker, spec, fw, disks):
    # Worker::SaveResults: its row, then (results of all targets recorded) one row per disk.
    res = manager["timer_resolution"]
    tail = [str(worker["start"]), str(worker["sectors"]), str(worker["queue_depth"])]
    tail += [""] * 5 + [d(res), "", ""] + [""] * 3
    row = ["WORKER", worker["name"], spec, "", "", str(len(disks))]
    row += fw.io_columns() + fw.raw_columns() + tail + [str(b) for b in fw.raw.bins]
    out.w(",".join(row))
    if run["record"] != "all":
        return
    for name, fd in disks:
        # The disk's own counts, but the worker's raw timer sums and latency bins: the writer
        # takes those from the worker's results for every target row.
        row = ["DISK", name.replace(",", " "), "", "", "", ""]
        row += fd.io_columns() + fw.raw_columns() + tail + [str(b) for b in fw.raw.bins]
        out.w(",".join(row))


def cpu_table(tests, processors, base):
    """% total, user, privileged, DPC, interrupt time and interrupts/s, per test and CPU."""
    table = []
    for t in range(tests):
        rows = []
        for c in range(processors):
            total = base + 3.5 * t + 1.25 * c
            rows.append([total, total * 0.18, total * 0.82, total * 0.11, total * 0.07,
                         2100.5 + 310.25 * c + 97.0 * t])
        table.append(rows)
    return table


def one_manager():
    """One host, four workers with one physical disk each, three tests (one a block-size mix)."""
    specs = {
        "4K-100%Read-100%Random": {"assignment": 0, "lines": [(4096, 100, 100, 100, 4096)]},
        "OLTP-Mix-8K-64K": {"assignment": 0,
                            "lines": [(8192, 60, 70, 100, 8192), (16384, 25, 70, 100, 8192),
                                      (65536, 15, 70, 100, 8192)]},
        "64K-Seq-Write": {"assignment": 0, "lines": [(65536, 100, 0, 0, 65536)]},
    }
    order = list(specs)
    manager = {"name": "FILESRV01", "timer_resolution": 10000000.0, "processors": 4,
               "cpu": cpu_table(3, 4, 21.0),
               "workers": [{"name": f"Worker {i}", "start": 0, "sectors": 16777216,
                            "queue_depth": 16,
                            "disks": [f'{i}: "LSI MR9271-8i 3.24"']} for i in range(1, 5)]}
    rates = [(9812.5, 1.62, 48.3), (4210.75, 3.79, 96.1), (1450.25, 10.98, 212.4)]

    def test(i):
        return {"index": i, "seconds": 60,
                "assign": lambda m, w, n=order[i]: n,
                "figures": lambda m, w, k, i=i: (rates[i][0] * (1 + 0.03 * int(w["name"][-1])),
                                                 rates[i][1], rates[i][2])}
    return {"test_type": 0, "description": "Array after controller firmware 23.34",
            "record": "all", "specs": specs, "spec_order": order, "managers": [manager],
            "tests": [test(i) for i in range(3)],
            "stamps": ["2024-05-14 09:30:02:417", "2024-05-14 09:31:05:938",
                       "2024-05-14 09:32:09:120", "2024-05-14 09:33:12:377"]}


def two_managers():
    """Two hosts; in the third test their workers run different specifications."""
    specs = {
        "Max Throughput-100%Read": {"assignment": 0, "lines": [(32768, 100, 100, 0, 0)]},
        "RealLife-60%Rand-65%Read": {"assignment": 0, "lines": [(8192, 100, 65, 60, 0)]},
        "Max Throughput-50%Read": {"assignment": 0, "lines": [(32768, 100, 50, 0, 0)]},
        "Random-8k-70%Read": {"assignment": 0, "lines": [(8192, 100, 70, 100, 0)]},
    }
    order = list(specs)
    a = {"name": "ESX-GUEST-A", "timer_resolution": 3579545.0, "processors": 2,
         "cpu": cpu_table(3, 2, 12.0),
         "workers": [{"name": "Worker 1", "start": 0, "sectors": 8000000, "queue_depth": 64,
                      "disks": ['E: "DATA1"']},
                     {"name": "Worker 2", "start": 0, "sectors": 8000000, "queue_depth": 64,
                      "disks": ['F: "DATA2"']}]}
    b = {"name": "ESX-GUEST-B", "timer_resolution": 14318180.0, "processors": 2,
         "cpu": cpu_table(3, 2, 16.0),
         "workers": [{"name": "Worker 1", "start": 0, "sectors": 8000000, "queue_depth": 32,
                      "disks": ['1: "VMware Virtual disk 1.0"', '2: "VMware Virtual disk 1.0"']}]}
    plan = [("Max Throughput-100%Read", "Max Throughput-100%Read"),
            ("RealLife-60%Rand-65%Read", "RealLife-60%Rand-65%Read"),
            ("Random-8k-70%Read", "Max Throughput-50%Read")]
    rates = [(6120.4, 10.44, 291.9), (361.3, 177.1, 1115.5), (392.7, 162.9, 927.4)]

    def test(i):
        return {"index": i, "seconds": 120,
                "assign": lambda m, w, i=i: plan[i][0] if m is a else plan[i][1],
                "figures": lambda m, w, k, i=i: (rates[i][0] * (0.8 if m is b else 1.0) + 7 * k,
                                                 rates[i][1], rates[i][2])}
    return {"test_type": 0, "description": "", "record": "all", "specs": specs,
            "spec_order": order, "managers": [a, b], "tests": [test(i) for i in range(3)],
            "stamps": ["2015-09-02 22:14:51:031", "2015-09-02 22:16:53:562",
                       "2015-09-02 22:18:56:093", "2015-09-02 22:20:58:625"]}


def main():
    for name, run in (("iometer-1.1.0-one-manager.csv", one_manager()),
                      ("iometer-1.1.0-two-managers.csv", two_managers())):
        out = Writer()
        write_run(out, run)
        with open(os.path.join(HERE, name), "w", newline="") as f:
            f.write(out.text())


if __name__ == "__main__":
    main()
