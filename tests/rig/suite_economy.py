"""Reads the per-check JSON of one `iogate check --json-dir DIR` run and prints, one per line:
layouts=N (checks that laid out their own file), reused=N (checks on a file another check laid
out), layout_s=X (time spent laying out), measured_s=X (every run's measured I/O time), and
per check: check=NAME wall_s=X measured_s=X layout_s=X reused_from=NAME.
Results written before layout_s existed count as unknown layouts (layouts=?)."""
import json
import pathlib
import sys

# A suite's result directory also holds the run's merged reports: not checks.
records = [json.loads(p.read_text()) for p in sorted(pathlib.Path(sys.argv[1]).glob("*.json"))
           if p.name not in ("results.json", "gbench.json")]
layouts = reused = 0
known = True
layout_s = measured_s = 0.0
lines = []
for r in records:
    runs = r.get("repeats") or [r["result"]]
    measured = sum(run["duration_s"] for run in runs)
    measured_s += measured
    if "layout_s" not in r:
        known = False
    elif r.get("layout_reused_from"):
        reused += 1
    else:
        layouts += 1
    layout_s += r.get("layout_s", 0.0)
    lines.append(f"check={r['check']} wall_s={r['wall_s']:.2f} measured_s={measured:.2f} "
                 f"layout_s={r.get('layout_s', float('nan')):.2f} "
                 f"reused_from={r.get('layout_reused_from', '')}")
print(f"layouts={layouts if known else '?'}")
print(f"reused={reused if known else '?'}")
print(f"layout_s={layout_s:.2f}")
print(f"measured_s={measured_s:.2f}")
print("\n".join(lines))
