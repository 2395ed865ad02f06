import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { meQueryKey, storeMe, VISITOR } from '../api/get-me.ts';
import { useSignOut } from '../api/sign-out.ts';
import { clearPendingUnlock } from '../pending-unlock.ts';

export const LOGGED_OUT_MESSAGE = 'You’re logged out.';

/**
 * Logout from anywhere: ends the server session, forgets both cached profiles (SPEC §4) and
 * everything fetched for the old session, and goes home.
 */
export function useLogout() {
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
          toast.error('Could not log you out', {
            description: error instanceof ApiError ? error.message : 'Please try again.',
          });
          return;
        }
      }
      clearPendingUnlock();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
      // The visitor's answer also removes both cached profiles (SPEC §4).
      storeMe(queryClient, VISITOR);
      void navigate('/');
      toast.success(LOGGED_OUT_MESSAGE);
    });

  return { logout, isPending };
}
