// mjref table scorer: the balance check as the scorer types (the server checks again on
// submit). The target and the wording come from the form's data attributes, not from an
// inline script, so the page works under the Content-Security-Policy (docs/security.md).
(function () {
  "use strict";
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
})();
