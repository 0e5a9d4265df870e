// mjref players page (issue 25), a file of its own, not an inline script, so the page works
// under the Content-Security-Policy (docs/security.md). Everything here is a shortcut: the
// page works without it (the search is a GET form, the check-in a POST form).
// - A chosen CSV file fills the import form's text box (the CSV can also be pasted).
// - The search filters the rows as it is typed: every word of it (case and accents aside)
//   in the row's text as the server folded it (data-find), or the player's number.
// - Check in is sent with fetch (its CSRF token and request key: a retry is recorded
//   once) and changes the row in place: no reload, the scroll and the search stay.
(function () {
  "use strict";
  var LETTERS = { "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i", "ß": "ss" };

  // As mjref.collation.fold: no case, no accents.
  function fold(text) {
    var plain = text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
    return plain.replace(/[øłđðþæœıß]/g, function (c) { return LETTERS[c]; });
  }

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input || input.id !== "csv-file" || !input.files || !input.files[0]) { return; }
    input.files[0].text().then(function (text) {
      var box = document.querySelector("#import textarea");
      if (box) { box.value = text; }
    });
  });

  var search = document.querySelector("#find-player input[name=q]");
  var table = document.querySelector("table.players");
  if (!search || !table) { return; }
  var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
  var none = document.getElementById("none-found");

  function filter() {
    var query = search.value.trim();
    var words = fold(query).split(/\s+/).filter(Boolean);
    var number = query.replace(/^#/, "");
    var shown = 0;
    rows.forEach(function (row) {
      var where = row.getAttribute("data-find") || "";
      var found = words.length === 0 || row.getAttribute("data-number") === number ||
        words.every(function (word) { return where.indexOf(word) >= 0; });
      row.hidden = !found;
      if (found) { shown += 1; }
    });
    if (none) { none.hidden = !(words.length && shown === 0); }
    var url = new URL(location.href);
    if (query) { url.searchParams.set("q", query); } else { url.searchParams.delete("q"); }
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }

  search.addEventListener("input", filter);

  function problem(form, text) {
    var cell = form.closest("td");
    var shown = cell && cell.querySelector(".row-problem");
    if (shown) {
      shown.textContent = text;
      shown.hidden = !text;
    }
  }

  function checkedIn(form) {
    var row = form.closest("tr");
    var status = row && row.querySelector("td.status");
    if (status) { status.textContent = table.getAttribute("data-checked-in") || ""; }
    form.remove();
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("checkin")) { return; }
    if (typeof fetch !== "function") { return; }
    event.preventDefault();
    var button = form.querySelector("button");
    if (button.disabled) { return; }
    button.disabled = true;
    problem(form, "");
    fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      headers: { "Accept": "application/json" },
      credentials: "same-origin",
    }).then(function (answer) {
      return answer.json().catch(function () { return {}; }).then(function (body) {
        if (answer.ok) {
          checkedIn(form);
          return;
        }
        var error = body && body.error;
        if (error && error.key === "tournament.already-checked-in") {
          var cell = form.closest("td");
          checkedIn(form);
          var shown = cell && cell.querySelector(".row-problem");
          if (shown) { shown.textContent = error.text; shown.hidden = false; }
          return;
        }
        button.disabled = false;
        problem(form, (error && error.text) || table.getAttribute("data-failed") || "");
      });
    }).catch(function () {
      button.disabled = false;
      problem(form, table.getAttribute("data-failed") || "");
    });
  });
})();
