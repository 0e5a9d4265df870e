// mjref venue screen: the clock counts down in the browser from the remaining time the
// server gives (and is set right again on every change of the log); at the signal it
// sounds (a tone made with the Web Audio API, no audio file) and the screen flashes.
(function () {
  "use strict";
  var labels = JSON.parse(document.getElementById("labels").textContent);
  var el = function (id) { return document.getElementById(id); };
  var state = { phase: null, end: null, remaining: 0, signal: null, signalled: false, tables: [] };
  var audio = null;

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, key) { return String(values[key]); });
  }
  function clockText(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var minutes = Math.floor(total / 60), seconds = total % 60;
    return minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
  }
  function remainingMs() {
    if (state.phase === "running" && state.end !== null) { return Math.max(0, state.end - Date.now()); }
    return state.remaining * 1000;
  }
  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      [0, 0.7, 1.4].forEach(function (offset) {
        var tone = audio.createOscillator(), gain = audio.createGain();
        tone.frequency.value = 880;
        gain.gain.setValueAtTime(0.5, audio.currentTime + offset);
        gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + offset + 0.5);
        tone.connect(gain); gain.connect(audio.destination);
        tone.start(audio.currentTime + offset); tone.stop(audio.currentTime + offset + 0.5);
      });
    } catch (error) { /* no sound on this browser: the flash still shows */ }
  }
  function signal(sound) {
    state.signalled = true;
    document.body.setAttribute("data-signal", "on");
    el("signal").hidden = false;
    el("signal").textContent = fill(labels.signal, { minutes: state.signal });
    if (sound) {
      beep();
      document.body.classList.add("flash");
      setTimeout(function () { document.body.classList.remove("flash"); }, 8000);
      setTimeout(reload, 1500);  // what the rules say after the signal
    }
  }
  function tick() {
    var ms = remainingMs();
    el("clock").textContent = state.phase ? clockText(ms) : "--:--";
    if (state.signal !== null && !state.signalled && state.phase === "running" && ms <= state.signal * 60000) {
      signal(true);
    }
    var items = state.tables.map(function (t) {
      var left = state.phase === "running" ? Math.max(0, t.end - Date.now()) : t.remaining * 1000;
      return fill(labels.table, { table: t.table, time: clockText(left) });
    });
    el("tables").innerHTML = "";
    items.forEach(function (text) { var li = document.createElement("li"); li.textContent = text; el("tables").appendChild(li); });
    el("extra").hidden = items.length === 0;
  }
  function apply(doc) {
    var c = doc.clock;
    el("announcement").hidden = !doc.announcement;
    el("announcement").textContent = doc.announcement || "";
    if (c) {
      el("session").textContent = fill(labels.session, { session: c.session });
      state.phase = c.phase;
      state.remaining = c.remaining;
      state.end = c.phase === "running" ? Date.now() + c.remaining * 1000 : null;
      state.signal = c.signal ? c.signal.minutes : null;
      state.tables = c.tables.map(function (t) {
        return { table: t.table, remaining: t.remaining, end: Date.now() + t.remaining * 1000 };
      });
      var stage = c.phase === "running" || c.phase === "paused" ? c.phase : c.stage;
      el("phase").textContent = labels[stage] || labels[c.phase] || "";
      document.body.setAttribute("data-phase", c.phase);
      var open = c.phase === "paused" ? c.pauses.filter(function (p) { return p.to === null; }) : [];
      var reason = open.length ? open[open.length - 1].reason : "";
      el("pause-reason").hidden = !reason;
      el("pause-reason").textContent = reason ? fill(labels["paused-reason"], { reason: reason }) : "";
      if (c.signal && c.signal.passed && !state.signalled) { signal(false); }
      var says = [];
      c.rules.forEach(function (rule) { rule.says.forEach(function (m) { says.push(m.text); }); });
      el("rules").textContent = says.join(" ");
    } else {
      state.phase = null;
      el("phase").textContent = labels.none;
      el("pause-reason").hidden = true;
    }
    var next = doc.next;
    el("next").hidden = !next;
    if (next) {
      el("next-title").textContent = fill(labels.next, { session: next.session });
      var box = el("next-tables");
      box.innerHTML = "";
      next.tables.forEach(function (seats, index) {
        var card = document.createElement("div");
        card.className = "table-card";
        var title = document.createElement("h3");
        title.textContent = String(index + 1);
        card.appendChild(title);
        seats.forEach(function (seat) { var p = document.createElement("p"); p.textContent = seat; card.appendChild(p); });
        box.appendChild(card);
      });
      box.style.animationDuration = Math.max(20, next.tables.length * 4) + "s";
    }
    tick();
  }
  function reload() {
    fetch(window.location.pathname.replace(/\/screen$/, "/clock.json"), { credentials: "same-origin" })
      .then(function (r) { return r.json(); }).then(apply);
  }
  el("sound").addEventListener("click", function () {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    audio.resume(); el("sound").hidden = true;
  });
  document.body.setAttribute("data-live-own", "");
  document.addEventListener("mjref:change", reload);
  apply(JSON.parse(document.getElementById("initial").textContent));
  setInterval(tick, 250);
})();
