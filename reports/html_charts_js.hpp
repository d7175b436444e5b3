// The page script of the HTML report: draws each check's charts with Chart.js from the JSON the
// writer embeds (<script id="iogate-data">). Animations are off so a page is complete as soon as
// it has loaded (headless screenshots, printing). When Chart.js is missing the tables remain and
// a note says why. body[data-charts] holds how many charts were drawn, for tests.
#pragma once

namespace iogate::html {

inline constexpr const char* kChartsScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('iogate-data').textContent);
  var drawn = 0;
  if (typeof Chart === 'undefined') {
    document.querySelectorAll('.charts').forEach(function (el) {
      el.textContent = 'Charts unavailable: this page was written without Chart.js ' +
                       '(install Debian\'s libjs-chart.js and write it again).';
    });
    document.body.dataset.charts = '0';
    return;
  }
  Chart.defaults.animation = false;
  Chart.defaults.responsive = false;
  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) return;
    new Chart(canvas, config);
    drawn += 1;
  }
  function axis(title, type) {
    return { type: type || 'linear', title: { display: true, text: title } };
  }
  data.checks.forEach(function (c, i) {
    chart('tp-' + i, {
      type: 'line',
      data: { datasets: [
        { label: 'MB/s', data: c.intervals.map(function (s) { return { x: s[0], y: s[1] }; }),
          borderColor: '#1f77b4', yAxisID: 'y', pointRadius: 2 },
        { label: 'IOPS', data: c.intervals.map(function (s) { return { x: s[0], y: s[2] }; }),
          borderColor: '#ff7f0e', yAxisID: 'y1', pointRadius: 2 } ] },
      options: { scales: { x: axis('seconds'), y: axis('MB/s'),
                           y1: Object.assign(axis('IOPS'), { position: 'right' }) } }
    });
    chart('lat-' + i, {
      type: 'line',
      data: { labels: c.percentiles.map(function (p) { return p[0]; }),
              datasets: [{ label: 'latency ms', data: c.percentiles.map(function (p) { return p[1]; }),
                           borderColor: '#2ca02c', stepped: false }] },
      options: { scales: { x: { title: { display: true, text: 'percentile' } },
                           y: axis('ms', 'logarithmic') } }
    });
    if (c.baseline.length) chart('bl-' + i, {
      type: 'bar',
      data: { labels: c.baseline.map(function (b) { return b[0]; }),
              datasets: [
                { label: 'baseline', data: c.baseline.map(function (b) { return b[1]; }),
                  backgroundColor: '#9e9e9e' },
                { label: 'current', data: c.baseline.map(function (b) { return b[2]; }),
                  backgroundColor: '#1f77b4' } ] }
    });
  });
  document.body.dataset.charts = String(drawn);
})();
)JS";

}  // namespace iogate::html
