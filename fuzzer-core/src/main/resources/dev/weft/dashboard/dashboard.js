/* The Weft dashboard: draws the JSON embedded in the page (and, when live, polled from the server). */
(function () {
  "use strict";

  var COLOURS = ["#2a5bd7", "#d9480f", "#2b8a3e", "#862e9c", "#c2255c", "#0b7285", "#5c940d", "#e67700"];
  var started = performance.now();
  var data = JSON.parse(document.getElementById("weft-data").textContent);
  var charts = [];
  var xmode = document.getElementById("xmode");
  var compare = data.campaigns.length > 1;
  var sortState = { key: null, descending: false };

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    }
    if (text !== undefined && text !== null) {
      e.textContent = String(text);
    }
    return e;
  }

  function number(n) {
    return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US");
  }

  function dateTime(ms) {
    if (!ms) {
      return "–";
    }
    var d = new Date(ms);
    return d.toLocaleString("sv-SE").replace("T", " ");
  }

  function duration(seconds) {
    if (seconds < 10) {
      return (Math.round(seconds * 10) / 10) + "s";
    }
    seconds = Math.round(seconds);
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    return h > 0 ? h + "h" + String(m).padStart(2, "0") + "m" : m > 0 ? m + "m" + String(s).padStart(2, "0") + "s" : s + "s";
  }

  function xOf(campaign) {
    var rows = campaign.rows;
    if (xmode.value === "time") {
      return rows.time.map(function (t) { return t / 1000; });
    }
    return rows[xmode.value].slice();
  }

  function rateXOf(campaign) {
    var r = campaign.newKeyRate;
    if (xmode.value === "time") {
      return r.time.map(function (t) { return t / 1000; });
    }
    return r[xmode.value].slice();
  }

  /* The series of one chart: [{label, values, x}] per campaign, joined on x when there are several. */
  function table(parts) {
    if (parts.length === 1) {
      return [parts[0].x].concat(parts[0].series.map(function (s) { return s.values; }));
    }
    return uPlot.join(parts.map(function (p) {
      return [p.x].concat(p.series.map(function (s) { return s.values; }));
    }));
  }

  /* The rows of a campaign that are gaps between sessions. */
  function gapSet(c) {
    var gaps = {};
    (c.rows.gaps || []).forEach(function (g) { gaps[g] = true; });
    return gaps;
  }

  /*
   * A worker's series has a value only on its own rows: the others are undefined, which uPlot spans,
   * while the gaps between sessions stay null, which it does not.
   */
  function sparse(c, values) {
    var gaps = gapSet(c);
    return values.map(function (v, i) { return v === null && !gaps[i] ? undefined : v; });
  }

  /* Chart definitions: each says which series it draws from a campaign. */
  function coverageSeries(c) {
    var series = [{ label: (compare ? c.name + " " : "") + "coverage keys", values: c.rows.coverage, width: 2 }];
    if (!compare && c.workers.length > 1) {
      c.workers.forEach(function (w) {
        series.push({ label: "worker " + w, values: sparse(c, c.rows.workerCoverage[w]), width: 1, dash: [4, 3] });
      });
    }
    return series;
  }

  function rateSeries(c) {
    return [{ label: (compare ? c.name + " " : "") + "new keys / fuzzing minute", values: c.newKeyRate.keysPerMinute, width: 2 }];
  }

  function execSeries(c) {
    var series = [{ label: (compare ? c.name + " " : "") + "executions/s", values: c.rows.execsPerSecond, width: 2 }];
    if (!compare && c.workers.length > 1) {
      c.workers.forEach(function (w) {
        series.push({ label: "worker " + w, values: sparse(c, c.rows.workerExecsPerSecond[w]), width: 1, dash: [4, 3] });
      });
    }
    return series;
  }

  function prefixed(c, label) {
    return (compare ? c.name + " " : "") + label;
  }

  var CHARTS = [
    { id: "coverage", title: "Coverage keys (segments and reads-from)", series: coverageSeries, markers: true },
    { id: "newKeyRate", title: "Rate of new keys", series: rateSeries, rate: true },
    { id: "execsPerSecond", title: "Executions per second", series: execSeries },
    { id: "corpus", title: "Corpus entries and pending plans", series: function (c) {
      return [{ label: prefixed(c, "corpus entries"), values: c.rows.corpus, width: 2 },
              { label: prefixed(c, "pending plans"), values: c.rows.pending, width: 1 }];
    } },
    { id: "realised", title: "Planned targets realised (%)", series: function (c) {
      return [{ label: prefixed(c, "realised %"), values: c.rows.realised, width: 2 }];
    } },
    { id: "skipped", title: "Skipped runs (total)", series: function (c) {
      return [{ label: prefixed(c, "skipped runs"), values: c.rows.skipped, width: 2 }];
    } }
  ];
  /* Campaigns that took part in a cluster (weft fuzz --cluster): its members over time. */
  if (data.campaigns.some(function (c) { return (c.rows.members || []).some(function (v) { return v !== null; }); })) {
    CHARTS.push({ id: "members", title: "Cluster members", series: function (c) {
      return [{ label: prefixed(c, "members"), values: c.rows.members, width: 2 }];
    } });
  }
  /* Stacks of different campaigns cannot share axes: one chart each. */
  data.campaigns.forEach(function (c, i) {
    CHARTS.push({
      id: compare ? "strategies-" + i : "strategies",
      title: "New keys by what made the run (stacked)" + (compare ? ": " + c.name : ""),
      series: strategySeries,
      only: i
    });
  });

  function strategySeries(c) {
    var prefixed = function (c, label) { return label; };
    var names = Object.keys(c.rows.keysByStrategy);
    var n = c.rows.time.length;
    var running = new Array(n).fill(0);
    var gaps = gapSet(c);
    var stacked = names.map(function (name) {
      var column = c.rows.keysByStrategy[name];
      running = running.map(function (v, i) { return v + (column[i] || 0); });
      return { label: prefixed(c, name), values: running.map(function (v, i) { return gaps[i] ? null : v; }), width: 1, fill: true };
    });
    return stacked.reverse();
  }

  /*
   * A dashed line where each finding was first seen, labelled with its kind inside the plot: to the
   * right of the line, or to its left near the right edge, one row lower when it would cover another
   * label. What was drawn where is kept for the page's self-check.
   */
  function findingMarkers(u) {
    var ctx = u.ctx;
    var ratio = uPlot.pxRatio || 1;
    var box = { left: u.bbox.left, top: u.bbox.top, right: u.bbox.left + u.bbox.width, bottom: u.bbox.top + u.bbox.height };
    var lineHeight = Math.round(14 * ratio);
    var pad = Math.round(4 * ratio);
    var placed = [];
    ctx.save();
    ctx.font = Math.round(11 * ratio) + "px sans-serif";
    ctx.textBaseline = "top";
    data.campaigns.forEach(function (c) {
      c.findings.forEach(function (f) {
        var x = markerX(c, f);
        if (x === null) {
          return;
        }
        var px = u.valToPos(x, "x", true);
        if (px < box.left || px > box.right) {
          return;
        }
        ctx.strokeStyle = "#c92a2a";
        ctx.lineWidth = 1.5 * ratio;
        ctx.setLineDash([5 * ratio, 4 * ratio]);
        ctx.beginPath();
        ctx.moveTo(px, box.top);
        ctx.lineTo(px, box.bottom);
        ctx.stroke();
        var text = (compare ? c.name + ": " : "") + f.kind;
        var width = Math.ceil(ctx.measureText(text).width);
        var left = px + pad + width <= box.right ? px + pad : Math.max(box.left, px - pad - width);
        var top = box.top + pad;
        while (top + lineHeight < box.bottom && placed.some(function (p) {
          return left < p.right && p.left < left + width && top < p.bottom && p.top < top + lineHeight;
        })) {
          top += lineHeight;
        }
        var label = { text: text, left: left, top: top, right: left + width, bottom: top + lineHeight };
        placed.push(label);
        /* a thin white halo keeps the text readable over lines without hiding the data under a box */
        ctx.setLineDash([]);
        ctx.lineWidth = 3 * ratio;
        ctx.lineJoin = "round";
        ctx.strokeStyle = "rgba(255, 255, 255, 0.9)";
        ctx.strokeText(text, label.left, label.top + Math.round(1 * ratio));
        ctx.fillStyle = "#c92a2a";
        ctx.fillText(text, label.left, label.top + Math.round(1 * ratio));
      });
    });
    ctx.restore();
    u.weftMarkers = { plot: box, labels: placed };
  }

  /* Where a finding goes on the x axis: its first time, mapped to the row at that time. */
  function markerX(c, f) {
    if (!f.firstTime) {
      return null;
    }
    var rows = c.rows;
    if (xmode.value === "time") {
      return f.firstTime / 1000;
    }
    for (var i = 0; i < rows.time.length; i++) {
      if (rows.time[i] >= f.firstTime) {
        return rows[xmode.value][i];
      }
    }
    return rows.time.length ? rows[xmode.value][rows.time.length - 1] : null;
  }

  /* 1,234,567 as 1.23M: short enough for an axis. */
  function compact(v) {
    var a = Math.abs(v);
    var units = [[1e9, "G"], [1e6, "M"], [1e3, "k"]];
    for (var i = 0; i < units.length; i++) {
      if (a >= units[i][0]) {
        return Number((v / units[i][0]).toPrecision(3)) + units[i][1];
      }
    }
    return Number(v.toPrecision(4)).toLocaleString("en-US");
  }

  /* The width of the widest label of an axis, in CSS pixels, in the font it is drawn in. */
  function widestLabel(u, axis, values) {
    var ctx = u.ctx;
    ctx.save();
    ctx.font = axis.font[0];
    var widest = 0;
    (values || []).forEach(function (v) {
      if (v !== null && v !== undefined) {
        widest = Math.max(widest, ctx.measureText(String(v)).width);
      }
    });
    ctx.restore();
    return widest / (uPlot.pxRatio || 1);
  }

  /* A y axis as wide as its labels need: they are never cut at the left edge. */
  var Y_AXIS = {
    values: function (u, splits) { return splits.map(compact); },
    size: function (u, values, i) {
      var axis = u.axes[i];
      return Math.ceil(widestLabel(u, axis, values) + axis.ticks.size + axis.gap + 6);
    }
  };

  function axisValues() {
    if (xmode.value === "elapsed") {
      return function (u, splits) { return splits.map(duration); };
    }
    if (xmode.value === "executions") {
      return function (u, splits) {
        return splits.map(function (v) { return v >= 1e6 ? (v / 1e6) + "M" : v >= 1e3 ? (v / 1e3) + "k" : v; });
      };
    }
    return undefined;
  }

  /* The aligned table a chart draws, and its series' labels and styles. */
  function chartData(def) {
    var shown = def.only === undefined ? data.campaigns : [data.campaigns[def.only]];
    var parts = shown.map(function (c) {
      return { x: def.rate ? rateXOf(c) : xOf(c), series: def.series(c) };
    });
    var labels = [];
    parts.forEach(function (p) { p.series.forEach(function (s) { labels.push(s); }); });
    return { aligned: table(parts), labels: labels };
  }

  function countPoints(aligned) {
    var points = 0;
    for (var s = 1; s < aligned.length; s++) {
      for (var i = 0; i < aligned[s].length; i++) {
        if (aligned[s][i] !== null && aligned[s][i] !== undefined) {
          points++;
        }
      }
    }
    return points;
  }

  function buildChart(def, container) {
    var d = chartData(def);
    var labels = d.labels;
    var aligned = d.aligned;
    var series = [{}].concat(labels.map(function (s, i) {
      var colour = COLOURS[i % COLOURS.length];
      return {
        label: s.label,
        stroke: colour,
        width: s.width || 1,
        dash: s.dash,
        spanGaps: false,
        fill: s.fill ? colour + "55" : undefined
      };
    }));
    var width = Math.max(400, container.clientWidth - 20);
    var opts = {
      width: width,
      height: 240,
      scales: { x: { time: xmode.value === "time" } },
      axes: [{ values: axisValues() }, Y_AXIS],
      series: series,
      legend: { live: true },
      hooks: def.markers ? { draw: [findingMarkers] } : {}
    };
    var plot = new uPlot(opts, aligned, container);
    return { id: def.id, plot: plot, points: countPoints(aligned), series: labels.length, labels: labels.map(function (l) { return l.label; }).join("|"), xmode: xmode.value };
  }

  /*
   * New data for the charts already drawn: when every chart still has the same series, the data is
   * swapped in place (no flicker, the legend and hover stay); otherwise they are drawn anew.
   */
  function updateCharts() {
    if (charts.length !== CHARTS.length || charts.some(function (c) { return !c.labels; })) {
      renderCharts();
      return;
    }
    var fresh = CHARTS.map(chartData);
    var same = fresh.every(function (d, i) {
      return charts[i].xmode === xmode.value && charts[i].labels === d.labels.map(function (l) { return l.label; }).join("|");
    });
    if (!same) {
      renderCharts();
      return;
    }
    fresh.forEach(function (d, i) {
      charts[i].plot.setData(d.aligned);
      charts[i].points = countPoints(d.aligned);
    });
  }

  function renderCharts() {
    charts.forEach(function (c) { c.plot.destroy(); });
    charts = [];
    var host = document.getElementById("charts");
    host.textContent = "";
    CHARTS.forEach(function (def) {
      var box = el("div", { class: "chart", id: "chart-" + def.id });
      box.appendChild(el("h3", null, def.title));
      host.appendChild(box);
      var anyRows = data.campaigns.some(function (c) { return c.rows.time.length > 0; });
      if (!anyRows) {
        box.appendChild(el("div", { class: "empty" }, "no stats lines yet"));
        charts.push({ id: def.id, plot: { destroy: function () {} }, points: 0, series: 0 });
        return;
      }
      charts.push(buildChart(def, box));
    });
  }

  function renderHeader() {
    var host = document.getElementById("campaigns");
    host.textContent = "";
    var notices = document.getElementById("notices");
    notices.textContent = "";
    data.campaigns.forEach(function (c, i) {
      var line = el("div", { class: "campaign" });
      line.appendChild(el("b", null, c.name));
      line.appendChild(document.createTextNode(" — " + c.target + " · strategy " + c.strategy + " · " + number(c.lines) + " stats lines" + (c.rowCount > c.rows.time.length ? " (" + number(c.rows.time.length) + " drawn, extremes kept)" : "") + " · " + c.workers.length + " worker" + (c.workers.length === 1 ? "" : "s") + (c.restarts > 0 ? " · " + number(c.restarts) + " restart" + (c.restarts === 1 ? "" : "s") : "")));
      line.appendChild(el("span", { class: "badge" + (c.running ? " running" : "") }, c.running ? "running" : "not running"));
      host.appendChild(line);
      if (c.corruptLines > 0) {
        var n = el("div", { class: "notice bad", id: "corrupt-" + i }, c.name + ": " + number(c.corruptLines) + " corrupt line" + (c.corruptLines === 1 ? "" : "s") + " in stats.jsonl skipped (" + c.corruptQuoted.join("; ") + (c.corruptLines > c.corruptQuoted.length ? "; …" : "") + ")");
        notices.appendChild(n);
      }
      if (c.restarts > 0) {
        var last = c.restartList[c.restartList.length - 1];
        notices.appendChild(el("div", { class: "notice", id: "restarts-" + i }, c.name + ": " + number(c.restarts) + " worker JVM" + (c.restarts === 1 ? "" : "s") + " replaced within a session; the last (session " + last.session + ", worker " + last.worker + ", at execution " + number(last.afterExecution) + "): " + last.reason));
      }
      c.warnings.forEach(function (w) { notices.appendChild(el("div", { class: "notice" }, c.name + ": " + w)); });
      if (c.lines === 0) {
        notices.appendChild(el("div", { class: "notice" }, c.name + ": stats.jsonl has no lines yet" + (data.live ? "; waiting for the campaign" : "")));
      }
    });
    document.getElementById("live").textContent = data.live ? "live: updated " + dateTime(data.generated) : "generated " + dateTime(data.generated);
  }

  function renderFindings() {
    var host = document.getElementById("findings");
    host.textContent = "";
    var rows = [];
    data.campaigns.forEach(function (c) { c.findings.forEach(function (f) { rows.push({ c: c, f: f }); }); });
    if (rows.length === 0) {
      host.appendChild(el("p", null, "No findings."));
      return;
    }
    var t = el("table", { id: "findings-table" });
    var head = el("tr");
    var columns = (compare ? ["campaign"] : []).concat(["kind", "first seen", "count", "message", "replay", "report"]);
    columns.forEach(function (h) { head.appendChild(el("th", null, h)); });
    t.appendChild(head);
    rows.forEach(function (r) {
      var f = r.f;
      var tr = el("tr", { class: "finding" });
      if (compare) {
        tr.appendChild(el("td", null, r.c.name));
      }
      tr.appendChild(el("td", null, f.kind));
      tr.appendChild(el("td", null, (f.firstTime ? dateTime(f.firstTime) + ", " : "") + "session " + f.firstSession + ", execution " + number(f.firstExecution)));
      tr.appendChild(el("td", { class: "num" }, number(f.count)));
      tr.appendChild(el("td", null, f.message));
      var replay = el("td");
      replay.appendChild(el("code", null, f.replay));
      tr.appendChild(replay);
      var report = el("td");
      var a = el("a", { href: f.report }, f.id + ".txt");
      report.appendChild(a);
      tr.appendChild(report);
      t.appendChild(tr);
      if (f.interleaving) {
        /* as the report prints it: the program's thread names, > a preemption, ! the failing step */
        var panel = el("tr", { class: "finding-interleaving" });
        var cell = el("td", { colspan: String(columns.length) });
        var details = el("details");
        details.appendChild(el("summary", null, "interleaving of " + f.id));
        details.appendChild(el("pre", { class: "interleaving" }, f.interleaving));
        cell.appendChild(details);
        panel.appendChild(cell);
        t.appendChild(panel);
      }
    });
    host.appendChild(t);
  }

  function heatColour(share) {
    var hue = Math.round(share * 120);
    return "hsl(" + hue + ", 70%, 72%)";
  }

  function pairRows() {
    var rows = [];
    data.campaigns.forEach(function (c) {
      c.interleavings.listed.forEach(function (p) { rows.push({ c: c, p: p }); });
    });
    if (sortState.key) {
      var key = sortState.key;
      rows.sort(function (x, y) {
        var a = key(x);
        var b = key(y);
        var r = a < b ? -1 : a > b ? 1 : 0;
        return sortState.descending ? -r : r;
      });
    }
    return rows;
  }

  var PAIR_COLUMNS = [
    { title: "site A", key: function (r) { return r.p.a.at; }, cell: function (r) { return r.p.a.at + "  " + r.p.a.operation; } },
    { title: "site B", key: function (r) { return r.p.b.at; }, cell: function (r) { return r.p.b.at + "  " + r.p.b.operation; } },
    { title: "A before B (runs)", key: function (r) { return r.p.aFirst; }, num: true, cell: function (r) { return number(r.p.aFirst); } },
    { title: "B before A (runs)", key: function (r) { return r.p.bFirst; }, num: true, cell: function (r) { return number(r.p.bFirst); } },
    { title: "orders", key: function (r) { return r.p.bothOrders ? 2 : r.p.oneOrderOnly ? 1 : 0; }, cell: orders },
    { title: "planned A→B / B→A", key: function (r) { return r.p.realisedAFirst + r.p.realisedBFirst; }, num: true, cell: function (r) { return number(r.p.realisedAFirst) + " / " + number(r.p.realisedBFirst); } }
  ];

  /* "one order only": a lock pair whose other order no schedule can give; else what was seen so far. */
  function orders(r) {
    if (r.p.bothOrders) {
      return "both";
    }
    var seen = r.p.aFirst > 0 ? "A before B" : "B before A";
    return r.p.oneOrderOnly ? "one order only (" + seen + "; the other cannot happen)" : seen + " so far";
  }

  function renderInterleavings() {
    var host = document.getElementById("interleavings");
    host.textContent = "";
    data.campaigns.forEach(function (c) {
      var s = c.interleavings;
      host.appendChild(el("p", null, (compare ? c.name + ": " : "") + number(s.pairs) + " pairs of sites conflicted; " + number(s.bothOrders) + " seen in both orders, " + number(s.pairs - s.bothOrders - s.oneOrderOnly) + " in one order so far, " + number(s.oneOrderOnly) + " lock pairs that run in one order only (the other would need two threads to hold the lock at once); " + number(s.realised) + " held by a planned segment."));
    });
    var rows = pairRows();
    if (rows.length === 0) {
      host.appendChild(el("p", null, "No conflicts recorded yet."));
      return;
    }
    var t = el("table", { id: "pairs-table" });
    var head = el("tr");
    if (compare) {
      head.appendChild(el("th", null, "campaign"));
    }
    PAIR_COLUMNS.forEach(function (col) {
      var th = el("th", { title: "sort" }, col.title + (sortState.column === col.title ? (sortState.descending ? " ▼" : " ▲") : ""));
      th.addEventListener("click", function () {
        sortState.descending = sortState.column === col.title ? !sortState.descending : col.num === true;
        sortState.column = col.title;
        sortState.key = col.key;
        renderInterleavings();
      });
      head.appendChild(th);
    });
    t.appendChild(head);
    rows.forEach(function (r) {
      var tr = el("tr", { class: "pair" });
      if (compare) {
        tr.appendChild(el("td", null, r.c.name));
      }
      PAIR_COLUMNS.forEach(function (col) {
        tr.appendChild(el("td", col.num ? { class: "num", title: r.p.a.method + " / " + r.p.b.method } : { title: col === PAIR_COLUMNS[0] ? r.p.a.method : r.p.b.method }, col.cell(r)));
      });
      t.appendChild(tr);
    });
    host.appendChild(t);
    data.campaigns.forEach(function (c) {
      if (c.interleavings.pairs > c.interleavings.listed.length) {
        host.appendChild(el("p", { class: "more" }, (compare ? c.name + ": " : "") + number(c.interleavings.pairs - c.interleavings.listed.length) + " more pairs not listed (those seen in both orders most often)."));
      }
    });
    var heat = el("div", { class: "heat", id: "heat" });
    var legend = el("p");
    legend.appendChild(document.createTextNode("Per source line: the share of its pairs seen in both orders (or that run in one order only)"));
    [["none", 0], ["half", 0.5], ["all", 1]].forEach(function (l) {
      var sw = el("span", { class: "legend-cell" });
      sw.style.background = heatColour(l[1]);
      legend.appendChild(sw);
      legend.appendChild(document.createTextNode(l[0]));
    });
    legend.appendChild(document.createTextNode("; outlined: a planned segment held one of them."));
    heat.appendChild(legend);
    data.campaigns.forEach(function (c) {
      c.interleavings.files.forEach(function (f) {
        heat.appendChild(el("div", { class: "file" }, (compare ? c.name + ": " : "") + f.file));
        var cells = el("div", { class: "cells" });
        f.lines.forEach(function (l) {
          var cell = el("span", { class: "cell" + (l[3] > 0 ? " planned" : ""), title: f.file + ":" + l[0] + " — " + l[1] + " pairs, " + l[2] + " in both orders, " + l[4] + " one order only, " + l[3] + " planned" }, l[0] > 0 ? l[0] : "?");
          cell.style.background = heatColour(l[1] > 0 ? (l[2] + l[4]) / l[1] : 0);
          cells.appendChild(cell);
        });
        heat.appendChild(cells);
      });
    });
    host.appendChild(heat);
  }

  /* Breaks uPlot left in the first series' line between two of its points (not after its last). */
  function innerGaps(u) {
    var main = u.series[1];
    if (!main || !main._paths || !main._paths.gaps) {
      return 0;
    }
    var ys = u.data[1];
    var first = -1;
    var last = -1;
    for (var i = 0; i < ys.length; i++) {
      if (ys[i] !== null && ys[i] !== undefined) {
        first = first < 0 ? i : first;
        last = i;
      }
    }
    if (first < 0) {
      return 0;
    }
    var from = u.valToPos(u.data[0][first], "x", true);
    var to = u.valToPos(u.data[0][last], "x", true);
    return main._paths.gaps.filter(function (g) { return g[0] >= from && g[1] <= to && g[1] > g[0]; }).length;
  }

  /* What a chart drew: points, breaks between sessions, finding labels, its y axis's room. */
  function chartReport(c) {
    var r = { id: c.id, series: c.series, points: c.points };
    var u = c.plot;
    if (!u.axes) {
      return r;
    }
    r.gaps = innerGaps(u);
    var y = u.axes[1];
    r.yAxis = { size: y._size, room: y._size - y.ticks.size - y.gap, widest: widestLabel(u, y, y._values), labels: y._values };
    var ratio = uPlot.pxRatio || 1;
    if (u.weftMarkers) {
      var css = function (b) {
        return { left: b.left / ratio, top: b.top / ratio, right: b.right / ratio, bottom: b.bottom / ratio };
      };
      r.plot = css(u.weftMarkers.plot);
      r.markers = u.weftMarkers.labels.map(function (l) { var b = css(l); b.text = l.text; return b; });
    }
    return r;
  }

  /*
   * What the page drew, for the tests and scripts/bench-dashboard: written when the script has
   * drawn, then again once the browser has painted (the charts' geometry is known only then), the
   * times of the first drawing kept.
   */
  var firstDrawing = null;

  function selfCheck() {
    if (firstDrawing === null) {
      firstDrawing = { renderMs: Math.round(performance.now() - started), sinceNavigationMs: Math.round(performance.now()) };
    }
    var report = {
      errors: window.weftErrors.slice(),
      charts: charts.map(chartReport),
      interleavings: document.querySelectorAll("#findings-table pre.interleaving").length,
      findingsRows: document.querySelectorAll("#findings-table tr.finding").length,
      pairRows: document.querySelectorAll("#pairs-table tr.pair").length,
      renderMs: firstDrawing.renderMs,
      sinceNavigationMs: firstDrawing.sinceNavigationMs
    };
    document.getElementById("weft-selfcheck").textContent = JSON.stringify(report);
  }

  function render(live) {
    renderHeader();
    if (live) {
      updateCharts();
    } else {
      renderCharts();
    }
    renderFindings();
    renderInterleavings();
    selfCheck();
    requestAnimationFrame(function () { setTimeout(selfCheck, 0); });
  }

  xmode.value = compare ? "elapsed" : "time";
  xmode.addEventListener("change", function () { renderCharts(); selfCheck(); });
  window.addEventListener("resize", function () {
    charts.forEach(function (c) {
      var box = document.getElementById("chart-" + c.id);
      if (box && c.plot.setSize) {
        c.plot.setSize({ width: Math.max(400, box.clientWidth - 20), height: 240 });
      }
    });
  });
  render();

  if (data.live) {
    setInterval(function () {
      fetch("data.json", { cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (fresh) { data = fresh; render(true); })
        .catch(function (e) { document.getElementById("live").textContent = "live: cannot reach the server (" + e + ")"; });
    }, 3000);
  }
})();
