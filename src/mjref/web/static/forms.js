// Errors in place (mjref.web.kept): what a form sends is kept for this tab until its
// answer comes; when the answer is a mistake (a status of 400 or more, or a message marked
// for that form) the form is filled in again with it and the message is put beside the
// field it names. Passwords, files and hidden fields are never kept.
"use strict";
(() => {
  const KEY = "mjref-sent";
  const path = (form) => new URL(form.getAttribute("action") || location.href, location.href).pathname;
  const keepable = (el) => el.name && !["hidden", "password", "file", "submit", "button"].includes(el.type);

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    const fields = [...form.elements].filter(keepable).map((el) => ({
      n: el.name, v: el.value, c: el.checked === true,
    }));
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ action: path(form), fields }));
    } catch (_) { /* storage full or refused: nothing kept */ }
  }, true);

  function restore(form, fields) {
    const seen = new Map();
    for (const el of form.elements) {
      if (!keepable(el)) continue;
      const index = seen.get(el.name) || 0;
      seen.set(el.name, index + 1);
      const kept = fields.filter((f) => f.n === el.name)[index];
      if (!kept) continue;
      if (el.type === "checkbox" || el.type === "radio") el.checked = kept.c;
      else el.value = kept.v;
    }
  }

  function place(problem, form) {
    const field = problem.dataset.field;
    // the field by its name, or by the core's name for it (data-where) where they differ
    const named = CSS.escape(field || "");
    const target = field ? form.querySelector(`[name="${named}"], [data-where="${named}"]`) : null;
    if (target) {
      const anchor = target.closest("label") || target;
      anchor.insertAdjacentElement("afterend", problem);
      target.setAttribute("aria-invalid", "true");
      target.focus();
    } else {
      form.insertAdjacentElement("afterbegin", problem);
    }
  }

  let sent = null;
  try {
    sent = JSON.parse(sessionStorage.getItem(KEY) || "null");
    sessionStorage.removeItem(KEY);
  } catch (_) { sent = null; }
  const problem = document.querySelector("[data-form-problem]");
  const navigation = performance.getEntriesByType("navigation")[0];
  const failed = problem !== null || (navigation && navigation.responseStatus >= 400);
  const forms = [...document.forms];
  if (sent && failed) {
    const form = forms.find((f) => path(f) === sent.action);
    if (form) restore(form, sent.fields);
  }
  if (problem) {
    const form = forms.find((f) => path(f) === problem.dataset.formProblem);
    if (form) place(problem, form);
  }
})();

// A form that can take a while (data-busy: what to say meanwhile) says so as soon as it is
// sent and cannot be sent a second time while its answer is on its way.
(() => {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.busy) return;
    if (form.dataset.sending) { event.preventDefault(); return; }
    form.dataset.sending = "yes";
    const status = form.querySelector("[data-busy-status]");
    if (status) { status.textContent = form.dataset.busy; status.hidden = false; }
    // after this turn, so the button's own name and value still go with the form
    setTimeout(() => {
      for (const button of form.querySelectorAll("button[type=submit]")) button.disabled = true;
    }, 0);
  });
  // back from the answer (the browser's cache of this page): the form can be sent again
  window.addEventListener("pageshow", () => {
    for (const form of document.querySelectorAll("form[data-sending]")) {
      delete form.dataset.sending;
      for (const button of form.querySelectorAll("button[type=submit]")) button.disabled = false;
      const status = form.querySelector("[data-busy-status]");
      if (status) status.hidden = true;
    }
  });
})();

// On a phone the administration's navigation is one row that scrolls sideways: the page one
// is on is brought into that row's view (the page itself does not move).
(() => {
  const current = document.querySelector("nav.sub [aria-current]");
  const row = current && current.parentElement;
  if (!row || row.scrollWidth <= row.clientWidth) return;
  row.scrollLeft = current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
})();
