// The referee's page: choosing an incident shows its form at once (without this script,
// the button beside the list does the same).
"use strict";
for (const select of document.querySelectorAll("select[data-autosubmit]")) {
  select.addEventListener("change", () => {
    if (select.value) select.form.submit();
  });
}
