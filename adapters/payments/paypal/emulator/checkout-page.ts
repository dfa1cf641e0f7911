import { Language, SOURCE_LANGUAGE } from '../../../../core/shared/language';
import { wordsIn } from './words';

/**
 * The page PayPal's approve and payer-action links open (checkoutnow?token=...), reduced to the
 * buyer's three choices; the SDK stand-in shows the same choices in the store's own page.
 */
export const checkoutPage = (orderId: string, language: Language = SOURCE_LANGUAGE): string => {
  const id = orderId.replace(/[^A-Z0-9-]/gi, '');
  const w = wordsIn(language);
  return `<!doctype html>
<html lang="${language}" dir="${w.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${w.title}</title></head>
<body style="font:16px sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<h1>${w.title}</h1>
<p>${w.testNote.replace('{order}', `<bdi dir="ltr">${id}</bdi>`)}</p>
<p><button type="button" data-choice="approve">${w.approve}</button>
<button type="button" data-choice="decline">${w.decline}</button>
<button type="button" data-choice="cancel">${w.cancel}</button></p>
<p role="status" id="status"></p>
<script>
document.querySelectorAll('button[data-choice]').forEach(function (b) {
  b.addEventListener('click', function () {
    var path = location.pathname.replace(/\\/checkoutnow$/, '') + '/buyer/orders/${id}/' + b.dataset.choice;
    fetch(path, { method: 'POST' }).then(function (r) {
      document.getElementById('status').textContent = r.ok ? ${JSON.stringify(w.done)} : ${JSON.stringify(w.answered)}.replace('{status}', r.status);
    });
  });
});
</script>
</body>
</html>
`;
};
