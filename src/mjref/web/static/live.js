// mjref live pages: listen to the tournament's stream; when its log grows, fetch this
// page again and put its new <main> in place (no reload, the scroll position stays).
(function () {
  "use strict";
  var source = document.body.getAttribute("data-live");
  if (!source || !window.EventSource) { return; }
  var stream = new EventSource(source);
  var busy = false;
  function refresh() {
    if (busy || document.body.hasAttribute("data-live-own")) { return; }
    busy = true;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-cache" })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
        var current = document.querySelector("main");
        if (fresh && current) { current.replaceWith(fresh); }
        document.body.setAttribute("data-position", String(Date.now()));
      })
      .finally(function () { busy = false; });
  }
  stream.addEventListener("change", function (event) {
    document.dispatchEvent(new CustomEvent("mjref:change", { detail: event.data }));
    refresh();
  });
})();
