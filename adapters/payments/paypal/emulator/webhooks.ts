import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { PayPalCapture, PayPalRefund, TRANSMISSION_HEADERS } from '../wire';
import { paypalId } from './orders';

/** When the store hears of a capture or refund: at once, after `lateMs`, twice (same event id), or never. */
export type DeliveryMode = 'now' | 'late' | 'twice' | 'never';

export interface Delivery {
  readonly eventId: string;
  readonly eventType: string;
  readonly transmissionId: string;
  /** The store's answer, or why it could not be reached. */
  readonly status?: number;
  readonly error?: string;
}

export interface SignedEvent {
  readonly headers: Record<string, string>;
  readonly rawBody: string;
}

const AUTH_ALGO = 'SHA256withRSA';
const MAX_DELIVERIES = 1000;

/**
 * Sends the store PayPal's webhook events, signed the way PayPal signs them except for the key:
 * PayPal signs `transmission_id|transmission_time|webhook_id|crc32(body)` with RSA and a certificate;
 * the emulator uses an HMAC with a secret it makes at start, and its own verify-webhook-signature
 * endpoint is the only party that checks it (as PayPal's is for the adapter).
 */
export class WebhookSender {
  private readonly secret = randomBytes(32);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  readonly deliveries: Delivery[] = [];
  mode: DeliveryMode = 'now';
  lateMs = 2000;
  /** Further attempts when the store does not answer 2xx (PayPal retries for days; tests need few). */
  retries = 2;
  retryMs = 500;
  url?: string;

  constructor(
    private readonly webhookId: string,
    private readonly base: () => string,
  ) {}

  private signature(transmissionId: string, time: string, webhookId: string, rawBody: string): Buffer {
    return createHmac('sha256', this.secret).update(`${transmissionId}|${time}|${webhookId}|${crc32(rawBody) >>> 0}`).digest();
  }

  certUrl(): string {
    return `${this.base()}/v1/notifications/certs/CERT-emulator`;
  }

  event(eventType: string, resourceType: 'capture' | 'refund', resource: PayPalCapture | PayPalRefund) {
    const id = `WH-${paypalId()}-${paypalId()}`;
    return {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: `${eventType} for ${resource.amount.value} ${resource.amount.currency_code}`,
      resource,
      links: [{ href: `${this.base()}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
  }

  /** A delivery of `event` as PayPal would make it now: its headers and its exact body. */
  sign(event: unknown): SignedEvent {
    const rawBody = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        [TRANSMISSION_HEADERS.id]: transmissionId,
        [TRANSMISSION_HEADERS.time]: time,
        [TRANSMISSION_HEADERS.sig]: this.signature(transmissionId, time, this.webhookId, rawBody).toString('base64'),
        [TRANSMISSION_HEADERS.certUrl]: this.certUrl(),
        [TRANSMISSION_HEADERS.authAlgo]: AUTH_ALGO,
      },
    };
  }

  /** What PayPal's verify-webhook-signature decides, over the event as the caller sent it back. */
  verify(fields: { auth_algo: string; transmission_id: string; transmission_time: string; transmission_sig: string; webhook_id: string }, rawEvent: string): boolean {
    if (fields.auth_algo !== AUTH_ALGO || fields.webhook_id !== this.webhookId) return false;
    const expected = this.signature(fields.transmission_id, fields.transmission_time, fields.webhook_id, rawEvent);
    const given = Buffer.from(fields.transmission_sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Delivers `event` to the store as the current mode says; nothing when no URL is set. */
  send(event: { id: string; event_type: string }): void {
    const url = this.url;
    if (!url || this.mode === 'never') return;
    const times = this.mode === 'twice' ? 2 : 1;
    const run = async () => {
      for (let n = 0; n < times; n++) await this.deliver(url, event);
    };
    if (this.mode === 'late') this.later(this.lateMs, run);
    else this.track(run());
  }

  /** Resolves when every delivery started so far has ended (tests wait on it). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 20))]);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async deliver(url: string, event: { id: string; event_type: string }, attempt = 0): Promise<void> {
    const signed = this.sign(event);
    let outcome: { status?: number; error?: string };
    try {
      const response = await fetch(url, { method: 'POST', headers: signed.headers, body: signed.rawBody, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      outcome = { status: response.status };
    } catch (error) {
      outcome = { error: String(error) };
    }
    this.deliveries.push({ eventId: event.id, eventType: event.event_type, transmissionId: signed.headers[TRANSMISSION_HEADERS.id], ...outcome });
    if (this.deliveries.length > MAX_DELIVERIES) this.deliveries.shift();
    const delivered = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
    if (!delivered && attempt < this.retries) this.later(this.retryMs, () => this.deliver(url, event, attempt + 1));
  }

  private later(ms: number, run: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(run());
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }
}
