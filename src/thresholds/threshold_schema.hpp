// The JSON Schema of a threshold file, for editors that validate and complete threshold files as
// they are typed (taplo, Even Better TOML): `iogate schema` prints it, and the package installs it
// as share/iogate/threshold.schema.json.
//
// It is written from the parser's own key tables (src/thresholds/threshold_keys.hpp), so it names
// every key the parser takes, with its type, spelling, choices and range, and refuses any other.
// Draft-07, the newest draft editors' TOML validators read reliably (python3-jsonschema reads it
// too). What a schema cannot say stays with `iogate lint`: the rules across keys (size a multiple
// of block_size, the keys [defaults] lends, the shares of a mix summing to 100), unique check
// names, a size's magnitude ("1.1k" is no whole number of bytes), and what a fio job file holds.
#pragma once

#include <string>

namespace iogate {

// The schema as indented JSON text, ending in a newline.
std::string threshold_schema();

}  // namespace iogate
