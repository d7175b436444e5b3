# Every threshold-file example of the documentation lints, so none can drift from the parser (the
# commands are run by tests/docs/doc_commands_test.py, with the same block reader): each
# ```toml fenced block of README.md and docs/*.md, and each example of the iogate-thresholds(5) page
# (an .EX/.EE block after a `.\" toml` comment), is written to a file of its own and given to
# `iogate lint`. A block that is deliberately part of a file says so in its fence, ```toml fragment,
# and is counted, not linted; one that is deliberately wrong says ```toml bad and must be refused.
# A block fenced ```<lang> file=PATH (a fio job a check names, a threshold file the page's commands
# name) is written as PATH beside the page's threshold files before they are linted. A threshold
# file in a block of another language, or of none, is an error: fence it toml. Failures name the
# page and the line of the block (and the line `iogate lint` names, mapped back into the page); the
# counts are printed.
#
# Then the keys: every key `iogate schema` lists is named in docs/thresholds.md (as `key` or in a
# toml block) and has an entry in the man page (.TP then .B key), so a new key cannot go
# undocumented in either.
#
# It first proves it can fail: on a made-up README.md with a block that does not lint, a bad block
# that does, a threshold file fenced as ini and an unknown mark, it must fail and name each line.
#
# docs_examples_test.sh IOGATE SOURCE_DIR
source "$IOGATE_E2E_LIB"
iogate=$1
src=$2
export IOGATE_DOC_BLOCKS="$src/tests/docs"
trap cleanup_datastores EXIT

# examples IOGATE SOURCE_DIR WORK_DIR [selftest]: the check itself; selftest reads README.md only.
examples() {
/usr/bin/python3 - "$@" <<'PY'
import json, os, pathlib, re, subprocess, sys

sys.path.insert(0, os.environ["IOGATE_DOC_BLOCKS"])
import doc_blocks  # noqa: E402  the one reader of fenced blocks, shared with docs.commands

iogate, src, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
selftest = len(sys.argv) > 4
pages = [src / "README.md"] + sorted((src / "docs").glob("*.md"))
man_page = src / "docs" / "iogate-thresholds.5"
if selftest:
    pages, man_page = [src / "README.md"], None
errors = []
linted = {}       # page -> blocks linted
fragments = bad_refused = 0
THRESHOLD_LINE = re.compile(r"^\s*(\[\[check\]\]|\[suite\]|\[check\.(workload|expect)\])\s*(#.*)?$")


def rel(path):
    return path.relative_to(src)


def markdown_blocks(page):
    """(first content line, language, marks, lines) of each fenced block (tests/docs/doc_blocks.py)."""
    return doc_blocks.markdown_blocks(page.read_text(), rel(page), errors)


def man_blocks(page):
    """(first content line, "toml", [], lines) of each .EX/.EE block after a `.\\" toml` line."""
    blocks, lines = [], page.read_text().split("\n")
    for i, line in enumerate(lines):
        if line.strip() != '.\\" toml':
            continue
        if i + 1 >= len(lines) or lines[i + 1].strip() != ".EX":
            errors.append(f"{rel(page)}:{i + 1}: a toml mark not followed by .EX")
            continue
        body, j = [], i + 2
        while j < len(lines) and lines[j].strip() != ".EE":
            text = lines[j]
            for roff, plain in (("\\&", ""), ("\\-", "-"), ("\\(dq", '"'), ("\\(aq", "'"),
                                ("\\(ti", "~"), ("\\(ha", "^"), ("\\e", "\\")):
                text = text.replace(roff, plain)
            body.append(text)
            j += 1
        blocks.append((i + 3, "toml", [], body))
    return blocks


def lint(page, first, body, directory, expect_ok):
    path = directory / f"block-{first}.toml"
    path.write_text("\n".join(body) + "\n")
    run = subprocess.run([iogate, "lint", str(path)], capture_output=True, text=True)
    where = f"{rel(page)}:{first - 1}"
    if expect_ok and run.returncode != 0:
        # iogate names the line in the extracted file; name it in the page too.
        message = re.sub(re.escape(str(path)) + r":(\d+):",
                         lambda m: f"{rel(page)}:{first + int(m.group(1)) - 1}:",
                         (run.stderr + run.stdout).strip())
        errors.append(f"{where}: the toml block does not lint (exit {run.returncode}):\n  {message}")
        return False
    if not expect_ok and run.returncode != 2:
        errors.append(f"{where}: the ```toml bad block is not refused (exit {run.returncode})")
        return False
    return True


for number, page in enumerate(pages + ([man_page] if man_page else [])):
    if not page.exists():
        errors.append(f"{rel(page)}: missing")
        continue
    blocks = man_blocks(page) if page == man_page else markdown_blocks(page)
    directory = work / f"page-{number}"
    directory.mkdir(parents=True)
    # Files the page's threshold files name first (```ini file=jobs/oltp.fio).
    for first, lang, flags, body in blocks:
        for flag in flags:
            if flag.startswith("file="):
                target = directory / flag[len("file="):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text("\n".join(body) + "\n")
    for first, lang, flags, body in blocks:
        if lang != "toml":
            if any(THRESHOLD_LINE.match(line) for line in body):
                errors.append(f"{rel(page)}:{first - 1}: a threshold file fenced as "
                              f"'{lang or '(none)'}': fence it ```toml (or ```toml fragment)")
            continue
        unknown = [f for f in flags if f not in ("fragment", "bad") and not f.startswith("file=")]
        if unknown:
            errors.append(f"{rel(page)}:{first - 1}: ```toml {' '.join(unknown)}: "
                          "the marks are 'fragment', 'bad' and 'file=PATH'")
        elif "fragment" in flags:
            fragments += 1
        elif "bad" in flags:
            bad_refused += lint(page, first, body, directory, expect_ok=False)
        elif lint(page, first, body, directory, expect_ok=True):
            linted[rel(page)] = linted.get(rel(page), 0) + 1

# The keys the parser knows, against the reference page and the man page.
schema_run = subprocess.run([iogate, "schema"], capture_output=True, text=True)
keys_checked = 0
if selftest:
    pass
elif schema_run.returncode == 0:
    schema = json.loads(schema_run.stdout)
    check = schema["properties"]["check"]["items"]["properties"]
    expect = check["expect"]
    tables = {"workload", "expect"}  # [check.workload], [check.expect]: tables, not keys
    keys = set(schema["properties"]["suite"]["properties"]) | (set(check) - tables) | \
        set(schema["definitions"]["workload"]["properties"]) | \
        set(expect.get("properties", {}))
    for alternative in expect.get("propertyNames", {}).get("anyOf", []):
        keys |= set(alternative.get("enum", []))
    reference = (src / "docs" / "thresholds.md").read_text()
    man = man_page.read_text() if man_page.exists() else ""  # missing: named above
    man_entries = set(re.findall(r"^\.TP\n\.B (\S+)", man, re.M))
    for key in sorted(keys):
        if not re.search(r"`%s`|^\s*#?\s*%s\s*=" % (re.escape(key), re.escape(key)), reference, re.M):
            errors.append(f"docs/thresholds.md: the key {key} is not documented")
        if man and key not in man_entries:
            errors.append(f"{rel(man_page)}: the key {key} has no entry (.TP, .B {key})")
        keys_checked += 1
else:
    print(f"keys: `iogate schema` exited {schema_run.returncode}: keys not checked")

total = sum(linted.values())
for page, count in sorted(linted.items()):
    print(f"{page}: {count} toml blocks linted")
print(f"docs examples: {total} toml blocks linted, {fragments} fragments skipped, "
      f"{bad_refused} bad blocks refused; {keys_checked} keys checked")
for must in () if selftest else ("README.md", "docs/thresholds.md", "docs/iogate-thresholds.5"):
    if linted.get(pathlib.Path(must), 0) == 0:
        errors.append(f"{must}: no toml block linted (the extraction found none)")
if errors:
    print("\n".join(errors), file=sys.stderr)
    sys.exit(1)
PY
}

# The self-test: each mistake named at its line.
fake=$E2E_DIR/selftest
mkdir -p "$fake"
cat >"$fake/README.md" <<'MD'
# A page

```toml
[suite]
name = "ok"
[[check]]
name = "c"
[check.workload]
block_size = "8k"
block_mix = [ { size = "4k", pct = 60 }, { size = "64k", pct = 40 } ]
size = "1GiB"
[check.expect]
mbps_min = 1
```

```toml bad
[suite]
name = "fine"
[[check]]
name = "c"
[check.workload]
block_size = "8k"
size = "1GiB"
[check.expect]
mbps_min = 1
```

```ini
[[check]]
name = "hidden"
```

```toml draft
[suite]
```

```toml fragment
[check.expect]
iops_min = 300
```
MD
rc=0
examples "$iogate" "$fake" "$E2E_DIR/selftest-work" selftest >"$E2E_DIR/selftest.out" 2>&1 || rc=$?
sed 's/^/  (self-test) /' "$E2E_DIR/selftest.out"
[ "$rc" -eq 1 ] || fail "the self-test exited $rc, expected 1"
for line in "README.md:3: the toml block does not lint" "README.md:9:14: check \"c\": workload.block_size" \
  "README.md:16: the \`\`\`toml bad block is not refused" "README.md:28: a threshold file fenced as 'ini'" \
  "README.md:33: \`\`\`toml draft: the marks are" "0 toml blocks linted, 1 fragments skipped"; do
  grep -qF -- "$line" "$E2E_DIR/selftest.out" || fail "the self-test did not say: $line"
done
echo "self-test: a block that does not lint, a bad block that does, a threshold file fenced ini and an unknown mark each named at its line"

examples "$iogate" "$src" "$E2E_DIR/work" || fail "the documentation's examples (above)"
