import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';
import { firstPageData } from './app/rendered-page';
import { startTranslations } from './i18n/i18n';
import { prepareMessagesWhenIdle } from './i18n/messages';
import { basenameOf, languageOfPath } from './i18n/languages';
import './design/index.css';
import './app/app.css';

const language = languageOfPath(window.location.pathname);
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter basename={basenameOf(language)}>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);
// The page's catalogue (the server named its file in the page, so it is already on its way).
const translations = startTranslations(language);
if (firstPageData()) {
  // A page the server rendered (issue 22) is hydrated from the reads it carries, a frame after the
  // browser has painted it: hydrating first kept a phone's screen blank for the whole of it
  // (Lighthouse: first paint 3.7 s, then 2.6 s on a product page). React then waits for the
  // catalogue itself, keeping the page as it came, and replays a tap made meanwhile.
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app), 0));
  void translations.then(prepareMessagesWhenIdle);
} else {
  // Any other is rendered once its catalogue is in, so nothing swaps language afterwards; as a
  // transition, which React renders in slices, letting the browser in between, instead of one task
  // of 100 ms and more on a phone's processor.
  void translations.then(() => startTransition(() => createRoot(container).render(app))).then(prepareMessagesWhenIdle);
}
