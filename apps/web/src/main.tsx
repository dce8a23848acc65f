import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

try {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices of a few milliseconds and lets
  // the browser paint and take input between them, instead of holding the main thread for the
  // whole Mantine tree at once (on a slow phone, hundreds of milliseconds of blocking time;
  // docs/decisions/0020-fast-public-pages.md).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
} catch (error) {
  console.error('Error while mounting app', error);
}
