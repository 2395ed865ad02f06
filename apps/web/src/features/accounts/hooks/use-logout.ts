import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast.tsx';
import { translate } from '@kholo/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { meQueryKey, storeMe, VISITOR } from '../api/get-me.ts';
import { useSignOut } from '../api/sign-out.ts';
import { clearPendingUnlock } from '../pending-unlock.ts';

/** The toast's English, as tests look for it. */
export const LOGGED_OUT_MESSAGE = translate('en', 'accounts.logout.done');

/**
 * Logout from anywhere: ends the server session, forgets both cached profiles (SPEC §4) and
 * everything fetched for the old session, and goes home.
 */
export function useLogout() {
  const { t, tm } = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync: signOut, isPending } = useSignOut();
  const { run } = useSingleFlight(isPending);

  const logout = () =>
    run(async () => {
      try {
        await signOut();
      } catch (error) {
        // Already signed out on the server (an expired session): finish the job here.
        const alreadyOut = error instanceof ApiError && error.code === 'UNAUTHENTICATED';
        if (!alreadyOut) {
          toast.error(t('accounts.logout.failed'), {
            description: error instanceof ApiError ? tm(error.message) : t('accounts.logout.tryAgain'),
          });
          return;
        }
      }
      clearPendingUnlock();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      // The visitor's answer also removes both cached profiles (SPEC §4).
      storeMe(queryClient, VISITOR);
      void navigate('/');
      toast.success(t('accounts.logout.done'));
    });

  return { logout, isPending };
}
