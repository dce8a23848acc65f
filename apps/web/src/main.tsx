import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

try {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  console.error('Error while mounting app', error);
}
