#include "ctest_parent.hpp"

namespace iogate {

// Never, on Windows: keeping a laid-out file for a later process and taking it over there
// (ScratchArea::keep() and adopt()) is not in the Windows scratch area, so each check's process
// lays out what it needs and shares it only among its own checks. iogate_add_suite() does not ask
// for sharing on Windows either (cmake/IogateAddSuite.cmake).
CtestParent ctest_parent() {
  return {0, "test files are not kept across processes on Windows",
          "test files are not kept across processes on Windows"};
}

}  // namespace iogate
