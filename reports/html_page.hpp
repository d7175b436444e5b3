// What every self-contained HTML page iogate writes shares (the run report, html_writer.cpp; the
// history, history_html.cpp; the fleet page, fleet/fleet_html.cpp): its base style, its
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

// The verdict banner a page opens with (<div id="verdict" class="pass|fail|skipped|none">, a
// <p> head and a <ul> of what did not pass): one look for the run report and the fleet page, so
// green, red and amber mean the same on both.
// A check's status as the background of its cell (pass green, fail and error red, unstable and
// skipped amber): the run's page and the history page colour their tables alike.
inline constexpr const char* kStatusStyle =
    R"CSS(.pass { background: #d9f2d9; } .fail, .error { background: #f8d0d0; }
.unstable, .skipped { background: #fbeec0; }
)CSS";

inline constexpr const char* kVerdictStyle = R"CSS(
#verdict { padding: 0.6em 1em; border-radius: 6px; margin: 0.5em 0 1em; }
#verdict.pass { background: #d9f2d9; border: 2px solid #3c9a3c; }
#verdict.fail { background: #f8d0d0; border: 2px solid #c0392b; }
#verdict.skipped, #verdict.none { background: #fbeec0; border: 2px solid #b8860b; }
#verdict p { margin: 0.2em 0; font-size: 1.2em; } #verdict ul { margin: 0.3em 0; }
)CSS";

// Charts side by side, each a <figure> of its <canvas> and a <figcaption> no wider than the
// run report's charts (560 px), so a caption reads as the chart's and not as the page's.
inline constexpr const char* kChartFiguresStyle = R"CSS(
.charts figure { display: inline-block; margin: 0 1em 1em 0; vertical-align: top; }
.charts canvas { border: 1px solid #eee; }
.charts figcaption { font-size: 0.85em; color: #444; max-width: 560px; }
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
