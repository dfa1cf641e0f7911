import { ALL_WORDS } from './words';

/**
 * A stand-in for PayPal's browser SDK (https://www.paypal.com/sdk/js), served where paypal-js's
 * `sdkBaseUrl` points: `window.paypal.Buttons(options)` with the calls @paypal/react-paypal-js makes
 * (isEligible, render and close returning promises, onInit's enable/disable), and the callbacks
 * PayPal makes: onClick, createOrder, onApprove with actions.restart(), onCancel, onError.
 * Instead of PayPal's window it opens a small panel in the page where the test buyer approves,
 * has the card declined (the capture then answers INSTRUMENT_DECLINED) or cancels.
 * The emulator's own URL is taken from the script's address, so it works under any prefix.
 */
export const sdkScript = (fallbackBase: string): string => `(function () {
  'use strict';
  var current = document.currentScript;
  var BASE = current && current.src ? current.src.replace(/\\/sdk\\/js(\\?.*)?$/, '') : ${JSON.stringify(fallbackBase)};
  // The buyer's language, from the locale the store asked for (ar_EG), as PayPal's SDK takes it.
  var ALL_WORDS = ${JSON.stringify(ALL_WORDS).replace(/</g, '\\u003c')};
  var locale = current && current.src ? new URL(current.src).searchParams.get('locale') || '' : '';
  var WORDS = ALL_WORDS[locale.slice(0, 2).toLowerCase()] || ALL_WORDS.en;
  function say(text, fill) { return text.replace(/\\{(\\w+)\\}/g, function (_, k) { return fill[k]; }); }

  function call(method, path) {
    return fetch(BASE + path, { method: method, headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(function (r) {
      if (!r.ok) throw new Error('The PayPal emulator answered ' + r.status + ' to ' + path);
      return r.status === 204 ? null : r.json();
    });
  }

  function element(tag, props, text) {
    var el = document.createElement(tag);
    // Style through the CSSOM: a style attribute is refused by the store's Content-Security-Policy.
    Object.keys(props || {}).forEach(function (k) { if (k === 'style') el.style.cssText = props[k]; else el.setAttribute(k, props[k]); });
    if (text) el.textContent = text;
    return el;
  }

  var BUTTON_STYLE = 'display:block;width:100%;min-height:44px;margin:8px 0;border-radius:22px;font:600 16px sans-serif;cursor:pointer;';
  var panels = 0;

  /** Resolves with 'approve', 'decline' or 'cancel' once the buyer has chosen. */
  function ask(orderID, opener) {
    var id = 'paypal-emulator-' + (++panels);
    var overlay = element('div', { 'data-paypal-emulator': 'panel', style: 'position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:2147483647;' });
    var dialog = element('div', { role: 'dialog', dir: WORDS.dir, 'aria-modal': 'true', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-text', style: 'background:#fff;color:#111;padding:24px;border-radius:8px;width:min(360px,90vw);font:16px sans-serif;' });
    var title = element('h2', { id: id + '-title', style: 'margin:0 0 8px;font-size:20px;' }, WORDS.title);
    var text = element('p', { id: id + '-text' }, say(WORDS.testNote, { order: orderID }));
    var choices = [
      ['approve', WORDS.approve, 'background:#ffc439;border:0;color:#111;'],
      ['decline', WORDS.decline, 'background:#fff;border:2px solid #b00020;color:#b00020;'],
      ['cancel', WORDS.cancel, 'background:#fff;border:2px solid #555;color:#111;'],
    ].map(function (c) { return [c[0], element('button', { type: 'button', 'data-choice': c[0], style: BUTTON_STYLE + c[2] }, c[1])]; });
    dialog.appendChild(title);
    dialog.appendChild(text);
    choices.forEach(function (c) { dialog.appendChild(c[1]); });
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    call('GET', '/buyer/orders/' + encodeURIComponent(orderID)).then(function (o) {
      // The amount keeps its left-to-right order inside an Arabic sentence (an isolate).
      if (o && o.amount) text.textContent = say(WORDS.payNote, { amount: '\\u2066' + o.amount.value + ' ' + o.amount.currency_code + '\\u2069' });
    }).catch(function () {});
    var buttons = choices.map(function (c) { return c[1]; });
    buttons[0].focus();
    return new Promise(function (resolve) {
      function done(choice) {
        overlay.remove();
        if (opener && opener.isConnected) opener.focus();
        resolve(choice);
      }
      choices.forEach(function (c) { c[1].addEventListener('click', function () { done(c[0]); }); });
      overlay.addEventListener('keydown', function (e) {
        if (e.key === 'Escape') { e.preventDefault(); done('cancel'); }
        if (e.key === 'Tab') {
          var at = buttons.indexOf(document.activeElement);
          var next = e.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : (at + 1) % buttons.length;
          e.preventDefault();
          buttons[next].focus();
        }
      });
    });
  }

  function Buttons(options) {
    options = options || {};
    var disabled = false;
    var busy = false;
    var button = null;

    function fail(error) {
      var err = error instanceof Error ? error : new Error(String(error));
      if (typeof options.onError === 'function') options.onError(err);
      else console.error(err);
    }

    async function approval(orderID) {
      var choice = await ask(orderID, button);
      if (choice === 'cancel') {
        await call('POST', '/buyer/orders/' + encodeURIComponent(orderID) + '/cancel');
        if (typeof options.onCancel === 'function') await options.onCancel({ orderID: orderID });
        return;
      }
      await call('POST', '/buyer/orders/' + encodeURIComponent(orderID) + '/' + choice);
      var actions = {
        restart: function () {
          setTimeout(function () { approval(orderID).catch(fail); }, 0);
          return Promise.resolve();
        },
        order: {
          get: function () { return call('GET', '/buyer/orders/' + encodeURIComponent(orderID)); },
        },
      };
      if (typeof options.onApprove === 'function') {
        await options.onApprove({ orderID: orderID, payerID: 'EMULATORPAYER', paymentID: null, facilitatorAccessToken: 'emulator' }, actions);
      }
    }

    async function pay() {
      if (disabled || busy) return;
      busy = true;
      try {
        if (typeof options.onClick === 'function') {
          var go = await options.onClick({ fundingSource: 'paypal' }, {
            resolve: function () { return Promise.resolve(true); },
            reject: function () { return Promise.resolve(false); },
          });
          if (go === false) return;
        }
        var orderID;
        try {
          if (typeof options.createOrder !== 'function') throw new Error('createOrder is required by the test SDK');
          orderID = await options.createOrder({ paymentSource: 'paypal' }, {});
          if (typeof orderID !== 'string' || !orderID) throw new Error('Expected an order id to be passed');
        } catch (error) {
          fail(error);
          return;
        }
        await approval(orderID);
      } catch (error) {
        fail(error);
      } finally {
        busy = false;
      }
    }

    return {
      isEligible: function () { return true; },
      render: function (target) {
        var container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('Document is ready and element ' + target + ' does not exist'));
        button = element('button', { type: 'button', 'data-paypal-emulator': 'button', 'aria-label': WORDS.buttonLabel, style: BUTTON_STYLE + 'background:#ffc439;border:0;color:#111;' }, WORDS.title);
        button.addEventListener('click', function () { pay(); });
        container.appendChild(button);
        if (typeof options.onInit === 'function') {
          options.onInit({}, {
            enable: function () { disabled = false; return Promise.resolve(); },
            disable: function () { disabled = true; return Promise.resolve(); },
          });
        }
        return Promise.resolve();
      },
      updateProps: function (props) { Object.assign(options, props); return Promise.resolve(); },
      close: function () {
        if (button) button.remove();
        button = null;
        return Promise.resolve();
      },
    };
  }

  window.paypal = {
    version: '5.0.0-emulator',
    Buttons: Buttons,
    FUNDING: { PAYPAL: 'paypal' },
    getFundingSources: function () { return ['paypal']; },
    isFundingEligible: function (source) { return source === 'paypal'; },
  };
})();
`;
