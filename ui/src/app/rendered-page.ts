import { createContext, useContext } from 'react';
import type { PublicProduct } from '../../../api/catalog';
import type { MessageCode } from '../../../api/messages';
import type { CurrencyRegion } from '../../../core/catalog/domain/pricing';
import { ApiError } from '../api/client';

/**
 * A page the server rendered (issue 22): the reads it rendered from travel in the page, so the
 * browser hydrates what it was sent without asking again, and the page's head is written from what
 * its components say while they render. Pages rendered in the browser alone never meet any of this.
 */

/** A read as a screen shows it. */
export type Remote<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/** What a rendered page tells the browser: its reads by useRemote's key, and what the server assumed. */
export interface FirstPage {
  readonly reads: Readonly<Record<string, FirstRead>>;
  /** The width the server rendered for (a phone's or a desktop's): the page sizes follow it while hydrating. */
  readonly width: number;
  readonly region: CurrencyRegion;
}

/** A read as it travels: its answer, or the failure the page showed (a 404's page must hydrate as one). */
export type FirstRead = { readonly data: unknown } | { readonly failed: { readonly status: number; readonly message: string; readonly codes: readonly MessageCode[] } };

/** What the page's components tell the server about its head while they render. */
export interface PageHead {
  title?: string;
  description?: string;
  product?: PublicProduct;
  breadcrumbs?: readonly { readonly label: string; readonly href?: string }[];
}

/** One render on the server: its reads, its status and its head, filled in as the components render. */
export class ServerRender {
  status = 200;
  readonly head: PageHead = {};
  private readonly pending = new Map<string, Promise<Remote<unknown>>>();
  private readonly settled = new Map<string, FirstRead>();

  constructor(
    readonly width: number,
    readonly region: CurrencyRegion,
    readonly supportEmail: string,
  ) {}

  /**
   * `key`'s read, asked once per render (useRemote waits for it with `use`); a failure other than
   * the server's answer renders as still loading, and the browser asks again.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<Remote<T>> {
    let read = this.pending.get(key);
    if (!read) {
      read = load().then(
        (data): Remote<unknown> => {
          this.settled.set(key, { data });
          return { status: 'success', data };
        },
        (error: unknown): Remote<unknown> => {
          if (!(error instanceof ApiError) || !error.fromServer) return { status: 'loading' };
          this.settled.set(key, { failed: { status: error.status, message: error.message, codes: error.codes } });
          return { status: 'error', error };
        },
      );
      this.pending.set(key, read);
    }
    return read as Promise<Remote<T>>;
  }

  firstPage(): FirstPage {
    return { reads: Object.fromEntries(this.settled), width: this.width, region: this.region };
  }
}

/** Set by the server's render only. */
export const ServerRenderContext = createContext<ServerRender | null>(null);
export const useServerRender = (): ServerRender | null => useContext(ServerRenderContext);

/** The page's status on the server (a page that is not there answers 404); nothing in the browser. */
export const useStatus = (status: number): void => {
  const render = useServerRender();
  if (render) render.status = status;
};

export const FIRST_PAGE_ID = 'first-page';

let firstPage: FirstPage | undefined | null = null;

/** The data of the page the server rendered, until the shopper moves on (`leaveFirstPage`). */
export const firstPageData = (): FirstPage | undefined => {
  if (firstPage === null) {
    const script = typeof document === 'undefined' ? null : document.getElementById(FIRST_PAGE_ID);
    firstPage = script?.textContent ? (JSON.parse(script.textContent) as FirstPage) : undefined;
  }
  return firstPage;
};

/** The rendered page's read for `key`, as useRemote's first state. */
export const firstRead = <T>(key: string): Remote<T> | undefined => {
  const read = firstPageData()?.reads[key];
  if (!read) return undefined;
  if ('data' in read) return { status: 'success', data: read.data as T };
  return { status: 'error', error: new ApiError(read.failed.status, read.failed.message, true, read.failed.codes) };
};

/** After the first navigation, reads are fresh again: the page's answers may be minutes old. */
export const leaveFirstPage = (): void => {
  firstPage = undefined;
};
