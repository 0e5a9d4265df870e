// The print pack: its Print button opens the browser's print dialog.
"use strict";
document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
});
