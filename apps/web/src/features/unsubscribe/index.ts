// The page an email's unsubscribe link opens (issue 23 §6); the router imports it lazily.
export { UnsubscribePage } from './unsubscribe-page.tsx';
