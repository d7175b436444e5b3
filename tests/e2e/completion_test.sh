# The bash completion `iogate completion bash` writes, sourced into bash and asked as bash asks
# it: subcommands (nested ones too), each command's own options, an option's value by its kind
# (directories for DIR, the choices of end|none), and no option of another command. The zsh
# script is the same one read through bashcompinit. --help and the man pages are checked for the
# sections help2man turns into EXIT STATUS, ENVIRONMENT and EXAMPLES.
iogate=$1
source "$IOGATE_E2E_LIB"
out="$E2E_DIR/out"; mkdir -p "$out/dirs/datastore-a" "$out/dirs/data-file-dir"
: > "$out/dirs/datafile.toml"

"$iogate" completion bash -o "$out/iogate.bash" || fail "iogate completion bash failed"
"$iogate" completion zsh -o "$out/_iogate" || fail "iogate completion zsh failed"
head -n 1 "$out/_iogate" | grep -qx '#compdef iogate' || fail "the zsh script has no #compdef line"
grep -q '^autoload -U +X bashcompinit && bashcompinit$' "$out/_iogate" || fail "zsh: no bashcompinit"

# complete WORD...: what bash offers for the last word (in the directory $out/dirs).
complete_words() {
  ( cd "$out/dirs" && bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
      _iogate; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort | tr "\n" " "' _ "$out/iogate.bash" "$@" )
}
expect() {  # expect "WANTED" WORD...
  local wanted=$1; shift
  local got; got=$(complete_words "$@")
  [ "$got" = "$wanted" ] || fail "completing '$*': got '$got', expected '$wanted'"
}
expect "check " iogate che
expect "compare completion " iogate comp
expect "import record " iogate baseline ""
expect "diskspd iometer " iogate baseline import ""
expect "record " iogate baseline rec
expect "--file-size --filter " iogate check --fil
expect "--filter " iogate check --filt
expect "--out " iogate baseline record --ou
expect "end none " iogate run --flush ""
expect "bash zsh " iogate completion ""
expect "data-file-dir datastore-a " iogate check x.toml --datastore data
expect "data-file-dir datafile.toml datastore-a " iogate lint data
expect "" iogate lint --fil   # --filter is check's, not lint's

# Every command's --help ends with the sections the man pages get.
for cmd in "" run check report fleet "baseline record" "import fio" "import iometer" "import diskspd" "baseline import iometer" "baseline import diskspd" completion; do
  help=$("$iogate" $cmd --help)
  for section in "Exit status:" "Environment:" "Examples:"; do
    grep -qx "$section" <<< "$help" || fail "iogate $cmd --help has no '$section'"
  done
  ! grep -Eq ' (INT|UINT|FLOAT|TEXT)\b|in \[' <<< "$help" || fail "iogate $cmd --help shows a parser type"
done
echo "completion: ok"
