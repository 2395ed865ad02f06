import { adminJobList, type ADMIN_JOB_STATES, type AdminJobList } from '@kholo/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_OPTIONS, adminQueryKeys } from './admin-query-keys.ts';

export type AdminJobState = (typeof ADMIN_JOB_STATES)[number];

/** A state, or every job that is not done. */
export type JobsFilter = AdminJobState | 'all';

// Jobs move on their own (a retry comes due, a queued email goes out): while any are still on
// their way, the tab looks again this often, so its rows and counts do not stay behind.
const IN_FLIGHT_REFRESH_MS = 5_000;

/** GET /api/admin/jobs?state=: jobs that are not done, newest first, at most 100, with the count in each state. */
export function getAdminJobs(filter: JobsFilter, signal?: AbortSignal): Promise<AdminJobList> {
  const path = filter === 'all' ? '/api/admin/jobs' : `/api/admin/jobs?state=${filter}`;
  return apiRequest(path, signal ? { schema: adminJobList, signal } : { schema: adminJobList });
}

export function useAdminJobs(filter: JobsFilter) {
  return useQuery({
    queryKey: [...adminQueryKeys.jobs, filter],
    queryFn: ({ signal }) => getAdminJobs(filter, signal),
    ...ADMIN_QUERY_OPTIONS,
    // Another filter's rows and counts stay up while this one loads, so the filter does not jump.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const counts = query.state.data?.counts;
      return counts !== undefined && counts.queued + counts.retry + counts.running > 0 ? IN_FLIGHT_REFRESH_MS : false;
    },
  });
}
