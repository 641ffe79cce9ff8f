// The sandbox wallet sheet's script, served from the providers' origin (no inline script under its CSP).
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var form = document.getElementById('wallet-form');
  var button = document.getElementById('pay-button');
  var cancel = document.getElementById('cancel-button');
  var tell = window.sandboxPage.tell;
  var show = window.sandboxPage.show;
  var field = window.sandboxPage.field;

  cancel.addEventListener('click', function () {
    tell({ status: 'cancelled' });
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = new FormData(form);
    button.disabled = true;
    show('Confirming with your wallet...', false);
    fetch(form.getAttribute('action'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        wallet: params.get('wallet'),
        amount: Number(params.get('amount')),
        sig: params.get('sig'),
        card: field(data, 'card'),
        cardholderName: field(data, 'cardholderName'),
      }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        if (result.ok && typeof result.body.token === 'string') {
          show('Confirmed. Returning to the app...', false);
          tell({ status: 'token', token: result.body.token });
        } else {
          show(result.body.message || 'Please check the form.', true);
          button.disabled = false;
        }
      })
      .catch(function () {
        show('The wallet could not be reached. Nothing was charged.', true);
        button.disabled = false;
      });
  });
})();
