// What every self-contained HTML page iogate writes shares (the run report, html_writer.cpp; the
// history, history_html.cpp; the fleet page, src/fleet/fleet_html.cpp): its base style, its
// escaping, and how the figures, Chart.js and the
// page's own script are embedded. A page fetches nothing: Chart.js is inlined from the file
// Debian's libjs-chart.js installs (load_chart_js), the figures ride along as JSON.
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace iogate::html {

// The look every page starts from (text, tables, number cells); each page adds its own rules.
inline constexpr const char* kBaseStyle = R"CSS(
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
)CSS";

// Element content and attribute values alike. The XML escaping serves HTML too, and also keeps
// control bytes and broken UTF-8 out of the page.
std::string esc(const std::string& in);

// Keeps "</script>" (or any "</") inside a script element from closing it: for script source.
std::string script_safe(std::string text);

// `data` as the text of a <script type="application/json">: every '<' becomes \u003c (it can
// only occur inside a JSON string), so no "</script>" ends the element and no "<!--" puts the
// parser into the script-escape states that would swallow the scripts after it.
std::string script_json(const nlohmann::json& data);

// The end of a page: the figures as <script type="application/json" id="iogate-data">, Chart.js
// when `chart_js` is not empty, then `page_script` (which draws from the data), and the closing
// </body></html>.
void write_scripts(std::ostream& out, const nlohmann::json& data, const std::string& chart_js,
                   const char* page_script);

}  // namespace iogate::html
