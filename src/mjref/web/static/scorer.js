// mjref table scorer: the balance check as the scorer types (the server checks again on
// submit), and entries kept in the browser until the server has answered them. The target
// and the wording come from data attributes, not from an inline script, so the page works
// under the Content-Security-Policy (docs/security.md).
//
// Every form of the page (the entry, confirm, reject) is sent with fetch. Before sending,
// its fields - the CSRF token and its request key included - are stored in localStorage
// under the page's address; an answer of any status drops them (a redirect or a page:
// reload; an error: its message shown above the form), a failed network keeps them, shows "not yet sent" and
// sends them again on the `online` event, on page load and every 15 s. The server records
// a request key once (docs/security.md, "No entry lost or doubled on bad Wi-Fi"), so a
// retry after a lost answer is safe; one entry is in flight at a time.
(function () {
  "use strict";
  var STORE = "mjref-unsent:" + location.pathname;
  var RETRY_MS = 15000;
  var TIMEOUT_MS = 20000;
  var LEASE_MS = TIMEOUT_MS + 5000; // another tab of the same page leaves a sent entry alone
  var sending = null; // the request key in flight from this page
  var failed = false; // the last try did not reach the server (or the entries are from before)
  var timer = null;

  function update(form) {
    var out = form.querySelector(".sum");
    if (!out) { return; }
    var target = Number(form.getAttribute("data-target") || 0);
    var label = form.getAttribute("data-label") || "";
    var total = 0;
    ["east", "south", "west", "north"].forEach(function (n) {
      if (form.elements[n]) { total += Number(form.elements[n].value || 0); }
    });
    if (form.elements.sticks) { total += 1000 * Number(form.elements.sticks.value || 0); }
    out.textContent = label.replace("{total}", total).replace("{target}", target);
    out.className = "sum " + (total === target ? "ok" : "problem");
  }
  document.addEventListener("input", function (event) {
    var form = event.target && event.target.closest ? event.target.closest("form#entry") : null;
    if (form) { update(form); }
  });

  function storageWorks() {
    try {
      localStorage.setItem(STORE + ":probe", "1");
      localStorage.removeItem(STORE + ":probe");
      return typeof fetch === "function" && typeof URLSearchParams === "function";
    } catch (e) {
      return false;
    }
  }
  if (!storageWorks()) { return; } // the forms are then sent the ordinary way

  function load() {
    try {
      var list = JSON.parse(localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }
  function save(list) {
    try {
      if (list.length) { localStorage.setItem(STORE, JSON.stringify(list)); }
      else { localStorage.removeItem(STORE); }
      return true;
    } catch (e) {
      return false;
    }
  }
  function change(key, how) { // how(list, index) on the entry with this request key
    var list = load();
    for (var i = 0; i < list.length; i += 1) {
      if (list[i].key === key) { how(list, i); save(list); return; }
    }
  }

  function show() {
    var banner = document.getElementById("unsent");
    if (!banner) { return; }
    var waiting = load().length > 0;
    var first = sending !== null && !failed; // the first try of an entry just sent
    banner.hidden = !waiting;
    banner.textContent = banner.getAttribute(first ? "data-sending" : "data-unsent") || "";
    banner.className = first ? "unsent sending" : "unsent";
  }
  function refused(html, status) {
    var box = document.getElementById("refused");
    var text = "";
    try {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var found = doc.querySelectorAll("main [role=alert], main .problem");
      var parts = [];
      for (var i = 0; i < found.length; i += 1) { parts.push(found[i].textContent.trim()); }
      text = parts.join(" ") || (doc.querySelector("main") || doc.body || doc).textContent.trim();
    } catch (e) {
      text = "";
    }
    text = text || "HTTP " + status;
    if (!box) { document.body.textContent = text; return; }
    box.textContent = (box.getAttribute("data-refused") || "{reason}").replace("{reason}", text);
    box.hidden = false;
    if (box.scrollIntoView) { box.scrollIntoView({ block: "center" }); }
  }

  function retryLater() {
    if (timer === null) { timer = setInterval(send, RETRY_MS); }
  }
  function send() {
    if (sending !== null) { return; }
    var list = load();
    var now = Date.now();
    var entry = null;
    for (var i = 0; i < list.length; i += 1) {
      if (!(list[i].lease > now && list[i].lease < now + LEASE_MS + 1000)) { entry = list[i]; break; }
    }
    if (!entry) {
      if (!list.length && timer !== null) { clearInterval(timer); timer = null; }
      if (list.length) { retryLater(); }
      show();
      return;
    }
    var key = entry.key;
    change(key, function (l, j) { l[j].lease = now + LEASE_MS; });
    sending = key;
    show();
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    var control = typeof AbortController === "function" ? new AbortController() : null;
    var stop = control ? setTimeout(function () { control.abort(); }, TIMEOUT_MS) : null;
    fetch(entry.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual", // the POST's own answer counts: a 303 is "recorded"
      cache: "no-store",
      signal: control ? control.signal : undefined
    }).then(function (response) {
      // The server answered: whatever it said, this entry is done with.
      clearTimeout(stop);
      change(key, function (l, j) { l.splice(j, 1); });
      sending = null;
      failed = false;
      if (response.type === "opaqueredirect" || (response.status >= 200 && response.status < 400)) {
        location.reload();
        return null;
      }
      show();
      return response.text().then(function (html) { refused(html, response.status); },
        function () { refused("", response.status); }).then(send);
    }, function () {
      // No answer (offline, the connection dropped, too slow): keep it and try again.
      clearTimeout(stop);
      change(key, function (l, j) { delete l[j].lease; });
      sending = null;
      failed = true;
      retryLater();
      show();
    });
  }

  function fields(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") { out.push([name, value]); }
    });
    return out;
  }
  function ours(form) {
    if (!form || form.tagName !== "FORM" || (form.getAttribute("method") || "").toLowerCase() !== "post") {
      return false;
    }
    var action = form.getAttribute("action") || "";
    return action === location.pathname || action.indexOf(location.pathname + "/") === 0;
  }
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!ours(form) || event.defaultPrevented) { return; }
    var all = fields(form);
    var key = "";
    all.forEach(function (pair) { if (pair[0] === "request_key") { key = pair[1]; } });
    if (!key) { return; } // not a form of ours: send it the ordinary way
    var list = load().filter(function (e) { return e.key !== key || e.key === sending; });
    var inFlight = list.some(function (e) { return e.key === key; });
    if (!inFlight) {
      list.push({ key: key, action: form.getAttribute("action"), fields: all, at: Date.now() });
    }
    if (!save(list)) { return; } // cannot keep it: the browser sends the form itself
    event.preventDefault();
    var box = document.getElementById("refused");
    if (box) { box.hidden = true; }
    send();
  });

  // A reloaded page: fill its forms again with what waits, under the same request key,
  // so that sending the form again replaces the waiting entry instead of adding one.
  function refill() {
    load().forEach(function (entry) {
      var forms = document.querySelectorAll("form[action]");
      for (var i = 0; i < forms.length; i += 1) {
        if (forms[i].getAttribute("action") !== entry.action) { continue; }
        entry.fields.forEach(function (pair) {
          var field = forms[i].elements[pair[0]];
          if (field && pair[0] !== "csrftoken" && "value" in field) { field.value = pair[1]; }
        });
        update(forms[i]);
      }
    });
  }

  window.addEventListener("online", send);
  window.addEventListener("pageshow", function (event) { if (event.persisted) { send(); } });
  window.addEventListener("storage", function (event) { if (event.key === STORE) { show(); } });
  failed = load().length > 0;
  refill();
  send();
})();
