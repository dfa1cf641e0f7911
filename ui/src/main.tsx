import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';
import './design/index.css';
import './app/app.css';

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices, letting the browser in between,
// instead of one task of 100 ms and more on a phone's processor (Lighthouse's blocking time).
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  ),
);
