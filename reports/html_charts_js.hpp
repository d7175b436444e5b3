// The page scripts of iogate's HTML pages, drawn with Chart.js (no plugins) from the JSON the
// writer embeds (<script id="iogate-data">).
//
// kChartPrelude, shared by the run report and the history page: Chart.js's animations off so a
// page is complete once it has loaded (headless screenshots, printing); without Chart.js the
// tables remain and a note says why. It records on each canvas what it drew, for tests:
// data-bound-lines (the bound datasets Chart.js laid out points for), data-ymin and data-ymax
// (the y axis as drawn), data-yticks (the y axis's labelled ticks, "value=label" joined by "|");
// body[data-charts] holds how many charts were drawn.
#pragma once

namespace iogate::html {

inline constexpr const char* kChartPrelude = R"JS(
var iogate = (function () {
  var drawn = 0;
  function available() {
    if (typeof Chart !== 'undefined') {
      Chart.defaults.animation = false;
      Chart.defaults.responsive = false;
      return true;
    }
    document.querySelectorAll('.charts').forEach(function (el) {
      el.textContent = 'Charts unavailable: this page was written without Chart.js ' +
                       '(install Debian\'s libjs-chart.js and write it again).';
    });
    document.body.dataset.charts = '0';
    return false;
  }
  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (!canvas) return null;
    var c = new Chart(canvas, config);
    drawn += 1;
    var bounds = 0;
    c.data.datasets.forEach(function (d, k) {
      if (d.iogateBound && c.getDatasetMeta(k).data.length > 0) bounds += 1;
    });
    canvas.dataset.boundLines = String(bounds);
    if (c.scales.y) {
      canvas.dataset.ymin = String(c.scales.y.min);
      canvas.dataset.ymax = String(c.scales.y.max);
      canvas.dataset.yticks = c.scales.y.ticks
          .filter(function (t) { return t.label !== '' && t.label !== undefined; })
          .map(function (t) { return t.value + '=' + t.label; }).join('|');
    }
    return c;
  }
  function done() { document.body.dataset.charts = String(drawn); }
  function axis(title, type) {
    return { type: type || 'linear', title: { display: true, text: title } };
  }
  // A rate (or any positive figure): its axis starts at zero, so a 10% change looks like one.
  function fromZero(title) {
    var a = axis(title);
    a.min = 0;
    a.beginAtZero = true;
    return a;
  }
  // A bound: a dashed red flat line (a dataset of its own, no plugin needed).
  function bound(label, data, yAxisID) {
    return { label: label, data: data, borderColor: '#d62728', backgroundColor: '#d62728',
             borderDash: [6, 4], borderWidth: 2, pointRadius: 0, fill: false,
             yAxisID: yAxisID || 'y', iogateBound: true };
  }
  // The round number at or above v an axis can end on: 1, 2, 2.5 or 5 times a power of ten.
  function niceCeil(v) {
    if (!(v > 0)) return 1;
    var p = Math.pow(10, Math.floor(Math.log10(v)));
    var steps = [1, 2, 2.5, 5, 10];
    for (var k = 0; k < steps.length; k++) if (steps[k] * p >= v) return steps[k] * p;
    return 10 * p;
  }
  // A bound far above the figures: a red triangle on the top edge at x, the axis kept on them.
  function offScaleMark(label, x, top) {
    var mark = bound(label + ' (off the scale, above)', [{ x: x, y: top }]);
    mark.showLine = false;
    mark.pointStyle = 'triangle';
    mark.pointRadius = 10;
    mark.borderDash = [];
    mark.clip = false;
    return mark;
  }
  // A figure with its unit, in as few digits as it needs: "0.05 ms", "20 ms", "1500 ms".
  function withUnit(v, unit) { return String(Number(v.toPrecision(3))) + ' ' + unit; }
  // A log axis over [lo, hi] that reads at a glance: it starts and ends on 1-2-5 steps, so its
  // top has a label however far the figures reach, and every 1, 2 and 5 of each decade is
  // labelled with its unit (Chart.js labels only some, none at all above the last decade it
  // happens to end in). The other ticks keep their grid lines.
  function logAxis(title, unit, lo, hi) {
    var steps = [1, 2, 5];
    function down(v) {
      var p = Math.pow(10, Math.floor(Math.log10(v)));
      for (var k = steps.length - 1; k >= 0; k--) if (steps[k] * p <= v * (1 + 1e-9)) return steps[k] * p;
      return p;
    }
    function up(v) {
      var p = Math.pow(10, Math.floor(Math.log10(v)));
      for (var k = 0; k < steps.length; k++) if (steps[k] * p >= v * (1 - 1e-9)) return steps[k] * p;
      return 10 * p;
    }
    var a = axis(title, 'logarithmic');
    if (lo > 0 && hi > 0) {
      a.min = down(lo);
      a.max = up(hi);
    }
    a.afterBuildTicks = function (scale) {
      // The ends as ticks of their own, so the top and the bottom are labelled.
      var values = scale.ticks.map(function (t) { return t.value; });
      [scale.min, scale.max].forEach(function (v) {
        if (values.every(function (w) { return Math.abs(w - v) > v * 1e-9; })) scale.ticks.push({ value: v });
      });
      scale.ticks.sort(function (x, y) { return x.value - y.value; });
    };
    a.ticks = { autoSkip: false, callback: function (v) {
      var mantissa = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
      var round = steps.some(function (s) { return Math.abs(mantissa - s) < 1e-6; });
      return round ? withUnit(v, unit) : '';
    } };
    return a;
  }
  return { available: available, chart: chart, done: done, axis: axis, fromZero: fromZero,
           bound: bound, niceCeil: niceCeil, offScaleMark: offScaleMark,
           logAxis: logAxis };
})();
)JS";

// The run report (html_writer.cpp): per check throughput over time, latency by percentile, and
// now/baseline with the verdict's interval.
inline constexpr const char* kChartsScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('iogate-data').textContent);
  if (!iogate.available()) return;
  data.checks.forEach(function (c, i) {
    // One rate per chart; a bound off the scale is a triangle on the top edge, the axis kept on
    // the figures (html_writer.cpp says why).
    c.rates.forEach(function (r) {
      var last = r.points.length ? r.points[r.points.length - 1][0] : 1;
      var x = iogate.fromZero('seconds');
      var y = iogate.fromZero(r.unit);
      if (r.bounds.some(function (b) { return b.off_scale; })) y.max = iogate.niceCeil(r.top * 1.1);
      var sets = [{ label: r.unit, borderColor: '#1f77b4', pointRadius: 2,
                    data: r.points.map(function (p) { return { x: p[0], y: p[1] }; }) }];
      r.bounds.forEach(function (b) {
        if (!b.off_scale) {
          sets.push(iogate.bound(b.label, [{ x: 0, y: b.value }, { x: last, y: b.value }]));
          return;
        }
        sets.push(iogate.offScaleMark(b.label, last / 2, y.max));
      });
      iogate.chart('tp-' + i + '-' + r.id, {
        type: 'line', data: { datasets: sets },
        options: { scales: { x: x, y: y } }
      });
    });
    // Each run's duration, a bar each, its bounds and the verdict's interval (shaded).
    if (c.duration) {
      var d = c.duration;
      var runs = d.values.map(function (v, k) { return String(k + 1); });
      var dy = iogate.fromZero('duration (' + d.unit + ')');
      if (d.bounds.some(function (b) { return b.off_scale; })) dy.max = iogate.niceCeil(d.top * 1.1);
      var dsets = [{ type: 'bar', label: 'duration (' + d.unit + ')', data: d.values,
                     backgroundColor: 'rgba(31, 119, 180, 0.6)', borderColor: '#1f77b4' }];
      if (d.low !== null && d.high !== null) {
        dsets.push({ type: 'line', label: "verdict's interval, low", pointRadius: 0, borderWidth: 1,
                     borderColor: 'rgba(255, 127, 14, 0.8)', iogateUnlisted: true,
                     data: runs.map(function () { return d.low; }) });
        dsets.push({ type: 'line', label: "verdict's interval", pointRadius: 0, borderWidth: 1,
                     borderColor: 'rgba(255, 127, 14, 0.8)', backgroundColor: 'rgba(255, 127, 14, 0.25)',
                     fill: '-1', data: runs.map(function () { return d.high; }) });
      }
      d.bounds.forEach(function (b) {
        if (!b.off_scale) {
          var line = iogate.bound(b.label, runs.map(function () { return b.value; }));
          line.type = 'line';
          dsets.push(line);
          return;
        }
        var mark = iogate.offScaleMark(b.label, 0, dy.max);
        mark.type = 'line';
        mark.data = runs.map(function (r, k) { return k === Math.floor((runs.length - 1) / 2) ? dy.max : null; });
        dsets.push(mark);
      });
      iogate.chart('dur-' + i, {
        type: 'bar', data: { labels: runs, datasets: dsets },
        options: { scales: { x: { title: { display: true, text: 'run' } }, y: dy },
                   plugins: { legend: { labels: { filter: function (item, data) {
                     return !data.datasets[item.datasetIndex].iogateUnlisted; } } } } }
      });
    }
    var labels = c.percentiles.map(function (p) { return p[0]; });
    var lat = [{ label: 'latency ms', data: c.percentiles.map(function (p) { return p[1]; }),
                 borderColor: '#2ca02c', stepped: false }];
    c.latency_bounds.forEach(function (b) {
      lat.push(iogate.bound(b.label, labels.map(function () { return b.value; })));
    });
    var drawn = c.percentiles.map(function (p) { return p[1]; })
        .concat(c.latency_bounds.map(function (b) { return b.value; }))
        .filter(function (v) { return v > 0; });
    iogate.chart('lat-' + i, {
      type: 'line', data: { labels: labels, datasets: lat },
      options: { scales: { x: { title: { display: true, text: 'percentile' } },
                           y: iogate.logAxis('latency (log scale)', 'ms',
                                             Math.min.apply(null, drawn), Math.max.apply(null, drawn)) } }
    });
    if (!c.baseline.length) return;
    var keys = c.baseline.map(function (b) { return b.key; });
    var bl = [
      { type: 'bar', label: 'now / baseline: interval',
        data: c.baseline.map(function (b) {
          return b.low !== null && b.high !== null ? [b.low, b.high] : null; }),
        backgroundColor: 'rgba(31, 119, 180, 0.35)', borderColor: '#1f77b4', borderWidth: 1 },
      { type: 'line', label: 'now / baseline: median', showLine: false, pointRadius: 5,
        data: c.baseline.map(function (b) { return b.baseline ? b.current / b.baseline : null; }),
        borderColor: '#1f77b4', backgroundColor: '#1f77b4' },
      { type: 'line', label: 'baseline (1.0)', data: keys.map(function () { return 1; }),
        borderColor: '#7f7f7f', pointStyle: 'line', pointRadius: 30, borderWidth: 2 } ];
    if (c.baseline.some(function (b) { return b.bound !== null; })) {
      var line = iogate.bound('bound', c.baseline.map(function (b) { return b.bound; }));
      line.type = 'line';
      line.showLine = false;
      line.pointStyle = 'line';
      line.pointRadius = 30;
      line.borderWidth = 3;
      bl.push(line);
    }
    iogate.chart('bl-' + i, {
      type: 'bar', data: { labels: keys, datasets: bl },
      options: { scales: { y: iogate.fromZero('now / baseline') } }
    });
  });
  iogate.done();
})();
)JS";

// The history page (history_html.cpp): per check and figure, its value over the runs, the bound
// each run was held to, the baseline's band and the run where it changed. A changed workload
// splits the line: the runs before it grey, not joined to the runs from it on, and a grey diamond
// at the run it changed. data-marked and data-workload-marked on a canvas hold the runs the two
// markers were drawn at (1-based), for tests.
inline constexpr const char* kHistoryScript = R"JS(
(function () {
  var data = JSON.parse(document.getElementById('iogate-data').textContent);
  if (!iogate.available()) return;
  data.series.forEach(function (s, k) {
    var from = s.workload_change === null ? 0 : s.workload_change;
    var sets = [{ label: s.figure, borderColor: '#1f77b4', backgroundColor: '#1f77b4',
                  pointRadius: 3, spanGaps: true, fill: false,
                  data: s.values.map(function (v, r) { return r >= from ? v : null; }) }];
    if (from > 0)
      sets.push({ label: s.figure + ', earlier workload', borderColor: '#9a9a9a',
                  backgroundColor: '#9a9a9a', pointRadius: 3, spanGaps: true, fill: false,
                  data: s.values.map(function (v, r) { return r < from ? v : null; }) });
    if (s.low.some(function (v) { return v !== null; })) {
      sets.push({ label: 'baseline low', data: s.low, borderColor: 'rgba(127,127,127,0.6)',
                  pointRadius: 0, borderWidth: 1, fill: false, spanGaps: true });
      sets.push({ label: 'baseline band', data: s.high, borderColor: 'rgba(127,127,127,0.6)',
                  backgroundColor: 'rgba(127,127,127,0.25)', pointRadius: 0, borderWidth: 1,
                  fill: '-1', spanGaps: true });
    }
    if (s.bounds.some(function (v) { return v !== null; })) {
      var b = iogate.bound('bound ' + s.bound_key, s.bounds);
      b.stepped = 'middle';
      b.spanGaps = true;
      sets.push(b);
    }
    if (s.change !== null)
      sets.push({ label: 'changed here', showLine: false, pointStyle: 'triangle',
                  pointRadius: 9, borderColor: '#d62728', backgroundColor: '#d62728',
                  data: s.values.map(function (v, r) { return r === s.change ? v : null; }) });
    if (from > 0)
      sets.push({ label: 'workload changed here', showLine: false, pointStyle: 'rectRot',
                  pointRadius: 9, borderColor: '#555', backgroundColor: '#bbb', iogateWorkload: true,
                  data: s.values.map(function (v, r) { return r === from ? v : null; }) });
    var c = iogate.chart('hist-' + k, {
      type: 'line', data: { labels: data.labels, datasets: sets },
      options: { scales: { x: iogate.axis('run', 'category'), y: iogate.fromZero(s.title) } }
    });
    if (c) {
      sets.forEach(function (d, n) {
        var at = d.iogateWorkload ? from : d.label === 'changed here' ? s.change : null;
        var point = at === null ? null : c.getDatasetMeta(n).data[at];
        if (!point || point.skip) return;
        if (d.iogateWorkload) c.canvas.dataset.workloadMarked = String(at + 1);
        else c.canvas.dataset.marked = String(at + 1);
      });
    }
  });
  iogate.done();
})();
)JS";

}  // namespace iogate::html
