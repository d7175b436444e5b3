// Reading esxcli's two output shapes, as its default formatter prints them.
//
// A table: a header line, a line of dash runs, then one line per row.
//
//   HBA Name  Driver  Link State  UID           Capabilities  Description
//   --------  ------  ----------  ------------  ------------  -----------
//   vmhba0    pvscsi  link-n/a    pscsi.vmhba0                (0000:02:00.0) VMware Inc. PVSCSI ...
//
// Names and values hold single spaces ("Link State", "VMware Inc. PVSCSI"), and cells can be
// empty (Capabilities), so splitting on blanks would misplace them: the columns are the dash runs.
// Numbers and booleans are right-aligned in their run ("   true"), and a last column can be sized
// by its header alone with longer values running past it (Description). A cell is the row's text
// from its run's start to the next run's start (the last one's: to the end of the line), trimmed.
//
// A list of blocks: an unindented line naming an object, then its "   Key: value" lines, blocks
// separated by blank lines (esxcli storage core device list, ... path list). Values are trimmed:
// SCSI inquiry strings come padded ("Vendor: HP      ").
//
// What these parsers take is foreign text. Output that is cut short (no final newline), longer
// than kMaxEsxcliLine in any line, without its dashes line, or with a row that writes into the gap
// between two columns is refused whole (std::nullopt): a fingerprint reads nothing rather than a
// misaligned guess. They never throw for what the text holds.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iogate::detail {

// Longer lines than any esxcli prints (its widest, a path UID, is under 300 characters).
inline constexpr std::size_t kMaxEsxcliLine = 4096;

// One table row, or one block's "Key: value" lines, by column or key name.
using EsxcliFields = std::map<std::string, std::string, std::less<>>;

struct EsxcliBlock {
  std::string name;  // the unindented line: naa.600508b1001c..., a path's UID
  EsxcliFields fields;
};

// The value under `key`, empty if there is none.
std::string field(const EsxcliFields& fields, std::string_view key);

std::optional<std::vector<EsxcliFields>> parse_esxcli_table(std::string_view text);
std::optional<std::vector<EsxcliBlock>> parse_esxcli_blocks(std::string_view text);

}  // namespace iogate::detail
