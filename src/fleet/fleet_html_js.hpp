// The page script of fleet.html: per chart in the embedded data (<script id="iogate-data">), a bar
// per compared host with its figure (outliers red, their labels marked and red), and its peer
// median (the median of the OTHER hosts of its class, hence one per host) as a dashed line.
// Animations are off so the page is complete once loaded (headless screenshots, printing).
// body[data-charts] holds how many charts were drawn, for tests. Without Chart.js the page says
// so in its HTML and this draws nothing.
#pragma once

namespace iogate::html {

inline constexpr const char* kFleetChartsScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('iogate-data').textContent);
  var drawn = 0;
  if (typeof Chart === 'undefined') {
    document.body.dataset.charts = '0';
    return;
  }
  Chart.defaults.animation = false;
  Chart.defaults.responsive = false;
  var outlierColour = '#d62728', hostColour = '#1f77b4';
  data.charts.forEach(function (c) {
    var canvas = document.getElementById(c.id);
    if (!canvas) return;
    new Chart(canvas, {
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
    drawn += 1;
  });
  document.body.dataset.charts = String(drawn);
})();
)JS";

}  // namespace iogate::html
