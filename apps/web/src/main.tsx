import { TAGLINE_ROTATION_MS } from '@kholo/contracts';
import './index.css';
import { startWhenAsked } from './boot/start-when-asked.ts';
import { syncSessionCacheFromPage } from './features/accounts/session-cache.ts';
import { rotateTaglines } from './features/landing/tagline-rotation.ts';
import { readPageQueries } from './ssr/page-queries-script.ts';

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
// The session cache mirrors the server's answer even before the app runs (SPEC §3).
syncSessionCacheFromPage(readPageQueries());
// The landing page's tagline turns before the app runs, as the spec asks of the page (SPEC §9).
const stopTagline = rotateTaglines(root, TAGLINE_ROTATION_MS);
startWhenAsked(root, async () => {
  const { startApp } = await import('./app/start-app.tsx');
  stopTagline();
  await startApp(root);
});
