import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';
import { startTranslations } from './i18n/i18n';
import { prepareMessagesWhenIdle } from './i18n/messages';
import { basenameOf, languageOfPath } from './i18n/languages';
import './design/index.css';
import './app/app.css';

const language = languageOfPath(window.location.pathname);
const root = createRoot(document.getElementById('root')!);
// The page's catalogue first (the server named its file in the page, so it is already on its way):
// the first render is then in the page's language, with nothing to swap afterwards.
void startTranslations(language).then(() =>
  // The first render as a transition: React renders it in slices, letting the browser in between,
  // instead of one task of 100 ms and more on a phone's processor (Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter basename={basenameOf(language)}>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  ),
).then(prepareMessagesWhenIdle);
