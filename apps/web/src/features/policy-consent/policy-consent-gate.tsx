import { lazy, Suspense } from 'react';
import { useMe } from '../accounts/index.ts';

// Fetched only when a signed-in account has something to accept: visitors and everyone up to
// date never download it, so the landing page stays small (ADR 007).
const PolicyConsentPrompt = lazy(async () => ({
  default: (await import('./components/policy-consent-prompt.tsx')).PolicyConsentPrompt,
}));

/**
 * Asks on every page while GET /api/me says the account has not accepted the current Terms and
 * Privacy Policy: a modal, or on the two policy pages themselves a bar, so she can read them first
 * and the question is still there when she comes back.
 */
export function PolicyConsentGate() {
  const { data: me } = useMe();
  if (!me?.account || me.policies?.needsAcceptance !== true) return null;
  return (
    <Suspense fallback={null}>
      <PolicyConsentPrompt />
    </Suspense>
  );
}
