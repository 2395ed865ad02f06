import type { MessageKey } from '@kholo/contracts';

/** When the policy texts last changed (pages show it in their language). Update it when you edit any policy. */
export const POLICIES_LAST_UPDATED = '2026-11-26';

/** The policy pages, each with its name's message (said in the page's language). */
export const POLICY_LINKS = [
  { to: '/ShippingPolicy', label: 'site.policy.shipping' },
  { to: '/TermsAndConditions', label: 'site.policy.terms' },
  { to: '/CancellationsAndRefunds', label: 'site.policy.refunds' },
  { to: '/PrivacyPolicy', label: 'site.policy.privacy' },
] as const satisfies readonly { to: string; label: MessageKey }[];
