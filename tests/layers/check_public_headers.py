#!/usr/bin/python3
"""check_public_headers.py ROOT: the installed headers are the public API, closed and no larger.

cmake/IogatePublicHeaders.cmake names the entry headers (what a suite written by hand includes)
and IOGATE_PUBLIC_HEADERS, the headers the `dev` component installs. This fails, naming the file
and line, when:
  - an installed header includes an iogate header that is not installed (the package would not
    compile for its users);
  - an entry header is not installed, or a listed header does not exist;
  - a header is installed that no entry header reaches (it is private: drop it from the list);
  - a header under include/ is not installed: include/ holds the installed API and nothing else
    (a private header lives beside its sources, under src/ or reports/);
  - a suite's own file includes a header that is not installed: suites/suite_config.hpp (which
    the source iogate_add_suite() generates includes), suites/examples/, the downstream project
    of tests/e2e/downstream/, and the C++ in docs/.
Exits 1 when any does, 0 otherwise.
"""
import glob
import os
import re
import sys

LISTS = "cmake/IogatePublicHeaders.cmake"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
# A private header of the library, by its place in the tree: "engine/verify.hpp" (src/engine/),
# "reports/html_page.hpp".
PRIVATE_ROOTS = ("src", ".")
HEADER = re.compile(r"^iogate/[a-z0-9_/]+\.hpp$")


def read_lists(root):
    """The CMake lists of LISTS, by name: set(NAME item item ...), one item a line."""
    path = os.path.join(root, LISTS)
    text = open(path, encoding="utf-8").read()
    lists = {}
    for m in re.finditer(r"^set\((IOGATE_PUBLIC_[A-Z_]+)\s(.*?)\)", text, re.S | re.M):
        items = []
        for line in m.group(2).splitlines():
            item = line.split("#", 1)[0].strip()
            if item:
                items.append(item)
        lists[m.group(1)] = items
    return lists


def includes(root, path):
    """(line, header) for every #include "..." of a file that names one of iogate's headers: an
    installed spelling "iogate/...", or a private header by its place under src/ or the tree."""
    found = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            name = m.group(1)
            if name.startswith("iogate/") or ("/" in name and any(
                    os.path.isfile(os.path.join(root, under, name)) for under in PRIVATE_ROOTS)):
                found.append((number, name))
    return found


def users(root):
    """A suite's own files: what a project's suite is built from, beside the installed headers."""
    paths = ["suites/suite_config.hpp"]
    for pattern in ("suites/examples/*.cpp", "suites/examples/*.hpp",
                    "tests/e2e/downstream/*.cpp", "tests/e2e/downstream/*.hpp", "docs/*.md"):
        paths += sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, pattern)))
    return paths


def main():
    root = sys.argv[1]
    lists = read_lists(root)
    problems = []
    for name in ("IOGATE_PUBLIC_ENTRY_HEADERS", "IOGATE_PUBLIC_HEADERS"):
        if name not in lists:
            problems.append("%s: no set(%s ...)" % (LISTS, name))
    entries = lists.get("IOGATE_PUBLIC_ENTRY_HEADERS", [])
    public = lists.get("IOGATE_PUBLIC_HEADERS", [])
    seen = set()
    for header in public:
        if not HEADER.match(header):
            problems.append("%s: %s is not a header under include/ (iogate/<folder>/<name>.hpp)"
                            % (LISTS, header))
        elif header in seen:
            problems.append("%s: %s is listed twice" % (LISTS, header))
        elif not os.path.isfile(os.path.join(root, "include", header)):
            problems.append("%s: %s is listed but include/%s does not exist"
                            % (LISTS, header, header))
        seen.add(header)
    installed = {h for h in public if os.path.isfile(os.path.join(root, "include", h))}
    for entry in entries:
        if entry not in installed:
            problems.append("%s: the entry header %s is not in IOGATE_PUBLIC_HEADERS"
                            % (LISTS, entry))

    # Closed: an installed header includes installed headers only.
    graph = {}
    for header in sorted(installed):
        graph[header] = []
        for number, included in includes(root, os.path.join(root, "include", header)):
            graph[header].append(included)
            if included not in installed:
                problems.append("include/%s:%d: installs an include of %s, which is not installed "
                                "(add it to IOGATE_PUBLIC_HEADERS, or keep it out of this header)"
                                % (header, number, included))
    # No larger: every installed header is reached from an entry header.
    reached = set()
    todo = [e for e in entries if e in installed]
    while todo:
        header = todo.pop()
        if header in reached:
            continue
        reached.add(header)
        todo += [h for h in graph.get(header, []) if h in installed]
    for header in sorted(installed - reached):
        problems.append("%s: %s is installed but no entry header includes it: it is private "
                        "(drop it from IOGATE_PUBLIC_HEADERS)" % (LISTS, header))

    # include/ holds the installed headers and nothing else.
    for path in sorted(glob.glob(os.path.join(root, "include/**/*.hpp"), recursive=True)):
        header = os.path.relpath(path, os.path.join(root, "include"))
        if header not in installed:
            problems.append("include/%s is not installed: include/ holds the public API only "
                            "(install it through IOGATE_PUBLIC_HEADERS, or move it beside its "
                            "sources under src/)" % header)

    # A suite's own files see only what is installed.
    for rel in users(root):
        for number, included in includes(root, os.path.join(root, rel)):
            if included not in installed:
                problems.append("%s:%d: a suite's file includes %s, which is not installed"
                                % (rel, number, included))

    for line in problems:
        print("public_headers: " + line)
    print("public_headers: %d installed headers (of %d under include/iogate/) from %d entry "
          "headers; %d problems" % (
              len(installed),
              len(glob.glob(os.path.join(root, "include/iogate/**/*.hpp"), recursive=True)),
              len(entries), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
