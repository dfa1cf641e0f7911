import { Client } from 'pg';
import { CHANGES_CHANNEL } from './change-feed';

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/**
 * One connection of its own (outside knex's pool, which would hand it to queries and drop what it
 * listens to) that LISTENs for the notifications every logged change sends (change-feed.ts), so
 * another process reads the log within milliseconds instead of at its next poll. A lost connection
 * is made again with a growing wait, and the log is read once it is back, since notifications sent
 * meanwhile are lost; the poll covers the time between. It never throws: without it, the store
 * only learns of other processes' changes a little later.
 */
export class ChangeListener {
  private client: Client | undefined;
  private closed = false;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private warned = false;

  constructor(
    private readonly url: string,
    private readonly changed: () => void,
    private readonly log: (message: string) => void = console.warn,
  ) {}

  /** Resolves once listening, or once the first attempt failed (the next ones run in the background). */
  start(): Promise<void> {
    return this.connect();
  }

  /** Whether notifications reach this process now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 5000, keepAlive: true });
    // Without a listener, an error on an idle client would be thrown and end the process.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', () => this.changed());
    try {
      await client.connect();
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      this.warn(`cannot listen for changes (${(error as Error).message}); reading them every refresh instead, trying again`);
      this.lost(client);
      return;
    }
    if (this.closed) return void (await client.end().catch(() => {}));
    this.client = client;
    if (this.warned) this.log('Listening for changes again.');
    this.warned = false;
    this.retryMs = FIRST_RETRY_MS;
    // What changed while the connection was being made sent no notification here.
    this.changed();
  }

  private lost(client: Client): void {
    if (this.client === client) {
      this.client = undefined;
      this.warn('the connection that listens for changes was lost; reading them every refresh until it is back');
    }
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
  }

  private warn(message: string): void {
    if (!this.warned) this.log(`Change notifications: ${message}.`);
    this.warned = true;
  }
}
