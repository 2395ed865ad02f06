// Each policy page is a lazy route of its own (app/routes.tsx); the footer lists them all.
export { POLICY_LINKS } from './policy-meta.ts';
