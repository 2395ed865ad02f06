import './index.css';
import { startWhenAsked } from './boot/start-when-asked.ts';

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

// The entry stays this small (no React): a server-rendered page for a visitor is complete HTML and
// loads the app only when she reaches for something (ADR 027).
startWhenAsked(root, async () => {
  const { startApp } = await import('./app/start-app.tsx');
  await startApp(root);
});
