import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router-dom';
import type { PageRenderer } from '../../../api/rendered-page';
import { sendRequestsWith } from '../api/client';
import { AppRoutes } from '../app/AppRoutes';
import { FIRST_PAGE_ID, ServerRender, ServerRenderContext } from '../app/rendered-page';
import { allTranslationsIn } from '../i18n/i18n';
import { LANGUAGES, basenameOf } from '../i18n/languages';
import { headOf, jsonInScript } from './head';

/**
 * The shopper's pages rendered on the server (issue 22): the same components as in the browser,
 * their reads answered in-process, so a link preview or a crawler that runs no JavaScript gets the
 * page, and a phone paints it from the first response. The server's HTTP adapter decides which
 * pages, caches what comes out, and falls back to the page the browser renders alone.
 */

/** The widths the server renders for; the browser hydrates with the same before it reads its own. */
const PHONE_WIDTH = 375;
const DESKTOP_WIDTH = 1280;
/** A page whose reads take longer than this is left to the browser. */
const RENDER_LIMIT_MS = 3000;

/** Makes the renderer: every language's catalogues loaded once, the client's requests sent through `send`. */
export const pageRenderer: PageRenderer = async (send, store) => {
  sendRequestsWith(send);
  const translations = new Map(await Promise.all(LANGUAGES.map(async (language) => [language, await allTranslationsIn(language)] as const)));
  return async (page) => {
    const i18n = translations.get(page.language)!;
    const render = new ServerRender(page.phone ? PHONE_WIDTH : DESKTOP_WIDTH, page.region, store.supportEmail);
    const basename = basenameOf(page.language);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error('The page took too long to render.')), RENDER_LIMIT_MS);
    try {
      const { prelude } = await prerenderToNodeStream(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <ServerRenderContext value={render}>
              <StaticRouter location={`${basename}${page.path}${page.search}`} basename={basename}>
                <AppRoutes />
              </StaticRouter>
            </ServerRenderContext>
          </I18nextProvider>
        </StrictMode>,
        // Every boundary inline, complete: React would otherwise send a large one apart, to be put in
        // place by an inline script, which the store's content policy rightly refuses.
        { signal: abort.signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      // As Node's stream, read in one piece: the web stream of `prerender`, read through a Response,
      // took 1.5 ms of a product page's render.
      const chunks: Uint8Array[] = [];
      for await (const chunk of prelude) chunks.push(chunk as Uint8Array);
      const root = Buffer.concat(chunks).toString('utf8');
      if (abort.signal.aborted) throw abort.signal.reason;
      return {
        status: render.status,
        root,
        head: headOf(render.head, render.status, page, i18n.t),
        data: jsonInScript(FIRST_PAGE_ID, render.firstPage()),
      };
    } finally {
      clearTimeout(timer);
    }
  };
};
