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

  window.sandboxPage = { tell: tell };
})();
