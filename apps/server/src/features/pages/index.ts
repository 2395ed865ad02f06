// Server-rendered public pages (ADR 027): the web's routes and components, rendered here.
export { loadWebRenderer, type WebRenderer } from './page-renderer.js';
export {
  createServerPages,
  type PageAnswer,
  type SentCreatorPage,
  type ServedPage,
  type ServerPages,
} from './server-pages.js';
