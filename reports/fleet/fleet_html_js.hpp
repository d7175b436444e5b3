// The page script of fleet.html: per chart in the embedded data (<script id="iogate-data">), a bar
// per compared host with its figure, coloured by what the fleet made of it (states: outlier red,
// undecided amber, a latency beyond its threshold but no outlier light blue, ok blue; the host's
// name under its bar says the same in words), and its peer median (the median of the OTHER hosts
// of its class, hence one per host) as a black line across its bar. The y axis is the figure's,
// with its unit, from zero: a bar's height is then its figure, and half as tall is half as fast.
// It runs after the run report's kChartPrelude (reports/html_charts_js.hpp), which turns the
// animations off, says so where Chart.js is missing and counts the charts drawn for tests; each
// canvas also records its red bars (data-outlier-bars) and the peer-median marks laid out
// (data-median-marks).
#pragma once

namespace iogate::html {

inline constexpr const char* kFleetChartsScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('iogate-data').textContent);
  if (!iogate.available()) return;
  var colours = { outlier: '#d62728', undecided: '#e0a000', within: '#9ecae1', ok: '#1f77b4' };
  var marks = { outlier: 'OUTLIER', undecided: 'undecided: rerun', within: 'not an outlier' };
  var meaning = { ok: null, outlier: 'outlier', undecided: 'undecided: rerun',
                  within: 'beyond the threshold, not an outlier (see below)' };
  data.charts.forEach(function (c) {
    var present = {};
    c.states.forEach(function (s) { present[s] = true; });
    var legend = function () {
      var items = [{ text: c.name, fillStyle: colours.ok, strokeStyle: colours.ok, lineWidth: 0 }];
      ['outlier', 'undecided', 'within'].forEach(function (s) {
        if (present[s]) {
          items.push({ text: meaning[s], fillStyle: colours[s], strokeStyle: colours[s],
                       lineWidth: 0 });
        }
      });
      items.push({ text: 'peer median (the other hosts)', fillStyle: '#222', strokeStyle: '#222',
                   lineWidth: 3, pointStyle: 'line' });
      return items;
    };
    var chart = iogate.chart(c.id, {
      data: {
        labels: c.hosts.map(function (h, i) {
          var m = marks[c.states[i]];
          return m ? [h, m] : h;
        }),
        datasets: [
          { type: 'bar', label: c.name, data: c.values, order: 2,
            backgroundColor: c.states.map(function (s) { return colours[s]; }) },
          { type: 'line', label: 'peer median', data: c.medians, order: 1, showLine: false,
            borderColor: '#222', backgroundColor: '#222', pointStyle: 'line', pointRadius: 14,
            pointHoverRadius: 14, borderWidth: 3 } ] },
      options: {
        plugins: {
          title: { display: true, text: c.title },
          legend: { onClick: function () {}, labels: { usePointStyle: false,
                                                        generateLabels: legend } } },
        scales: {
          x: { title: { display: true, text: 'host' },
               ticks: { autoSkip: false, maxRotation: 45,
                        color: function (ctx) {
                          var s = c.states[ctx.index];
                          return s === 'outlier' ? colours.outlier : '#333';
                        } } },
          y: iogate.fromZero(c.axis) } }
    });
    if (!chart) return;
    // The peer-median mark spans its bar, whatever the number of hosts.
    var bars = chart.getDatasetMeta(0).data;
    if (bars.length && bars[0].width) {
      chart.data.datasets[1].pointRadius = bars[0].width / 2;
      chart.data.datasets[1].pointHoverRadius = bars[0].width / 2;
      chart.update();
    }
    var canvas = document.getElementById(c.id);
    canvas.dataset.outlierBars = String(chart.data.datasets[0].backgroundColor.filter(
        function (colour) { return colour === colours.outlier; }).length);
    canvas.dataset.medianMarks = String(chart.getDatasetMeta(1).data.length);
  });
  iogate.done();
})();
)JS";

}  // namespace iogate::html
