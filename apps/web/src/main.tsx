// The app's entry: as small as an entry can be, so that on a page the server rendered
// (docs/decisions/0023-server-rendered-public-pages.md) the browser paints the server's markup
// before any of the app's script runs. The app itself is a chunk of its own, loaded here: at
// once when #root is empty (every page the browser renders), after the first paint when it
// holds the server's markup. Its evaluation and hydration then never delay that paint.

const container = document.getElementById('root');

/** Resolves once the browser has painted a frame (at once in a hidden tab, which paints none). */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

if (!container) {
  console.error('Error while mounting app: index.html has no #root element.');
} else {
  const ready = container.firstElementChild ? afterFirstPaint() : Promise.resolve();
  ready
    .then(() => import('./app/start-app'))
    .then(({ startApp }) => startApp(container))
    .catch((error: unknown) => console.error('Error while mounting app', error));
}
