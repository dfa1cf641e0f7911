import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadScreen } from './app/AppRoutes';
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
  // A page the server rendered (issue 22): its app is loaded once the page is painted
  // (ui/src/boot.ts), and hydrates it from the reads it carries, once its screen and catalogue are
  // in, so nothing suspends while React goes through it. As a transition, which React hydrates in
  // slices, letting the browser in between: hydrated at once, it held a phone's processor for
  // 200 ms and more.
  const screen = preloadScreen(window.location.pathname.slice(basenameOf(language).length) || '/');
  void Promise.all([translations, screen])
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(container, app)))
    .then(() => translations)
    .then(prepareMessagesWhenIdle);
} else {
  // Any other is rendered once its catalogue is in, so nothing swaps language afterwards; as a
  // transition, which React renders in slices, letting the browser in between, instead of one task
  // of 100 ms and more on a phone's processor.
  void translations.then(() => startTransition(() => createRoot(container).render(app))).then(prepareMessagesWhenIdle);
}
