import { lazy, Suspense, useState } from 'react';
import { useMe } from '../features/accounts/api/get-me.ts';
import { hasCachedCreator } from '../features/accounts/session-cache.ts';
import {
  DashboardSkeleton,
  DashboardUnavailable,
} from '../features/creator-dashboard/components/dashboard-skeleton.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';

// The dashboard is its own chunk: visitors, who are most of `/`'s traffic, never download it.
const CreatorDashboard = lazy(async () => ({
  default: (await import('../features/creator-dashboard/creator-dashboard.tsx')).CreatorDashboard,
}));

/**
 * `/`: the creator dashboard for a signed-in creator, the landing page for everyone else
 * (SPEC §2). /api/me decides; the cached creator only chooses the placeholder while it answers.
 */
export function HomeRoute() {
  const me = useMe();
  const [cachedCreator] = useState(hasCachedCreator);
  const creator = me.data?.creator;
  const account = me.data?.account;

  if (creator && account) {
    return (
      <Suspense fallback={<DashboardSkeleton />}>
        <CreatorDashboard creator={creator} account={account} />
      </Suspense>
    );
  }
  if (cachedCreator && me.isPending) return <DashboardSkeleton />;
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
