#!/usr/bin/python3
"""Every command of the documentation runs as written: each ```sh block of README.md and docs/*.md
is split into commands (a line, with its `\\` continuations; comment lines are prose) and each is run
with bash, in order, in a scratch directory of its page, against this build, and must exit 0 (or
the status its comment names: `# exit 1 on a regression` allows 0 or 1). Failures name the page
and line, with what the command printed; the counts are printed.

What a run stands on, the same for every page:
  - `iogate` is on the PATH (this build's), as after an install; no IOGATE_* variable is set.
  - /mnt/array and /mnt/ds, the pages' datastore, are a scratch directory of the page's.
  - Files a page shows in a block fenced ```<lang> file=PATH are written first (a page's own
    win; another page's serve too, so a page may use the README's gate.toml). Files a page names
    as the reader's own (a DiskSpd profile, an IOMeter CSV) are stood in for by STAND_INS below.

A block's fence marks how it runs (the marks are words after `sh`, unseen on a rendered page,
so the page's text must say the same in words):
  ```sh              from the page's directory, which is not a clone: `build/...` fails there.
  ```sh clone        from the clone's root: the page's directory then also holds the source
                     tree's entries and `build`, this build's tree (its results/ empty). The
                     block or the lines above it must say so ("from the clone's root").
  ```sh shrink       measures for minutes or hours as written (8 GiB, 5-20 runs): run with every
                     threshold file it names shrunk to 4 MiB a check (size, file_size), 1 s
                     (duration) and no ramp, and `--size`/`--time` likewise.
  ```sh skip=REASON  not run; REASONS says why and what checks it instead. The presets and
                     scripts it names must exist, and a package file it names must carry the
                     project's version.

It first proves it can fail: on a made-up README.md with a command that fails, a clone path in an
unmarked block, an unknown mark and an unknown reason, it must fail and name each line.

doc_commands_test.py SOURCE_DIR BUILD_DIR IOGATE WORK_DIR
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import doc_blocks  # noqa: E402  the reader e2e.docs_examples uses too

REASONS = {
    "build": "compiles for minutes: what it leaves is what the clone blocks run (build/src/cli/"
             "iogate, build/man); its presets and scripts are checked to exist",
    "install": "installs packages as root: the package tests (tests/package) install the .deb "
               "and run it; the file names' version is checked against the project's",
    "esxi": "runs in the ESXi shell: tests/esxi runs the static build in an ESXi-like sandbox",
    "hosts": "runs on several hosts: e2e.fleet and e2e.fleet_ci_examples run the fleet here",
    "project": "runs in your own CMake project: e2e.downstream_suite builds one and runs it",
    "suite": "runs a suite of checks under ctest for minutes: e2e.quick_suite runs the quick "
             "suite, e2e.datastores_ctest several datastores",
    "tools": "needs another tool's files (Google Benchmark's compare.py, node_exporter's "
             "directory): rig.gbench_compare runs compare.py on iogate's output",
}
DATASTORES = re.compile(r"/mnt/(array|ds)\b")
# The reader's own files a page names but does not show, stood in for by files of the tests.
# ("results" is a directory of per-check results, as `check --json-dir` and a suite write.)
STAND_INS = {
    "sql-oltp.xml": "tests/data/diskspd/oltp-8k-70r.xml",
    "vmfleet-sweep.cmd": "tests/data/diskspd/command-lines/sweep.cmd",
    "existing-file.xml": "tests/data/diskspd/no-file-size.xml",
    "sql01-run.xml": "tests/data/diskspd/results/oltp-8k-70r-run.xml",
    "OpenPerformanceTest.icf": "tests/data/iometer/vmware-community.icf",
    "vmware-community.icf": "tests/data/iometer/vmware-community.icf",
    "two-hosts.csv": "tests/data/iometer/results/iometer-1.1.0-two-managers.csv",
    "whole-disk.icf": "tests/data/iometer/icf/whole-disk.icf",
    "lsi-logic.csv": "tests/data/iometer/results/wd_black_lsi_logic.csv",
    "community-relative.toml": "tests/docs/stand-ins/community-relative.toml",
    "build/results/quick": "results",
    "nightly/run-*": "results",  # two of them
}
# A check small enough to stand in for a run's results.
TINY = '[suite]\nname = "tiny"\n[[check]]\nname = "tiny"\n[check.workload]\nblock_size = "64k"\n' \
       'size = "1MiB"\n[check.expect]\nmbps_min = 0.001\n'
TIMEOUT_S = 120


def rel(src, path):
    return str(path.relative_to(src))


def commands(block):
    """(page line, text) of each command of a block: continuation lines joined, comments prose."""
    out, pending, start = [], "", 0
    for offset, line in enumerate(block.body):
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if not pending:
            start = block.first + offset
        pending += line + "\n"
        if not line.rstrip().endswith("\\"):
            out.append((start, pending.rstrip("\n")))
            pending = ""
    if pending:
        out.append((start, pending.rstrip("\n")))
    return out


def allowed_exits(command):
    """0, and N when the command's comment says `# exit N ...`."""
    m = re.search(r"#\s*exit (\d+)", command)
    return {0, int(m.group(1))} if m else {0}


def shrink_toml(text):
    text = re.sub(r'^(\s*(?:size|file_size)\s*=\s*)"[^"]*"', r'\1"4MiB"', text, flags=re.M)
    text = re.sub(r'^(\s*duration\s*=\s*)"[^"]*"', r'\1"1s"', text, flags=re.M)
    return re.sub(r'^(\s*ramp\s*=\s*)"[^"]*"', r'\1"0s"', text, flags=re.M)


def shrink_command(text):
    text = re.sub(r"(--size\s+)\S+", r"\g<1>4MiB", text)
    return re.sub(r"(--time\s+)\S+", r"\g<1>1s", text)


class Checker:
    def __init__(self, src, build, iogate, work, pages):
        self.src, self.build, self.iogate, self.work = src, build, iogate, work
        self.pages = pages
        self.errors = []
        self.ran = 0
        self.skipped = {}      # reason -> commands
        self.shrunk = 0
        self.presets = json.loads((src / "CMakePresets.json").read_text()) \
            if (src / "CMakePresets.json").exists() else {}
        m = re.search(r"project\(iogate\s+VERSION\s+([0-9.]+)",
                      (src / "CMakeLists.txt").read_text()) \
            if (src / "CMakeLists.txt").exists() else None
        self.version = m.group(1) if m else None
        self.bin = work / "bin"
        self.bin.mkdir(parents=True)
        (self.bin / "iogate").symlink_to(iogate)
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("IOGATE_")}
        self.env.update(PATH=f"{self.bin}:{os.environ.get('PATH', '/usr/bin:/bin')}",
                        HOME=str(work / "home"), MANPAGER="cat", PAGER="cat", MANWIDTH="80")
        (work / "home").mkdir()

    def error(self, where, text):
        self.errors.append(f"{where}: {text}")

    # --- the page's directory ---------------------------------------------------------------
    def clone_entries(self, directory):
        """The clone's entries in a page's directory: the source tree's, and `build` holding
        this build's tree (results/ of its own)."""
        entries = []
        for entry in sorted(self.src.iterdir()):
            if entry.name.startswith(".") or entry.name.startswith("build"):
                continue
            if not (directory / entry.name).exists():
                (directory / entry.name).symlink_to(entry)
                entries.append(entry.name)
        build = directory / "build"
        build.mkdir()
        for entry in sorted(self.build.iterdir()):
            if entry.name != "results":
                (build / entry.name).symlink_to(entry)
        (build / "results").mkdir()
        return entries + ["build"]

    def stand_in(self, name, directory, datastore):
        source = STAND_INS[name]
        for target in [directory / name.replace("*", str(n)) for n in (1, 2)] \
                if "*" in name else [directory / name]:
            target.parent.mkdir(parents=True, exist_ok=True)
            if source == "results":
                tiny = self.work / "tiny.toml"
                tiny.write_text(TINY)
                run = subprocess.run([str(self.iogate), "check", str(tiny), "--datastore",
                                      str(datastore), "--json-dir", str(target)],
                                     capture_output=True, text=True, env=self.env)
                if run.returncode != 0:
                    self.error(name, f"the stand-in results were not made: {run.stderr.strip()}")
            elif (self.src / source).exists():
                shutil.copyfile(self.src / source, target)

    # --- a block that is not run --------------------------------------------------------------
    def check_skipped(self, where, block, reason):
        text = "\n".join(block.body)
        for kind, name in re.findall(r"--(workflow --preset|preset)\s+(\S+)", text):
            group = "workflowPresets" if kind.startswith("workflow") else "configurePresets"
            if self.presets and name not in {p["name"] for p in self.presets.get(group, [])}:
                self.error(where, f"no {group[:-7]} preset '{name}' in CMakePresets.json")
        for script, args in re.findall(r"(?:\./)?(scripts/[\w.-]+)((?:\s+--[\w-]+)*)", text):
            path = self.src / script
            if not os.access(path, os.X_OK):
                self.error(where, f"{script}: not in the source tree, or not executable")
                continue
            for flag in args.split():
                if flag not in path.read_text():
                    self.error(where, f"{script} knows no {flag}")
        for version in re.findall(r"iogate[_-]([0-9][0-9.]*[0-9])[_.-]", text):
            if self.version and version != self.version:
                self.error(where, f"a package of version {version}; the project's is "
                                  f"{self.version}")
        count = len(commands(block))
        self.skipped[reason] = self.skipped.get(reason, 0) + count

    # --- a block that runs --------------------------------------------------------------------
    def run_block(self, page, block, directory, datastore, clone):
        for line, command in commands(block):
            where = f"{rel(self.src, page)}:{line}"
            if re.search(r"\.\.\.|<[a-z-]+>", command):
                self.error(where, "a placeholder (... or <name>) in a command that runs: show "
                                  "a real one, or mark the block skip=REASON")
                continue
            if not clone and re.match(r"\s*(\S+=\S+\s+)*(\./)?(build|scripts|thresholds)/",
                                      command):
                self.error(where, "runs only from the clone's root: fence it ```sh clone, and "
                                  "say so above it")
                continue
            text = DATASTORES.sub(str(datastore), command)
            if "shrink" in block.marks:
                text = shrink_command(text)
            started = time.monotonic()
            try:
                run = subprocess.run(["bash", "-c", "set -eo pipefail\n" + text],
                                     cwd=directory, env=self.env, capture_output=True,
                                     text=True, timeout=TIMEOUT_S)
                status, output = run.returncode, (run.stdout + run.stderr).strip()
            except subprocess.TimeoutExpired:
                status, output = "timeout", f"still running after {TIMEOUT_S} s"
            took = time.monotonic() - started
            self.ran += 1
            if status not in allowed_exits(command):
                shown = "\n    ".join(output.splitlines()[-15:])
                self.error(where, f"exit {status}, expected {sorted(allowed_exits(command))}: "
                                  f"{command}\n    {shown}")
            elif took > 10:
                print(f"{where}: {took:.1f} s: {command}")

    def shrink_files(self, block, directory):
        """Shrinks the threshold files a block names, in the page's directory (a shipped one in a
        copy of its folder); their texts to restore after the block."""
        saved = {}
        for name in sorted(set(re.findall(r"[\w./-]+\.toml", "\n".join(block.body)))):
            path = directory / name
            if not path.is_file():
                continue
            top = directory / pathlib.Path(name).parts[0]
            if top != path and top.is_symlink():  # thresholds/ of the clone: the source's
                target = top.resolve()
                top.unlink()
                shutil.copytree(target, top)
            saved[path] = path.read_text()
            path.write_text(shrink_toml(saved[path]))
        return saved

    # --- a page -------------------------------------------------------------------------------
    def page(self, number, page, blocks, shown):
        directory = self.work / f"page-{number}"
        datastore = self.work / f"datastore-{number}"
        directory.mkdir()
        datastore.mkdir()
        for name, text in shown.items():
            (directory / name).parent.mkdir(parents=True, exist_ok=True)
            (directory / name).write_text(text)
        clone_names = None
        for block in blocks:
            where = f"{rel(self.src, page)}:{block.first - 1}"
            if block.lang != "sh":
                continue
            unknown = [m for m in block.marks
                       if m not in ("clone", "shrink") and not m.startswith("skip=")]
            if unknown:
                self.error(where, f"```sh {' '.join(unknown)}: the marks are 'clone', 'shrink' "
                                  "and 'skip=REASON'")
                continue
            reason = doc_blocks.mark_value(block.marks, "skip")
            if reason is not None:
                if reason not in REASONS:
                    self.error(where, f"skip={reason}: the reasons are {', '.join(REASONS)}")
                else:
                    self.check_skipped(where, block, reason)
                continue
            clone = "clone" in block.marks
            if clone:
                lines = page.read_text().split("\n")[max(0, block.first - 6):block.first - 1]
                if not re.search(r"clone", "\n".join(lines + block.body), re.I):
                    self.error(where, "a block run from the clone's root whose page does not "
                                      "say so (in it, or in the lines above it)")
                if clone_names is None:
                    clone_names = self.clone_entries(directory)
            for name in STAND_INS:
                if re.search(r"(^|[\s/'\"=])" + re.escape(name) + r"($|[\s'\"*])",
                             "\n".join(block.body)) and \
                        not (directory / name.replace("*", "1")).exists():
                    self.stand_in(name, directory, datastore)
            hidden = self.hide(directory, clone_names, clone)
            saved = self.shrink_files(block, directory) if "shrink" in block.marks else {}
            self.shrunk += len(commands(block)) if saved or "shrink" in block.marks else 0
            self.run_block(page, block, directory, datastore, clone)
            for path, text in saved.items():
                path.write_text(text)
            self.show(directory, hidden)

    def hide(self, directory, names, clone):
        """Outside a clone block the clone's entries are moved aside: the directory is then
        not a clone, as a reader's working directory is not."""
        if clone or not names:
            return []
        aside = directory.parent / (directory.name + ".clone")
        aside.mkdir(exist_ok=True)
        for name in names:
            (directory / name).rename(aside / name)
        return names

    def show(self, directory, names):
        aside = directory.parent / (directory.name + ".clone")
        for name in names:
            (aside / name).rename(directory / name)


def check(src, build, iogate, work, pages):
    checker = Checker(src, build, iogate, work, pages)
    parsed, shown_everywhere = {}, {}
    for page in pages:
        parsed[page] = doc_blocks.markdown_blocks(page.read_text(), rel(src, page),
                                                  checker.errors)
        for block in parsed[page]:
            name = doc_blocks.mark_value(block.marks, "file")
            if name:
                shown_everywhere.setdefault(name, "\n".join(block.body) + "\n")
    for number, page in enumerate(pages):
        # Another page's file serves where this one names it without writing it (-o FILE).
        written = set(re.findall(r"(?:-o|--out|--output)\s+(\S+)", "\n".join(
            "\n".join(b.body) for b in parsed[page] if b.lang == "sh")))
        shown = {n: t for n, t in shown_everywhere.items() if n not in written}
        for block in parsed[page]:
            name = doc_blocks.mark_value(block.marks, "file")
            if name:
                shown[name] = "\n".join(block.body) + "\n"
        checker.page(number, page, parsed[page], shown)
    skipped = sum(checker.skipped.values())
    print(f"docs commands: {checker.ran} run ({checker.shrunk} of them shrunk), {skipped} not "
          f"run: " + ", ".join(f"{n} {r}" for r, n in sorted(checker.skipped.items())))
    for reason, count in sorted(checker.skipped.items()):
        print(f"  skip={reason} ({count}): {REASONS[reason]}")
    return checker


def selftest(src, build, iogate, work):
    fake = work / "selftest"
    fake.mkdir(parents=True)
    (fake / "README.md").write_text(
        "# A page\n\n```sh\niogate lint no-such.toml\n```\n\n```sh\n"
        "build/src/cli/iogate --version\n```\n\n```sh draft\niogate --version\n```\n\n"
        "```sh skip=later\niogate --version\n```\n\n```sh\niogate --version\n```\n")
    checker = check(fake, build, iogate, work / "selftest-work", [fake / "README.md"])
    out = "\n".join(checker.errors)
    for line in ("README.md:4: exit 2, expected [0]", "README.md:8: runs only from the clone's",
                 "README.md:11: ```sh draft: the marks are", "README.md:15: skip=later: the "):
        if line not in out:
            print(out, file=sys.stderr)
            sys.exit(f"the self-test did not say: {line}")
    if checker.ran != 2:
        sys.exit(f"the self-test ran {checker.ran} commands, expected 2")
    print("self-test: a failing command, a clone path unmarked, an unknown mark and an unknown "
          "reason each named at its line")


def main():
    src, build, iogate, work = (pathlib.Path(a).resolve() for a in sys.argv[1:5])
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    selftest(src, build, iogate, work)
    pages = [src / "README.md"] + sorted((src / "docs").glob("*.md"))
    checker = check(src, build, iogate, work / "docs", pages)
    if checker.ran == 0:
        checker.errors.append("no command ran (the extraction found none)")
    if checker.errors:
        print("\n".join(checker.errors), file=sys.stderr)
        sys.exit(1)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
