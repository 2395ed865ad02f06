/** When the policy texts last changed (pages show it in their language). Update it when you edit any policy. */
export const POLICIES_LAST_UPDATED = '2026-11-26';

export const POLICY_LINKS = [
  { to: '/ShippingPolicy', label: 'Shipping Policy' },
  { to: '/TermsAndConditions', label: 'Terms and Conditions' },
  { to: '/CancellationsAndRefunds', label: 'Cancellations and Refunds' },
  { to: '/PrivacyPolicy', label: 'Privacy Policy' },
] as const;
