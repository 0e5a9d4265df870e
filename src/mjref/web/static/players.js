// mjref players page: a chosen CSV file fills the import form's text box (the form itself
// needs no script: the CSV can be pasted). A file of its own, not an inline script, so the
// page works under the Content-Security-Policy (docs/security.md).
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input || input.id !== "csv-file" || !input.files || !input.files[0]) { return; }
    input.files[0].text().then(function (text) {
      var box = document.querySelector("#import textarea");
      if (box) { box.value = text; }
    });
  });
})();
