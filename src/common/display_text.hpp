// Text read from a file or given by a user, made safe to show: on a terminal, in a CI log, in a
// Markdown page and inside an error message. A host label, a check name or a message comes from
// results files other hosts wrote; shown raw, an ESC sequence rewrites the terminal, a CR or a
// newline fakes a line of its own, and in Markdown `<!--` or a '|' hides the rows after it.
//
//   printable      every byte that is not printable ASCII or part of valid UTF-8 (C0 controls,
//                  DEL, the C1 controls U+0080-U+009F, malformed UTF-8) becomes "\xNN"; the
//                  rest is kept, so a valid name reads as it was written.
//   quoted_excerpt printable, cut to a bound and quoted: what an error may echo of a value it
//                  refuses, so neither a long nor a binary value reaches the message whole.
//   markdown_text  printable, then HTML ('<', '>', '&') as entities and table syntax ('|', '`',
//                  and '\\' itself) backslash-escaped: safe in a table cell and in running text.
//   markdown_code  printable with '`' replaced by '\'': safe inside a `code span`, where
//                  entities and backslashes would show literally.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace iogate {

inline constexpr std::size_t kExcerptBytes = 40;
// What an error shows in place of a value read from an input document: the file may be one the
// caller could not read (iogate runs as root in CI, and its errors land in logs many read), so a
// refusal names the file, the key and what was expected, and of the value only its kind.
inline constexpr std::string_view kValueNotShown = "(value not shown)";

std::string printable(std::string_view text);
// Why a path given from outside is refused: it holds a control character (a newline, ESC, a C1
// control: what printable escapes but malformed UTF-8), which would split or rewrite the lines of
// every message and report that names it, and which they could show only escaped, as no name a
// reader could type. "its path holds a control character (\x0a), ..."; nullopt when it holds
// none. The datastore, every file read by name and every output are held to it before anything
// names them, and the refusal shows the path through printable.
std::optional<std::string> path_control_problem(std::string_view path);
std::string quoted_excerpt(std::string_view text, std::size_t max_bytes = kExcerptBytes);
std::string markdown_text(std::string_view text);
std::string markdown_code(std::string_view text);
// "1 check", "3 checks": a count with its noun, plural but for one (nouns that take an s).
std::string counted(std::size_t n, std::string_view noun);

// The length of the valid UTF-8 sequence at text[i] (1 to 4), or 0 where it is malformed
// (overlong forms, surrogates, above U+10FFFF, U+FFFE and U+FFFF).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

}  // namespace iogate
