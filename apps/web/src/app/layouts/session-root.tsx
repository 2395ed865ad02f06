import { Outlet } from 'react-router';
import { AuthDialogProvider } from '../../features/accounts/components/auth-dialog-provider.tsx';
import { useSessionSync } from '../../features/accounts/hooks/use-session-sync.ts';
import { PolicyConsentGate } from '../../features/policy-consent/index.ts';

/**
 * The top route: the sign-in dialogs for every page (useAuthDialog()) and cross-tab session
 * sync. It sits above the layout so a dialog opened while a page's code is still loading (the
 * layout's HydrateFallback) stays open when the page arrives.
 */
export function SessionRoot() {
  useSessionSync();
  return (
    <AuthDialogProvider>
      <Outlet />
      <PolicyConsentGate />
    </AuthDialogProvider>
  );
}
