#!/usr/bin/python3
"""check_layers.py ROOT: the house's layers, kept by its include graph.

Every C++ file of the library (src/<layer>/, include/iogate/<layer>/), the writers (reports/), the
fixtures and the suite runner belongs to one layer; each layer may include only the layers named
below it in LAYERS (the map in docs/architecture.md draws the same). A file that reaches another
layer's private header through an include path is counted as including that layer. Prints every
include that breaks the map, with its file and line, and exits 1 when there is one.

    check_layers.py ROOT              check the tree at ROOT
    check_layers.py ROOT --graph      print the layer graph as it is (includes counted)
"""
import collections
import os
import re
import sys

# Each layer and what it may include, lowest first. Data flows one way: threshold file -> typed
# check -> engine run -> result -> verdict -> writers; no layer reaches back up.
LAYERS = {
    "common": set(),
    "engine": {"common"},
    # A check as it is run and judged (Check, Expectation, its timing), whoever made it: the
    # verdicts and the records know checks without the threshold file's parser.
    "checks": {"common", "engine"},
    "datastore": {"common", "engine"},
    # What every import shares: the imported check and the request, check names, notes and
    # refusals, the one threshold writer. It knows no tool; the importers map into it.
    "import": {"common", "engine"},
    # fio job files as workloads, below the threshold parser, which reads a check's fio_job
    # through it; both report mistakes with common's ThresholdError.
    "fio_job": {"common", "engine", "import"},
    # IOMeter's files beside fio's: its configurations as imported checks and its result CSV as
    # plain figures.
    "iometer": {"common", "engine", "import"},
    # DiskSpd's XML profiles as imported checks, the same way.
    "diskspd": {"common", "engine", "import"},
    "thresholds": {"common", "engine", "checks", "fio_job"},
    "verdicts": {"common", "engine", "checks"},
    "results": {"common", "engine", "datastore", "verdicts"},
    "baseline": {"common", "engine", "datastore", "checks", "verdicts", "results"},
    "runner": {"common", "engine", "datastore", "checks", "thresholds", "verdicts", "results",
               "baseline"},
    # The writers format records: they know the result model, a run's and a fleet's (and the
    # statistics some formats aggregate with), never the engine's workings, the runner, the
    # thresholds or the fleet's comparison, which only makes the record they format.
    "reports": {"common", "results", "verdicts", "engine:data"},
    # The fleet compares hosts into its record (results/fleet_record.hpp); the command line hands
    # that record to the fleet's writers.
    "fleet": {"common", "engine", "datastore", "verdicts", "results"},
    "propose": {"common", "engine", "datastore", "checks", "thresholds", "verdicts", "results", "baseline",
                "fleet"},
    "fixtures": {"common", "engine", "datastore", "checks", "thresholds", "verdicts", "results", "baseline",
                 "runner", "reports"},
    "cli": {"common", "engine", "datastore", "checks", "thresholds", "import", "fio_job", "iometer",
            "diskspd", "verdicts", "results", "baseline", "runner", "reports", "fleet", "propose"},
    "suites": {"common", "engine", "datastore", "checks", "thresholds", "verdicts", "results", "runner",
               "reports", "fixtures"},
}

# The engine's plain data types, which a record carries and a writer may read: "engine:data".
ENGINE_DATA = {"engine/run_result.hpp", "engine/workload.hpp", "engine/histogram.hpp",
               "engine/figure_names.hpp"}

SOURCE = re.compile(r"\.(cpp|hpp|h)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of(rel):
    """The layer a file of the tree belongs to, or None (tests, bench, fuzz: outside the map)."""
    parts = rel.split("/")
    if parts[0] == "src" and len(parts) > 2:
        return parts[1]
    if parts[0] == "include" and len(parts) > 3 and parts[1] == "iogate":
        return parts[2]
    if parts[0] in ("reports", "fixtures", "suites"):
        return parts[0]
    return None


def files(root):
    for top in ("src", "include", "reports", "fixtures", "suites"):
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if SOURCE.search(name):
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def target_of(root, rel, included, headers):
    """The layer and header an include names: an installed header "iogate/<layer>/x.hpp", a
    private one by its place in the tree ("engine/verify.hpp" under src/, "reports/html_page.hpp"),
    else a header beside the file, else one found in another layer's folder."""
    if included.startswith("iogate/"):
        tail = included[len("iogate/"):]
        return tail.split("/")[0], tail
    beside = os.path.normpath(os.path.join(os.path.dirname(rel), included))
    if os.path.exists(os.path.join(root, beside)):
        return layer_of(beside), None
    for under in ("src", "."):
        placed = os.path.normpath(os.path.join(under, included))
        if "/" in included and os.path.exists(os.path.join(root, placed)):
            return layer_of(placed), included
    for path in headers.get(os.path.basename(included), []):
        return layer_of(path), None
    return None, None  # a system or third-party header


def main():
    root = sys.argv[1]
    all_files = list(files(root))
    headers = collections.defaultdict(list)
    for rel in all_files:
        headers[os.path.basename(rel)].append(rel)
    graph = collections.Counter()
    broken = []
    for rel in all_files:
        layer = layer_of(rel)
        if layer not in LAYERS:
            broken.append("%s: the layer %s is not on the map" % (rel, layer))
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                target, tail = target_of(root, rel, m.group(1), headers)
                if target is None or target == layer:
                    continue
                graph[(layer, target)] += 1
                allowed = LAYERS[layer]
                if target in allowed or (tail in ENGINE_DATA and "engine:data" in allowed):
                    continue
                broken.append("%s:%d: %s includes %s (%s): %s may include %s" % (
                    rel, number, layer, target, m.group(1), layer,
                    ", ".join(sorted(allowed)) or "no other layer"))
    if "--graph" in sys.argv:
        for (a, b), n in sorted(graph.items()):
            print("%-10s -> %-10s %d" % (a, b, n))
    for line in broken:
        print("layers: " + line)
    print("layers: %d files, %d includes across layers, %d break the map"
          % (len(all_files), sum(graph.values()), len(broken)))
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
