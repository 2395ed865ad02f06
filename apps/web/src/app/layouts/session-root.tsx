import { Outlet } from 'react-router';
import { AuthDialogProvider } from '../../features/accounts/components/auth-dialog-provider.tsx';
import { useSessionSync } from '../../features/accounts/hooks/use-session-sync.ts';
import { useMe } from '../../features/accounts/api/get-me.ts';
import { PolicyConsentGate } from '../../features/policy-consent/policy-consent-gate.tsx';

/**
 * The top route: the sign-in dialogs for every page (useAuthDialog()) and cross-tab session
 * sync. It sits above the layout so a dialog opened while a page's code is still loading (the
 * layout's HydrateFallback) stays open when the page arrives. It also asks a signed-in account to
 * accept updated Terms (features/policy-consent), whose dialog loads only when needed.
 */
export function SessionRoot() {
  useSessionSync();
  const { data: me } = useMe();
  return (
    <AuthDialogProvider>
      <Outlet />
      <PolicyConsentGate needsAcceptance={me?.policies?.needsAcceptance === true} />
    </AuthDialogProvider>
  );
}
