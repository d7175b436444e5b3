// fmt's compiled part, built once where Debian's libfmt cannot be linked: the Windows build
// (Debian ships fmt for Windows only as headers) and the static build (Debian's libfmt is a
// shared library only). In header-only mode every file that formats compiled all of fmt again (a
// third of such a file's compile time), so those builds compile it here once, as Debian's libfmt
// does, and the rest of the build includes the headers without FMT_HEADER_ONLY.
#include <fmt/format-inl.h>

// What the headers declare `extern template` or leave to the compiled library: the instances
// of fmt's locale and formatting templates that formatting with a char or wchar_t needs.
FMT_BEGIN_NAMESPACE
namespace detail {
template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;
template FMT_API auto thousands_sep_impl<char>(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto thousands_sep_impl<wchar_t>(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
template FMT_API void vformat_to(buffer<char>&, string_view,
                                 basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);
template FMT_API void buffer<char>::append(const char*, const char*);
}  // namespace detail
FMT_END_NAMESPACE
