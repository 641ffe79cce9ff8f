// What every sandbox provider page's script needs, served ahead of it in the same file so each page keeps
// one script under its CSP; the page reaches it as window.sandboxPage.
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);

  function parentOrigin() {
    var value = params.get('parentOrigin');
    if (!value) return null;
    try {
      var url = new URL(value);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, ''))
        return url.origin;
    } catch {
      return null;
    }
    return null;
  }

  // Only to the origin the app named, never a wildcard: another page that opened this one learns nothing.
  function tell(message) {
    var origin = parentOrigin();
    if (origin && window.opener) window.opener.postMessage(message, origin);
  }

  // The page's status line (#pay-status), marked as an error when the step failed.
  function show(text, failed) {
    var status = document.getElementById('pay-status');
    status.textContent = text;
    status.className = failed ? 'pay-status pay-status--error' : 'pay-status';
  }

  // A form field as text: FormData may hold a File, which has no place in these forms.
  function field(data, name) {
    var value = data.get(name);
    return typeof value === 'string' ? value : '';
  }

  window.sandboxPage = { tell: tell, show: show, field: field };
})();
