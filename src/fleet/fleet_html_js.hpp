// The page script of fleet.html: per chart in the embedded data (<script id="iogate-data">), a bar
// per compared host with its figure (outliers red, their labels marked and red), and its peer
// median (the median of the OTHER hosts of its class, hence one per host) as a dashed line.
// It runs after the run report's kChartPrelude (reports/html_charts_js.hpp), which turns the
// animations off, says so where Chart.js is missing and counts the charts drawn for tests.
#pragma once

namespace iogate::html {

inline constexpr const char* kFleetChartsScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('iogate-data').textContent);
  if (!iogate.available()) return;
  var outlierColour = '#d62728', hostColour = '#1f77b4';
  data.charts.forEach(function (c) {
    iogate.chart(c.id, {
      data: {
        labels: c.hosts.map(function (h, i) { return c.outlier[i] ? h + ' (OUTLIER)' : h; }),
        datasets: [
          { type: 'bar', label: c.shown + ' (red: outlier)', data: c.values, order: 2,
            backgroundColor: c.outlier.map(function (o) { return o ? outlierColour : hostColour; }) },
          { type: 'line', label: 'peer median', data: c.medians, order: 1, showLine: false,
            borderColor: '#222', backgroundColor: '#222', pointStyle: 'line', pointRadius: 14,
            borderWidth: 3 } ] },
      options: {
        plugins: { title: { display: true, text: c.title } },
        scales: {
          x: { ticks: { color: function (ctx) {
            return c.outlier[ctx.index] ? outlierColour : '#444';
          } } },
          y: { beginAtZero: true, title: { display: true, text: c.shown } } } }
    });
  });
  iogate.done();
})();
)JS";

}  // namespace iogate::html
