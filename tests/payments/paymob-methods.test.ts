import { PaymobGateway } from '../../adapters/payments/paymob/gateway';
import { KIOSK_SECONDS } from '../../adapters/payments/paymob/intention';
import { KIOSK_PAY_TO } from '../../adapters/payments/paymob/pay';
import { WALLET_NUMBER_NEEDED } from '../../core/ordering/domain/wallet-number';
import { PaymentStart } from '../../core/ordering/ports/payment-gateway';
import { egp } from '../../core/shared/money';
import { ACCOUNT, INTEGRATIONS, order, paymentNotice, PREFIX, RunningPaymob, returnLinkOf, startCallbackReceiver, startPaymob } from './paymob-harness';

/**
 * Paymob's Egyptian methods through the adapter and its emulator: only the configured ones are
 * offered; a wallet by its number and its OTP page; a kiosk reference paid later (or never); and
 * instalments, a plan picked in Unified Checkout.
 */
describe("Paymob's methods", () => {
  let paymob: RunningPaymob;
  let store: Awaited<ReturnType<typeof startCallbackReceiver>>;
  let now = Date.now();
  beforeAll(async () => {
    store = await startCallbackReceiver();
    paymob = await startPaymob({ callbackUrl: store.url, responseUrl: 'http://store.test/api/payments/paymob/response', now: () => now });
  });
  afterAll(async () => {
    await paymob.close();
    await store.close();
  });

  const started = (start: PaymentStart) => {
    if (start.kind !== 'started') throw new Error(`not started: ${JSON.stringify(start)}`);
    return start;
  };

  describe('offered', () => {
    it('are those whose integration ids are configured, in the order card, wallet, kiosk, instalments', () => {
      expect(paymob.gateway().methods).toEqual(['card', 'wallet', 'kiosk', 'instalments']);
      expect(paymob.gateway({ integrations: { kiosk: 1, card: 2 } }).methods).toEqual(['card', 'kiosk']);
      expect(paymob.gateway({ integrations: { wallet: 3, instalments: [] } }).methods).toEqual(['wallet']);
    });

    it('refuses a method not offered, before asking Paymob for anything', async () => {
      const gateway = paymob.gateway({ integrations: { card: INTEGRATIONS.card } });
      const before = paymob.control.calls['/v1/intention/'] ?? 0;
      for (const method of ['wallet', 'paypal', 'transfer'])
        expect(await gateway.start(order(egp(5000), method, '01012345678'))).toEqual({
          kind: 'refused',
          reason: `Paying by ${method} is not offered through Paymob in this store.`,
        });
      expect(paymob.control.calls['/v1/intention/'] ?? 0).toBe(before);
    });
  });

  describe('a mobile wallet', () => {
    it("needs the wallet's Egyptian mobile number, refused before Paymob is asked", async () => {
      const before = paymob.control.calls['/v1/intention/'] ?? 0;
      for (const phone of [undefined, '', '0123', '01312345678', '+1 202 555 0143', '0101234567', '010123456789'])
        expect(await paymob.gateway().start(order(egp(5000), 'wallet', phone))).toEqual({ kind: 'refused', reason: WALLET_NUMBER_NEEDED });
      expect(paymob.control.calls['/v1/intention/'] ?? 0).toBe(before);
    });

    it('sends the buyer to the approval page, where the right OTP pays: the callback and the inquiry say paid', async () => {
      const gateway = paymob.gateway();
      const request = order(egp(35_000), 'wallet', '+20 10 1234 5678');
      const start = started(await gateway.start(request));
      if (start.next.kind !== 'redirect') throw new Error('no approval page');
      expect(start.next.url.startsWith(`${paymob.url}${PREFIX}/wallet/`)).toBe(true);
      expect(paymob.control.intentionOf(start.reference)?.integrations).toEqual([INTEGRATIONS.wallet]);
      expect(await gateway.inquire(start.reference, request.orderId)).toMatchObject({ kind: 'pending' });

      const page = await (await fetch(start.next.url)).text();
      expect(page).toContain('EGP 350.00');
      expect(page).toContain('010•••••678');
      expect(page).toContain(`data-otp="${paymob.control.walletOtpOf(start.reference)}"`);
      const back = returnLinkOf(await paymob.approveWallet(start.next.url));
      expect(back.searchParams.get('success')).toBe('true');
      await paymob.control.delivered();

      const [callback] = store.about(start.reference);
      expect(JSON.parse(callback!.rawBody).obj.source_data).toEqual({ type: 'wallet', sub_type: 'WALLET', pan: '01012345678' });
      const paid = { kind: 'paid', paymentId: expect.any(String), amount: egp(35_000) };
      expect(paymentNotice(await gateway.verify(callback!)).outcome).toEqual(paid);
      expect(await gateway.settle(start.reference, request.orderId)).toEqual(paid);
    });

    it('declines on a wrong OTP; the buyer may try again, with a new approval', async () => {
      const gateway = paymob.gateway();
      const request = order(egp(35_000), 'wallet', '0020 112 345 6789');
      const start = started(await gateway.start(request));
      if (start.next.kind !== 'redirect') throw new Error('no approval page');
      const otp = paymob.control.walletOtpOf(start.reference)!;
      const wrong = otp === '000000' ? '111111' : '000000';
      const query = Object.fromEntries(returnLinkOf(await paymob.approveWallet(start.next.url, wrong)).searchParams);
      expect(paymentNotice(await gateway.verify({ headers: {}, rawBody: '', query })).outcome).toEqual({
        kind: 'declined',
        reason: 'The wallet did not approve the payment.',
        retry: true,
      });
      expect(await gateway.inquire(start.reference, request.orderId)).toMatchObject({ kind: 'declined', reason: 'Wrong OTP', retry: true });
      // The same page answered once: asked again, a new approval from a repeated start.
      expect(await (await fetch(start.next.url)).text()).toContain('This wallet payment was declined.');
      const again = started(await gateway.start(request));
      if (again.next.kind !== 'redirect') throw new Error('no approval page');
      expect(again.next.url).not.toBe(start.next.url);
      await paymob.approveWallet(again.next.url);
      expect((await gateway.settle(start.reference, request.orderId)).kind).toBe('paid');
    });

    it('is refused when Paymob finds no wallet on the number', async () => {
      const start = await paymob.gateway().start(order(egp(5000), 'wallet', '01012340000'));
      expect(start).toEqual({ kind: 'refused', reason: 'No mobile wallet answers on 01012340000: check the number, or choose another way to pay.' });
    });
  });

  describe('a kiosk reference', () => {
    afterEach(() => (now = Date.now()));

    it('is a number to pay in cash at Aman or Masary before it expires; the order waits', async () => {
      const gateway = paymob.gateway({ now: () => now });
      const request = order(egp(99_900), 'kiosk');
      const before = paymob.control.calls['/v1/intention/'] ?? 0;
      const start = started(await gateway.start(request));
      if (start.next.kind !== 'offline') throw new Error('no reference');
      expect(start.next.payAt).toEqual({ reference: expect.stringMatching(/^\d+$/), expiresAt: new Date(now + KIOSK_SECONDS * 1000).toISOString(), payTo: KIOSK_PAY_TO, place: 'kiosk' });
      expect(paymob.control.intentionOf(start.reference)).toMatchObject({ integrations: [INTEGRATIONS.kiosk], expiresAt: now + KIOSK_SECONDS * 1000 });
      expect(await gateway.inquire(start.reference, request.orderId)).toEqual({ kind: 'pending', reason: 'The buyer has not paid at the kiosk yet.' });
      // Asked again (the buyer reloads), the same reference: nothing new at Paymob.
      expect(await gateway.start(request)).toEqual(start);
      expect(paymob.control.calls['/v1/intention/']).toBe(before + 1);
    });

    it('paid at any later time through the control: the callback comes then, and pays', async () => {
      const gateway = paymob.gateway({ now: () => now });
      const request = order(egp(99_900), 'kiosk');
      const start = started(await gateway.start(request));
      if (start.next.kind !== 'offline') throw new Error('no reference');
      now += 40 * 3600_000;
      expect(store.about(start.reference)).toHaveLength(0);
      expect(paymob.control.payKiosk(start.next.payAt.reference)).toBe('paid');
      await paymob.control.delivered();
      const [callback] = store.about(start.reference);
      expect(JSON.parse(callback!.rawBody).obj.source_data.type).toBe('aggregator');
      expect(paymentNotice(await gateway.verify(callback!)).outcome).toEqual({ kind: 'paid', paymentId: expect.any(String), amount: egp(99_900) });
      expect((await gateway.settle(start.reference, request.orderId)).kind).toBe('paid');
      expect(paymob.control.payKiosk(start.next.payAt.reference)).toBe('paid already');
      expect(paymob.control.payKiosk('1')).toBe('unknown');
    });

    it('expires unpaid: a late payment is refused, and the order is declined for good', async () => {
      const gateway = paymob.gateway({ now: () => now });
      const request = order(egp(99_900), 'kiosk');
      const start = started(await gateway.start(request));
      if (start.next.kind !== 'offline') throw new Error('no reference');
      now += KIOSK_SECONDS * 1000 + 1;
      expect(paymob.control.payKiosk(start.next.payAt.reference)).toBe('expired');
      await paymob.control.delivered();
      expect(store.about(start.reference)).toHaveLength(0);
      expect(await gateway.inquire(start.reference, request.orderId)).toEqual({ kind: 'declined', reason: 'Expired', retry: false });
    });

    it('is listed on the test kiosk page, whose Mark paid button pays it; an expired one is not listed', async () => {
      const gateway = paymob.gateway({ now: () => now });
      const open = started(await gateway.start(order(egp(12_500), 'kiosk')));
      if (open.next.kind !== 'offline') throw new Error('no reference');
      const reference = open.next.payAt.reference;
      const page = await (await fetch(`${paymob.url}${PREFIX}/kiosk`)).text();
      expect(page).toContain(`<td>${reference}</td><td>EGP 125.00</td>`);
      expect(page).toContain(`action="${PREFIX}/kiosk/${reference}/pay"`);
      const pressed = await fetch(`${paymob.url}${PREFIX}/kiosk/${reference}/pay`, { method: 'POST' });
      expect(pressed.status).toBe(200);
      expect(await pressed.text()).toContain('Paid: the store has been told.');
      expect((await gateway.inquire(open.reference, paymob.control.intentionOf(open.reference)!.specialReference)).kind).toBe('paid');
      expect((await fetch(`${paymob.url}${PREFIX}/kiosk/${reference}/pay`, { method: 'POST' })).status).toBe(409);

      const expiring = started(await gateway.start(order(egp(12_500), 'kiosk')));
      if (expiring.next.kind !== 'offline') throw new Error('no reference');
      now += KIOSK_SECONDS * 1000 + 1;
      expect(await (await fetch(`${paymob.url}${PREFIX}/kiosk`)).text()).not.toContain(expiring.next.payAt.reference);
    });
  });

  describe('instalments', () => {
    it('lists every configured plan in Unified Checkout; the plan picked pays', async () => {
      const gateway = paymob.gateway();
      const request = order(egp(600_000), 'instalments');
      const start = started(await gateway.start(request));
      if (start.next.kind !== 'frame') throw new Error('no frame');
      expect(start.next.url).toContain(`/unifiedcheckout/?publicKey=${ACCOUNT.publicKey}&clientSecret=`);
      expect(paymob.control.intentionOf(start.reference)?.integrations).toEqual(INTEGRATIONS.instalments);
      const page = await (await fetch(start.next.url)).text();
      for (const plan of INTEGRATIONS.instalments) expect(page).toContain(`name="plan" value="${plan}"`);
      expect(page).toContain('EGP 6,000.00');

      const refused = await fetch(start.next.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay&plan=1' });
      expect(refused.status).toBe(400);
      await paymob.press(start.next.url, 'pay', INTEGRATIONS.instalments[1]);
      expect(JSON.parse(paymob.control.callbackOf(start.reference)!.rawBody).obj.integration_id).toBe(INTEGRATIONS.instalments[1]);
      expect(await gateway.settle(start.reference, request.orderId)).toEqual({ kind: 'paid', paymentId: expect.any(String), amount: egp(600_000) });
    });

    it('declined, the buyer may pick again', async () => {
      const gateway: PaymobGateway = paymob.gateway();
      const request = order(egp(600_000), 'instalments');
      const start = started(await gateway.start(request));
      await paymob.press(paymob.control.framePathOf(start.reference)!, 'decline', INTEGRATIONS.instalments[0]);
      expect(await gateway.settle(start.reference, request.orderId)).toMatchObject({ kind: 'declined', retry: true });
    });
  });
});
