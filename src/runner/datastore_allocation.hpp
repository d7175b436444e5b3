// Several datastores in one ctest run: the datastore ctest's resource allocation gave this check.
//
// iogate_add_suite() gives every check RESOURCE_GROUPS "datastores:1", one slot of one resource of
// type `datastores`. Under `ctest --resource-spec-file FILE`, ctest gives each check one datastore
// FILE lists and that no running check holds (each has one slot), and says which in the check's
// environment: CTEST_RESOURCE_GROUP_COUNT=1, CTEST_RESOURCE_GROUP_0=datastores,
// CTEST_RESOURCE_GROUP_0_DATASTORES=id:ds2,slots:1. Without a spec file ctest ignores the property.
//
// ctest ids are lowercase letters, digits and '_', never paths, so FILE also says which directory
// each id stands for, in a member ctest ignores (scripts/datastores-spec.sh writes it):
//
//   {"version": {"major": 1, "minor": 0},
//    "local": [{"datastores": [{"id": "ds0", "slots": 1, "dir": "/mnt/a"}, ...]}]}
//
// ctest does not tell a test which spec file it read, so IOGATE_RESOURCE_SPEC_FILE names the same
// file to the checks. It also tells the ctest script of iogate_add_suite() to drop the checks'
// RESOURCE_LOCK on the suite's one datastore, which would otherwise run them one at a time.
//
// Never a silent fallback to another datastore: an id the file does not list, an entry without an
// absolute "dir" naming an existing directory, more than one slot, another id for the same
// directory (two checks would share it), a spec file named while ctest allocated nothing, or a
// datastore allocated with no spec file named, is a DatastoreError naming the file, the id and
// what was expected.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "iogate/runner/run_settings.hpp"

namespace iogate {

struct AllocatedDatastore {
  std::string id;                   // ctest's, e.g. "ds2"
  std::filesystem::path dir;        // the directory the spec file maps it to
  std::filesystem::path spec_file;  // IOGATE_RESOURCE_SPEC_FILE
};

// The datastore ctest allocated to this process, read from the environment; nothing when ctest
// allocated none and IOGATE_RESOURCE_SPEC_FILE is unset (the datastore is then chosen as always,
// see resolve_datastore). DatastoreError as above.
std::optional<AllocatedDatastore> allocated_datastore();

// `flags` with the allocated datastore as this check's: it wins over IOGATE_DATASTORE and the
// suite's DATASTORE, which are whole-run defaults while the allocation is this check's own. A
// --datastore naming another directory is a DatastoreError: two explicit choices for one check.
DatastoreFlags with_allocated_datastore(DatastoreFlags flags, const AllocatedDatastore& allocated);

}  // namespace iogate
