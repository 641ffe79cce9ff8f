// The sandbox identity page's script, served from the providers' origin (no inline script under its CSP).
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-result]'));

  var tell = window.sandboxPage.tell;

  function setBusy(busy) {
    buttons.forEach(function (button) {
      button.disabled = busy;
    });
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      setBusy(true);
      status.textContent = 'Recording the result...';
      fetch(window.location.pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session: params.get('session'),
          sig: params.get('sig'),
          result: button.getAttribute('data-result'),
        }),
      })
        .then(function (response) {
          return response.json().then(function (body) {
            if (!response.ok)
              throw new Error(
                body && body.message ? body.message : 'The result could not be recorded. Please try again.',
              );
            return body;
          });
        })
        .then(function (body) {
          status.textContent = 'Done. This window will close.';
          tell({ status: body.status });
          window.close();
        })
        .catch(function (error) {
          status.textContent = error.message;
          setBusy(false);
        });
    });
  });
})();
