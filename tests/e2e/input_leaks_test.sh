# What an input may reveal: iogate's errors end up in CI logs that many read, so no error quotes
# a file not every user may read, a file named inside another is read only if that file's owner
# could read it, nothing under /proc or /sys is read that way, and a value from the environment
# is shown as the ${VAR} it came from. A secret planted in each input must not reach the output.
iogate=$1
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
out=$E2E_DIR
secret="sk-LIVE-SECRET-TOKEN-$$"

expect_exit() {  # expected-rc log command...
  local want=$1 log=$2; shift 2
  set +e; "$@" > "$log" 2>&1; local rc=$?; set -e
  [ "$rc" = "$want" ] || { cat "$log" >&2; fail "exit $rc, expected $want: $*"; }
}
no_secret() {  # log what
  ! grep -q -- "$secret" "$1" || { cat "$1" >&2; fail "$2: the secret is in the output"; }
  ! grep -q -- "AWS_SECRET" "$1" || { cat "$1" >&2; fail "$2: the environment's value is in the output"; }
}

# A token file only its owner may read, given as a job file: named by line, not quoted.
printf '%s\n' "$secret" > "$out/token"
chmod 600 "$out/token"
expect_exit 2 "$out/token.log" "$iogate" import fio "$out/token" --expect iops_min=1
no_secret "$out/token.log" "import of a 0600 token file"
assert_contains "$out/token.log" "token:1:1: \(not shown: the file is not readable by every user\)" "the line is named"

# The same file included from a job file: its option line is not quoted either.
printf 'bs=%s\n' "$secret" > "$out/private.fioinc"
chmod 600 "$out/private.fioinc"
printf '[job]\nrw=read\ninclude private.fioinc\n' > "$out/includes.fio"
expect_exit 2 "$out/include.log" "$iogate" import fio "$out/includes.fio" --expect iops_min=1
no_secret "$out/include.log" "a 0600 include"
assert_contains "$out/include.log" "private.fioinc:1:1: \(not shown" "the include's line is named"

# A job file another user wrote may not include what that user cannot read (root can read it).
if [ "$(id -u)" -eq 0 ] && id nobody > /dev/null 2>&1; then
  printf '[job]\nrw=read\ninclude %s\n' "$out/private.fioinc" > "$out/theirs.fio"
  chown nobody: "$out/theirs.fio"
  expect_exit 2 "$out/theirs.log" "$iogate" import fio "$out/theirs.fio" --expect iops_min=1
  no_secret "$out/theirs.log" "an include the job file's owner cannot read"
  assert_contains "$out/theirs.log" "uid 65534, the owner of $out/theirs.fio, may not read it; refused" "refused by owner"
  # The same through a threshold file's fio_job.
  printf '[suite]\nname = "t"\n[[check]]\nname = "c"\nfio_job = "%s"\n[check.expect]\niops_min = 1\n' \
    "$out/private.fioinc" > "$out/theirs.toml"
  chown nobody: "$out/theirs.toml"
  expect_exit 2 "$out/lint.log" "$iogate" lint "$out/theirs.toml"
  no_secret "$out/lint.log" "fio_job naming a file its owner cannot read"
  assert_contains "$out/lint.log" "may not read it; refused" "fio_job refused by owner"
fi

# /proc and /sys are never read as an include.
printf '[job]\nrw=read\ninclude /proc/self/environ\n' > "$out/proc.fio"
expect_exit 2 "$out/proc.log" env IOGATE_LEAK="$secret" "$iogate" import fio "$out/proc.fio" --expect iops_min=1
no_secret "$out/proc.log" "include /proc/self/environ"
assert_contains "$out/proc.log" "is a file of the kernel's \(/proc, /sys\)" "/proc refused"

# ${VAR}: an error about the value shows the variable, not its value.
printf '[job]\nrw=read\nsize=1m\nbs=${LEAKY_BS}\n' > "$out/env.fio"
expect_exit 2 "$out/env.log" env LEAKY_BS=AWS_SECRET_abc123 "$iogate" import fio "$out/env.fio" --expect iops_min=1
no_secret "$out/env.log" "a \${VAR} value"
assert_contains "$out/env.log" 'got "\$\{LEAKY_BS\}"' "the variable is named"

# import refuses to overwrite its own job file, even with --force, and any other file without it.
cp "$out/env.fio" "$out/victim.fio"
for force in "" --force; do
  expect_exit 2 "$out/self.log" env LEAKY_BS=4k "$iogate" import fio "$out/victim.fio" \
    -o "$out/victim.fio" --expect iops_min=1 $force
  assert_contains "$out/self.log" "victim.fio is named as an output and as an input" "import over its input"
done
cp "$out/env.fio" "$out/other.fio"
expect_exit 2 "$out/other.log" env LEAKY_BS=4k "$iogate" import fio "$out/victim.fio" -o "$out/other.fio" --expect iops_min=1
assert_contains "$out/other.log" "other.fio: exists; give --force to replace it" "import over another file"
cmp -s "$out/env.fio" "$out/victim.fio" || fail "import overwrote its own job file"
echo "PASS"
