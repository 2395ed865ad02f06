import { lazy, Suspense } from 'react';

// Fetched only when a signed-in account has something to accept: visitors and everyone up to
// date never download it, so the landing page stays small (ADR 007).
const PolicyConsentPrompt = lazy(async () => ({
  default: (await import('./components/policy-consent-prompt.tsx')).PolicyConsentPrompt,
}));

/**
 * Asks on every page while GET /api/me says the signed-in account has not accepted the current
 * Terms and Privacy Policy (`me.policies.needsAcceptance`, read by the app's root and passed in,
 * so this file imports nothing more into the first load): a modal, or on the two policy pages a
 * bar, so she can read them first and the question is still there when she comes back.
 */
export function PolicyConsentGate({ needsAcceptance }: { needsAcceptance: boolean }) {
  if (!needsAcceptance) return null;
  return (
    <Suspense fallback={null}>
      <PolicyConsentPrompt />
    </Suspense>
  );
}
