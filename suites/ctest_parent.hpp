// The process a suite's checks keep a shared test file for (runner/layout_pool.hpp): the
// ctest run that started this process. One file per platform (ctest_parent_posix.cpp,
// ctest_parent_windows.cpp).
#pragma once

#include <string_view>

#include "iogate/engine/native_handle.hpp"

namespace iogate {

struct CtestParent {
  ProcessId pid = 0;  // 0: none, for the reasons below
  // When there is none, why, as --share-layouts-with-parent and --remove-kept-layouts say it.
  std::string_view not_shared;  // "the parent process is not ctest"
  std::string_view none_kept;   // "not started by ctest"
};

CtestParent ctest_parent();

}  // namespace iogate
