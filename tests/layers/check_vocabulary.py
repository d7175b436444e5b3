#!/usr/bin/env python3
"""One vocabulary, one home: a workload key's name is spelt in at most two production files.

The workload's keys are rows of src/engine/workload_keys.cpp; the layers that carry a workload
from a threshold file to a record (engine, thresholds, results, runner, verdicts, cli, and the
headers under include/iogate/) name a key by its WorkloadField. This test reads the rows' threshold-
file keys, then counts, for each that is not also an ordinary word of the code (the names with an
underscore, and "workers"), the files of those layers that write it as a string literal outside
comments. More than MAX_FILES fails, naming the files: the second home of a spelling is where the
next change forgets it. (The importers, src/fio_job, src/iometer and src/diskspd, still key their
notes of where each value came from by name; the datastore's "queue_depth" is the device's.)

Usage: check_vocabulary.py SOURCE_DIR
"""
import pathlib
import re
import sys

MAX_FILES = 2
TABLE = "src/engine/workload_keys.cpp"
PRODUCTION = ("src/engine", "src/thresholds", "src/results", "src/runner", "src/verdicts",
              "src/cli", "include/iogate")
SUFFIXES = (".cpp", ".hpp", ".h", ".cc")


def without_comments(text):
    # Strings are kept whole: a "//" inside one is not a comment.
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text[i] == '"':
            m = re.match(r'R"([^(]*)\((.*?)\)\1"', text[i - 1:] if i and text[i - 1] == "R" else "", re.S)
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def checked_names(table_text):
    names = set()
    for key in re.findall(r'\.spec =\s*\{\.name = "([a-z_]+)"', table_text):
        names.add(key)
    return sorted(n for n in names if "_" in n or n == "workers")


def main():
    root = pathlib.Path(sys.argv[1])
    names = checked_names((root / TABLE).read_text())
    if len(names) < 20:
        print(f"{TABLE}: found only {len(names)} workload keys; has the table's shape changed?")
        return 1
    files = [p for d in PRODUCTION for p in sorted((root / d).rglob("*")) if p.suffix in SUFFIXES]
    texts = {p: without_comments(p.read_text(errors="replace")) for p in files}
    failed = 0
    for name in names:
        homes = [str(p.relative_to(root)) for p, t in texts.items() if f'"{name}"' in t]
        if len(homes) > MAX_FILES:
            failed += 1
            print(f'workload key "{name}" is spelt in {len(homes)} files (at most {MAX_FILES}): '
                  + ", ".join(homes))
    print(f"{len(names)} workload keys checked in {len(files)} files; {failed} spelt in more "
          f"than {MAX_FILES}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
