# The installed package as a user's project meets it: iogate's `dev` component installed with
# `cmake --install` to a prefix, the prefix then moved (an installed package must not remember
# where it was put), and downstream_test.sh's project configured against the moved prefix alone,
# built, and run under ctest. As root, the source and build trees are covered by empty tmpfs mounts
# in a private mount namespace for the whole downstream run, so a file the package forgot to
# install, or a path into either tree, fails the build; without root they stay reachable, and only
# the check that the package's CMake files name neither tree remains.
cmake=$1; ctest=$2; iogate_build=$3; src=$4
source "$IOGATE_E2E_LIB"
trap cleanup_datastores EXIT
here=$(dirname "$0")

"$cmake" --install "$iogate_build" --prefix "$E2E_DIR/staged" --component dev \
  > "$E2E_DIR/install.log" 2>&1 || { cat "$E2E_DIR/install.log"; fail "cmake --install"; }
mv "$E2E_DIR/staged" "$E2E_DIR/prefix"
config=$(find "$E2E_DIR/prefix" -name iogateConfig.cmake -printf '%h\n')
[ -n "$config" ] || fail "no iogateConfig.cmake installed"
[ ! -e "$E2E_DIR/prefix/bin/iogate" ] || fail "the dev component installed bin/iogate"
if grep -rlF -e "$src" -e "$iogate_build" -e "$E2E_DIR/staged" "$config"; then
  fail "the installed CMake package names the source, build or install tree (files above)"
fi

# What the downstream run needs, copied out of the trees that get hidden.
kit="$E2E_DIR/kit"
mkdir "$kit"
cp "$IOGATE_E2E_LIB" "$here/downstream_test.sh" "$kit/"
cp -r "$here/downstream" "$kit/"
run_downstream() {  # run_downstream DIR: DIR is where E2E_DIR is seen
  IOGATE_E2E_SCRATCH="$1/scratch" IOGATE_E2E_LIB="$1/kit/lib.sh" \
    bash "$1/kit/downstream_test.sh" "$cmake" "$ctest" \
    "${config/#$E2E_DIR/$1}" "$1/kit/downstream"
}

if [ "$(id -u)" -eq 0 ] && unshare --mount --propagation private true 2> /dev/null; then
  # E2E_DIR lies in the build tree: bind it to a directory outside both trees first.
  outside=$(mktemp -d "${TMPDIR:-/tmp}/iogate-downstream.XXXXXX")
  trap 'cleanup_datastores; rmdir "$outside"' EXIT
  export -f run_downstream fail
  export cmake ctest config E2E_DIR
  unshare --mount --propagation private -- bash -euo pipefail -c '
    outside=$1; shift
    mount --bind "$E2E_DIR" "$outside"
    for tree in "$@"; do [ -d "$tree" ] && mount -t tmpfs -o size=1m,mode=0555 iogate-hidden "$tree"; done
    for tree in "$@"; do [ -z "$(ls -A "$tree" 2> /dev/null)" ] || fail "$tree is still visible"; done
    run_downstream "$outside"' hide "$outside" "$iogate_build" "$src"
  echo "downstream_installed: built and ran against the moved prefix with $src and $iogate_build hidden"
else
  run_downstream "$E2E_DIR"
  echo "downstream_installed: not root: ran against the moved prefix with the trees still reachable"
fi
