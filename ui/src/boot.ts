/**
 * The first script of a page the server rendered (issue 22). The page is whole without the app, so
 * the app is asked for only once the browser has painted it: fetched with the page, its 120 KB of
 * script were taken and run before the first paint on a phone's link and processor (Lighthouse:
 * first paint 2.6 s, the page's HTML and styles alone 1.4 s). The server moves the app's script and
 * the files it preloads from the page's head into this script's `data-app` and `data-preload`
 * (adapters/http/page-preloads.ts). Kept tiny, and importing nothing: it is fetched with the page.
 *
 * A tap on a button, or a form sent, before the app has taken the page over would do nothing: each
 * is held and made again once the app says it has (the event below, sent by ui/src/layout/Layout.tsx).
 * Links need nothing: without the app they are links still.
 */
const HYDRATED = 'store:hydrated';
const boot = document.querySelector<HTMLScriptElement>('script[data-app]');

const held: (() => void)[] = [];
const hold = (event: Event) => {
  const target = event.target as HTMLFormElement;
  const button = target.closest<HTMLElement>('button, summary, [role="button"]');
  if (event.type === 'click' && !button) return;
  // Nor does React see it: listening from the start of hydration, it could act on the tap too,
  // and the one made again undid it (the Books menu opened and closed).
  event.stopPropagation();
  event.preventDefault();
  held.push(() => (button ? button.click() : target.requestSubmit()));
};

if (boot) {
  for (const type of ['click', 'submit']) document.addEventListener(type, hold, true);
  document.addEventListener(
    HYDRATED,
    () => {
      for (const type of ['click', 'submit']) document.removeEventListener(type, hold, true);
      for (const again of held.splice(0)) again();
    },
    { once: true },
  );
  // One file a task: all thirteen at once held a phone's processor for 150 ms.
  const files = [...boot.dataset.preload!.split(' ').filter(Boolean), ''];
  const next = () => {
    const href = files.shift()!;
    document.head.append(
      href ? Object.assign(document.createElement('link'), { rel: 'modulepreload', href }) : Object.assign(document.createElement('script'), { type: 'module', src: boot.dataset.app }),
    );
    if (files.length) setTimeout(next);
  };
  // Once the page's content is on the screen: its first contentful paint shown, and its covers
  // loaded (the load event) and painted (two frames later). Asked for when only the first frame
  // was drawn, the app's 120 KB shared a slow link with the covers, and the largest paint, a
  // cover, came after them (Lighthouse: 1.3 s or 2.8 s from run to run). At most 4 s are waited.
  let started = false;
  const start = () => {
    if (!started) requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(next)));
    started = true;
  };
  // (a browser without paint timing ignores the observer, and waits the 4 s)
  const painted = new Promise((resolve) => new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint')[0] && resolve(0)).observe({ type: 'paint', buffered: true }));
  const loaded = new Promise((resolve) => (document.readyState === 'complete' ? resolve(0) : addEventListener('load', resolve)));
  void Promise.all([painted, loaded]).then(start);
  setTimeout(start, 4000);
}
