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
// The page's catalogue first (the server named its file in the page, so it is already on its way):
// the first render is then in the page's language, with nothing to swap afterwards.
void startTranslations(language).then(() =>
  // A page the server rendered (issue 22) is hydrated as it came, from the reads it carries; any
  // other is rendered here, as a transition: React renders it in slices, letting the browser in
  // between, instead of one task of 100 ms and more on a phone's processor.
  firstPageData() ? hydrateRoot(container, app) : startTransition(() => createRoot(container).render(app)),
).then(prepareMessagesWhenIdle);
