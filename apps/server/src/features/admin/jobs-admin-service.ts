import type { AdminJobList } from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditActor, AuditRepository } from '../audit/index.js';
import type { JobsAdmin, ListedState } from '../jobs/index.js';

const JOBS_LIST_LIMIT = 100;

export const JOB_ADMIN_MESSAGES = {
  notFailed: 'This job is not waiting in Failed any more: it may already have been retried or discarded.',
  notFound: 'There is no such job waiting: it may have finished, or been discarded already.',
  running: 'This job is running now; wait for it to finish or fail before discarding it.',
} as const;

/** The Jobs tab: what is queued, retrying, running and failed; retry and discard, both in the audit log. */
export function createJobsAdminService(deps: { jobs: JobsAdmin; audit: AuditRepository; clock: Clock }) {
  const { jobs, audit } = deps;

  return {
    async list(state: ListedState | undefined): Promise<AdminJobList> {
      const [items, counts] = await Promise.all([
        jobs.list({ limit: JOBS_LIST_LIMIT, ...(state === undefined ? {} : { state }) }),
        jobs.counts(),
      ]);
      return { items, counts };
    },

    /** One more try, now. */
    async retry(actor: AuditActor, id: string): Promise<{ id: string }> {
      const before = await jobs.find(id);
      if (!(await jobs.retry(id))) throw new AppError('CONFLICT', JOB_ADMIN_MESSAGES.notFailed);
      await audit.record({
        actor,
        action: 'job.retry',
        subjectId: id,
        before: before === null ? null : { state: before.state, name: before.name, lastError: before.lastError },
        after: { state: 'retry' },
        reason: null,
        at: deps.clock.now(),
      });
      return { id };
    },

    /** Deleted for good: a message nobody should receive any more, or work no longer wanted. */
    async discard(actor: AuditActor, id: string): Promise<{ id: string }> {
      const discarded = await jobs.discard(id);
      if (discarded === null) {
        const still = await jobs.find(id);
        throw new AppError(
          'CONFLICT',
          still?.state === 'running' ? JOB_ADMIN_MESSAGES.running : JOB_ADMIN_MESSAGES.notFound,
        );
      }
      await audit.record({
        actor,
        action: 'job.discard',
        subjectId: id,
        before: {
          state: discarded.state,
          name: discarded.name,
          description: discarded.description,
          lastError: discarded.lastError,
        },
        after: null,
        reason: null,
        at: deps.clock.now(),
      });
      return { id };
    },
  };
}

export type JobsAdminService = ReturnType<typeof createJobsAdminService>;
