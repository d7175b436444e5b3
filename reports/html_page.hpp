// What every self-contained HTML page iogate writes shares (the run report, html_writer.cpp; the
// fleet page, src/fleet/fleet_html.cpp): its escaping, and how the figures, Chart.js and the
// page's own script are embedded. A page fetches nothing: Chart.js is inlined from the file
// Debian's libjs-chart.js installs (load_chart_js), the figures ride along as JSON.
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace iogate::html {

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
