import type { CurrencyRegion } from '../core/catalog/domain/pricing';
import type { Language } from '../core/shared/language';

/**
 * The shopper's pages rendered on the server (issue 22), as both sides meet: the store's HTTP adapter
 * asks, the UI's renderer (ui/src/server/render.tsx) answers; the composition root joins them.
 */

/** What the server knows of the visitor when it renders: the address, their language and region, whether their browser says it is a phone. */
export interface PageRequest {
  /** The app's path, the language's prefix taken off ('/product/…'). */
  readonly path: string;
  /** '' or '?page=2'. */
  readonly search: string;
  readonly language: Language;
  readonly region: CurrencyRegion;
  readonly phone: boolean;
  /** The store's own origin, for the canonical and shared addresses. */
  readonly origin: string;
  /** The visitor's own page (the cart, a checkout): only its frame is rendered, and it is never indexed. */
  readonly own?: boolean;
}

export interface RenderedPage {
  readonly status: number;
  /** The app's markup, for inside `<div id="root">`. */
  readonly root: string;
  /** The head's tags: title, description, canonical, alternates, Open Graph, structured data. */
  readonly head: string;
  /** The script that carries the page's reads to the browser's hydration. */
  readonly data: string;
}

export type RenderPage = (page: PageRequest) => Promise<RenderedPage>;

/** How the renderer's reads reach the store's answers: a fetch, answered in-process. */
export type SendRequest = (address: string, init: RequestInit) => Promise<Response>;

/** What every page says of the store, as the page template has it. */
export interface StoreSettings {
  readonly supportEmail: string;
}

/** Makes a renderer whose reads go through `send`. */
export type PageRenderer = (send: SendRequest, store: StoreSettings) => Promise<RenderPage>;
