#!/usr/bin/env python3
"""Makes the inputs of a fleet of HOSTS hosts for `iogate fleet` from one host's results.

  bench/fleet_inputs.py TEMPLATE DIR HOSTS [options]

TEMPLATE is one check's JSON (`iogate check --json-dir`) or a results document with several
checks (`iogate check --json`). DIR/000001.json ... get it with host labels h000001 ...; the
arguments of `iogate fleet` are then DIR/*.json (bench/fleet_scale.sh runs it). With no option
every host is a copy. Options (K: every K-th host, counting from 1; 0: none):
  --spread S     each host's figures off by a factor exp(S z), z standard normal (default 0)
  --noise S      and each of its runs (repeats, one-second intervals) by exp(S z) more
  --seed N       the random numbers' seed (default 52)
  --slow K       at 40% of its level             --driver K   another host_driver
  --variant K    another queue_depth              --error K    its checks in error, no figures
  --missing K    its last check left out (results documents of two checks or more)
  --rerun K --rerun-dir D   a second session of every K-th host in D, and of the three hosts after
                 it (peers rerun beside it), at new figures; give them with --rerun D/*.json
  --rerun-list F --rerun-dir D   a second session of each host F names (a rerun.txt of
                 `iogate fleet --report-dir`: the round an operator runs)
"""
import argparse
import copy
import json
import math
import os
import random


def scale_run(run, factor, noise):
    """A run at `factor` times its rate: its intervals' I/Os and bytes, its duration divided;
    each interval and the run off by noise() more."""
    for i in run.get("intervals", []):
        f = factor * noise()
        i["ios"] = max(1, round(i["ios"] * f))
        i["bytes"] = max(1, round(i["bytes"] * f))
        if i.get("length_s"):
            i["iops"] = i["ios"] / i["length_s"]
            i["mbps"] = i["bytes"] / i["length_s"] / 2**20
    if run.get("duration_s"):
        run["duration_s"] = run["duration_s"] / (factor * noise())
        # The rates written beside the counts follow them: iogate refuses a file whose figures
        # disagree with its own counts (src/results/figure_consistency.hpp).
        seconds = run["duration_s"]
        run["iops"] = run["ios"] / seconds
        run["mbps"] = run["bytes"] / seconds / 2**20
        for side, suffix in (("read", "read"), ("write", "written")):
            if side in run:
                run[side]["iops"] = run["ios_" + suffix] / seconds
                run[side]["mbps"] = run["bytes_" + suffix] / seconds / 2**20


def scale_check(check, factor, noise):
    scale_run(check["result"], factor, noise)
    for r in check.get("repeats", []):
        scale_run(r, factor, noise)


def every(k, n):
    return k > 0 and n % k == 0


def host_doc(template, n, args, rng, rerun=False):
    doc = copy.deepcopy(template)
    several = "checks" in doc
    context = doc["context"] if several else doc
    checks = doc["checks"] if several else [doc]
    context["host_label"] = f"h{n:06d}"
    factor = math.exp(args.spread * rng.gauss(0, 1)) if args.spread > 0 else 1.0
    if every(args.slow, n):
        factor *= 0.4

    def noise():
        return math.exp(args.noise * rng.gauss(0, 1)) if args.noise > 0 else 1.0
    for c in checks:
        if factor != 1.0 or args.noise > 0:
            scale_check(c, factor, noise)
        if every(args.variant, n):
            c["workload"]["queue_depth"] = c["workload"].get("queue_depth", 1) * 2
        if every(args.error, n) and not rerun:
            c["status"] = "error"
            c["messages"] = ["no space left on the datastore"]
    if every(args.driver, n):
        context.setdefault("storage_stack", {})["host_driver"] = "BusLogic"
    if several and every(args.missing, n) and len(checks) > 1 and not rerun:
        checks.pop()
    return doc


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("template")
    p.add_argument("dir")
    p.add_argument("hosts", type=int)
    for k in ("slow", "driver", "variant", "error", "missing", "rerun"):
        p.add_argument("--" + k, type=int, default=0)
    p.add_argument("--spread", type=float, default=0.0)
    p.add_argument("--noise", type=float, default=0.0)
    p.add_argument("--seed", type=int, default=52)
    p.add_argument("--rerun-dir")
    p.add_argument("--rerun-list")
    args = p.parse_args()
    with open(args.template) as f:
        template = json.load(f)
    rng = random.Random(args.seed)
    os.makedirs(args.dir, exist_ok=True)
    rerun = set()
    if args.rerun:
        for n in range(1, args.hosts + 1):
            if every(args.rerun, n):
                rerun.update(m for m in range(n, n + 4) if m <= args.hosts)
    if args.rerun_list:
        with open(args.rerun_list) as f:
            rerun.update(int(line.strip()[1:]) for line in f if line.strip())
    if rerun:
        os.makedirs(args.rerun_dir, exist_ok=True)
    for n in range(1, args.hosts + 1):
        with open(os.path.join(args.dir, f"{n:06d}.json"), "w") as f:
            json.dump(host_doc(template, n, args, rng), f)
    for n in sorted(rerun):
        with open(os.path.join(args.rerun_dir, f"{n:06d}.json"), "w") as f:
            json.dump(host_doc(template, n, args, rng, rerun=True), f)


if __name__ == "__main__":
    main()
