#!/bin/sh
# check_vocabulary.py can fail: a tree holding the real workload table and a key spelt in two more
# files of the checked layers is refused, naming the key and the files; with one more file it passes.
set -eu
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/engine" "$tmp/src/cli" "$tmp/src/results" "$tmp/include/iogate"
cp "$src/src/engine/workload_keys.cpp" "$tmp/src/engine/"
printf 'const char* a = "queue_depth";\n' > "$tmp/src/cli/a.cpp"
# A comment does not count.
printf '// queue_depth: "queue_depth"\n' > "$tmp/src/results/b.cpp"
/usr/bin/python3 "$src/tests/layers/check_vocabulary.py" "$tmp" > "$tmp/out" ||
  { cat "$tmp/out"; echo "FAIL: refused a key spelt in two files"; exit 1; }
printf 'int n = f("queue_depth");\n' > "$tmp/src/results/c.cpp"
if /usr/bin/python3 "$src/tests/layers/check_vocabulary.py" "$tmp" > "$tmp/out"; then
  cat "$tmp/out"; echo "FAIL: accepted a key spelt in three files"; exit 1
fi
grep -q '"queue_depth" is spelt in 3 files' "$tmp/out" || { cat "$tmp/out"; exit 1; }
grep -q 'src/results/c.cpp' "$tmp/out" || { cat "$tmp/out"; exit 1; }
echo "ok: planted spellings refused"
