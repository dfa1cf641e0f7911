/**
 * The page PayPal's approve and payer-action links open (checkoutnow?token=...), reduced to the
 * buyer's three choices; the SDK stand-in shows the same choices in the store's own page.
 */
export const checkoutPage = (orderId: string): string => {
  const id = orderId.replace(/[^A-Z0-9-]/gi, '');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal (test)</title></head>
<body style="font:16px sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>PayPal (test)</h1>
<p>Test payment, no money moves. Order ${id}.</p>
<p><button type="button" data-choice="approve">Approve payment</button>
<button type="button" data-choice="decline">Decline card</button>
<button type="button" data-choice="cancel">Cancel</button></p>
<p role="status" id="status"></p>
<script>
document.querySelectorAll('button[data-choice]').forEach(function (b) {
  b.addEventListener('click', function () {
    var path = location.pathname.replace(/\\/checkoutnow$/, '') + '/buyer/orders/${id}/' + b.dataset.choice;
    fetch(path, { method: 'POST' }).then(function (r) {
      document.getElementById('status').textContent = r.ok ? 'Done: you can go back to the store.' : 'The emulator answered ' + r.status + '.';
    });
  });
});
</script>
</body>
</html>
`;
};
