import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';

// After a deploy, a tab opened earlier may ask for a page chunk that no longer exists (the
// server answers 404). Reload once to pick up the new build; a second failure on the same page
// is left to the route's error boundary instead of looping.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'kholo:reloaded-for-missing-chunk';
  if (sessionStorage.getItem(key) === window.location.pathname) return;
  sessionStorage.setItem(key, window.location.pathname);
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
