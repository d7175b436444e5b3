// fleet.html's verdict banner (fleet_html_parts.hpp). The head is the worst of the fleet, as the
// exit status counts it: an outlier anywhere makes it red, else a host to rerun amber, else green.
// A host not compared is never silently part of "OK": the banner names it, and says how many
// hosts the OK stands on.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>
#include <unordered_set>
#include <vector>

#include "fleet_html_parts.hpp"
#include "reports/html_page.hpp"

namespace iogate::fleet_detail {
namespace {

using html::esc;

std::string link(std::size_t group, const std::string& host) {
  return fmt::format("<a href=\"#{}\">{}</a>", group_id(group), esc(host));
}

// "<a>vm04</a> (rand_read_4k: IOPS 41% of peers)": the host, its check and the figure its
// verdict is named by.
std::string named(std::size_t group, const FleetGroup& g, const HostVerdict& h) {
  const FigureVerdict* f = h.deciding_figure();
  if (f == nullptr) return fmt::format("{} ({})", link(group, h.host), esc(g.check));
  return fmt::format("{} ({}: {} {:.0f}% of peers)", link(group, h.host), esc(g.check),
                     esc(fleet_figure(f->key)->name), f->comparison.ratio * 100);
}

}  // namespace

std::string group_id(std::size_t i) { return fmt::format("group-{}", i); }

void write_fleet_banner(std::ostream& out, const FleetRecord& r) {
  const std::vector<std::string> rerun_list = r.rerun_hosts();
  const std::unordered_set<std::string> rerun(rerun_list.begin(), rerun_list.end());
  // outliers and undecided: the head's names; lines: the hosts' own lines, as the console's.
  std::vector<std::string> outliers, undecided, outlier_lines, undecided_lines, not_compared, notes;
  std::set<std::string> compared;
  for (std::size_t i = 0; i < r.groups.size(); ++i) {
    const FleetGroup& g = r.groups[i];
    std::vector<std::string> left_out;
    for (const HostVerdict& h : g.hosts) {
      if (!h.not_compared.empty()) {
        left_out.push_back(fmt::format("{} ({})", link(i, h.host), esc(h.not_compared)));
        continue;
      }
      compared.insert(h.host);
      if (h.outlier()) {
        outliers.push_back(named(i, g, h));
        outlier_lines.push_back("<li class=\"outlier\"><b>OUTLIER</b> " + esc(h.explanation) +
                                "</li>");
      }
      // A host that is an outlier elsewhere is not one to rerun (FleetRecord::rerun_hosts).
      if (h.undecided() && rerun.contains(h.host)) {
        undecided.push_back(named(i, g, h));
        undecided_lines.push_back("<li class=\"undecided\"><b>UNDECIDED</b> " + esc(h.explanation) +
                                  "</li>");
      }
      for (const FigureVerdict& f : h.figures)
        if (!f.note.empty())
          notes.push_back(fmt::format("{} ({}): {}", link(i, h.host), esc(g.check), esc(f.note)));
    }
    if (!left_out.empty())
      not_compared.push_back(fmt::format("{}: {}", esc(g.check), fmt::join(left_out, ", ")));
  }
  std::string cls, head;
  std::vector<std::string> lines = outlier_lines;
  lines.insert(lines.end(), undecided_lines.begin(), undecided_lines.end());
  if (!outliers.empty()) {
    cls = "fail";
    head = fmt::format("<b>OUTLIERS</b>: {}", fmt::join(outliers, ", "));
    if (!undecided.empty()) head += fmt::format("; rerun {}", fmt::join(undecided, ", "));
  } else if (!undecided.empty()) {
    cls = "skipped";
    head = fmt::format("<b>UNDECIDED</b>: rerun {}", fmt::join(undecided, ", "));
  } else if (!compared.empty()) {
    cls = "pass";
    head = compared.size() == r.hosts.size()
               ? fmt::format("<b>FLEET OK</b>: {} hosts compared, no outlier", compared.size())
               : fmt::format("<b>FLEET OK</b>: {} of {} hosts compared, no outlier",
                             compared.size(), r.hosts.size());
  } else {
    cls = "none";
    head = "<b>NO VERDICT</b>: no host could be compared with its peers";
  }
  for (const std::string& n : not_compared)
    lines.push_back("<li class=\"not-compared\">not compared in " + n + "</li>");
  for (const std::string& n : notes) lines.push_back("<li class=\"note\">" + n + "</li>");
  out << "<div id=\"verdict\" class=\"" << cls << "\">\n<p>" << head << "</p>\n";
  if (!lines.empty()) out << "<ul>\n" << fmt::format("{}\n", fmt::join(lines, "\n")) << "</ul>\n";
  out << "</div>\n";
}

}  // namespace iogate::fleet_detail
