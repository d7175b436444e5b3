// Private to the threshold parser: the keys of a threshold file, table by table, each with the
// shape of its value and a line for the reader.
//
// The parser refuses every key these tables do not list (reject_unknown_keys), and `iogate
// schema` (threshold_schema.cpp) describes the format from the same tables, so an editor that
// validates with the schema knows the keys the parser knows. A table says only what a JSON Schema
// can check: the type, the spelling, the choices, a range, the keys a table requires. Every value
// is still decided by its reader (toml_fields.hpp and the section readers), which also own the
// rules across keys (size a multiple of block_size, keys [defaults] lends, unique check names).
// threshold_keys_gtest holds each table to its reader: every example and every choice parses, and
// every range's edges are accepted and the values just past them refused.
#pragma once

#include <span>
#include <string_view>

#include "iogate/common/key_spec.hpp"
#include "iogate/engine/workload_keys.hpp"

namespace iogate::thresholds_detail {

using iogate::KeySpec;
using iogate::TableSpec;
using iogate::ValueKind;

// A threshold file: [suite], [defaults] and [[check]].
const TableSpec& document_table();
const TableSpec& suite_table();
const TableSpec& check_table();
// [defaults] and [check.workload]: the workload's own keys (iogate/engine/workload_keys.hpp).
const TableSpec& workload_table();
using iogate::block_mix_table;

}  // namespace iogate::thresholds_detail
