// The sandbox card page's script, served from the providers' origin (no inline script under its CSP).
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var form = document.getElementById('pay-form');
  var button = document.getElementById('pay-button');

  var tell = window.sandboxPage.tell;
  var show = window.sandboxPage.show;
  var field = window.sandboxPage.field;

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var data = new FormData(form);
    button.disabled = true;
    show('Processing payment...', false);
    fetch(form.getAttribute('action'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        payment: params.get('payment'),
        amount: Number(params.get('amount')),
        sig: params.get('sig'),
        name: field(data, 'name'),
        cardNumber: field(data, 'cardNumber'),
        expiry: field(data, 'expiry'),
        securityCode: field(data, 'securityCode'),
      }),
    })
      .then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      })
      .then(function (result) {
        if (result.ok && result.body.status === 'success') {
          show('Payment successful. You can close this window.', false);
          tell({ status: 'success' });
        } else if (result.ok && result.body.status === 'failed') {
          show('Payment failed: ' + result.body.error, true);
          tell({ status: 'failed', error: String(result.body.error) });
        } else {
          // A form mistake (empty field): let the customer correct it; nothing was charged.
          show(result.body.message || 'Please check your card details.', true);
          button.disabled = false;
        }
      })
      .catch(function () {
        show('Payment failed: the payment service could not be reached.', true);
        tell({ status: 'failed', error: 'The payment service could not be reached' });
      });
  });
})();
