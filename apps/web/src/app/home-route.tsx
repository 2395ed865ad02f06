import { lazy, Suspense, useState } from 'react';
import { useMe } from '../features/accounts/api/get-me.ts';
import { hasCachedCreator, hasCachedSession } from '../features/accounts/session-cache.ts';
import {
  DashboardSkeleton,
  DashboardUnavailable,
} from '../features/creator-dashboard/components/dashboard-skeleton.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { LibrarySkeleton } from '../features/purchases/components/library-skeleton.tsx';

// The dashboard and the fan's library are chunks of their own: visitors, who are most of `/`'s
// traffic, never download them.
const CreatorDashboard = lazy(async () => ({
  default: (await import('../features/creator-dashboard/creator-dashboard.tsx')).CreatorDashboard,
}));
const FanLibrary = lazy(async () => ({
  default: (await import('../features/purchases/library-page.tsx')).FanLibrary,
}));

/**
 * `/`: the creator dashboard for a signed-in creator (SPEC §2), her library for a signed-in fan
 * who is not a creator (issue 23), the landing page for everyone else. /api/me decides; the
 * cached profiles only choose the placeholder while it answers.
 */
export function HomeRoute() {
  const me = useMe();
  const [cachedCreator] = useState(hasCachedCreator);
  const [cachedFan] = useState(() => !hasCachedCreator() && hasCachedSession());
  const creator = me.data?.creator;
  const account = me.data?.account;

  if (creator && account) {
    return (
      <Suspense fallback={<DashboardSkeleton />}>
        <CreatorDashboard creator={creator} account={account} />
      </Suspense>
    );
  }
  if (account && me.data?.fan) {
    return (
      <Suspense fallback={<LibrarySkeleton />}>
        <FanLibrary />
      </Suspense>
    );
  }
  if (cachedCreator && me.isPending) return <DashboardSkeleton />;
  if (cachedFan && me.isPending) return <LibrarySkeleton />;
  if (cachedCreator && me.isError) {
    return (
      <DashboardUnavailable
        retrying={me.isFetching}
        onRetry={() => {
          void me.refetch();
        }}
      />
    );
  }
  return <LandingPage />;
}
