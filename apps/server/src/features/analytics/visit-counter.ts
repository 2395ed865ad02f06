import { indiaDay } from '@kholo/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { VisitsTable } from '../../db/schema.js';
import type { AnalyticsRepository } from './analytics-repository.js';
import { isBot, viewerKey, visitSource } from './visit-rules.js';

/** One page of a creator's, seen by someone: her page (contentId null) or one of her items. */
export interface PageView {
  creatorId: string;
  contentId: string | null;
  /** The signed-in viewer, or null: the creator's own views and the admin's are not counted. */
  accountId: string | null;
  viewerIsAdmin: boolean;
  ip: string;
  userAgent: string | undefined;
  referrer: string | undefined;
  /** The share button's `?src=` tag, if the link had one. */
  tag: string | null;
}

export interface VisitCounter {
  /** Counts a view (or drops it: a bot, the creator herself, the admin). Never waits, never throws. */
  count(view: PageView): void;
  /** Writes what is waiting; the Analytics tab calls it before reading, so her own process is current. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Waiting views beyond this are written at once rather than at the next tick. */
const FLUSH_AT = 500;
/** If the database is away, at most this many views wait for it; newer ones are dropped. */
const MAX_WAITING = 20_000;

/**
 * Visits are counted in memory and written in batches (one insert per tick, not one per page
 * view), so counting costs a public page a hash and a map insert. A repeat view the same day is
 * merged here already and, from another process, by the table's key. What waits when the process
 * dies is lost: at most a few seconds of visits (ADR 028).
 */
export function createVisitCounter(deps: {
  repository: Pick<AnalyticsRepository, 'insertVisits'>;
  now: () => number;
  secret: string;
  /** This site's host: a visit referred from our own pages is direct. */
  ownHost: string;
  /** 0: no timer (tests flush). */
  flushEveryMs: number;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}): VisitCounter {
  const waiting = new Map<string, VisitsTable>();
  let writing: Promise<void> = Promise.resolve();
  let writesQueued = 0;
  /** The last write failed: until one succeeds, only the tick tries again, not every new view. */
  let databaseAway = false;
  let droppedSinceWarning = 0;

  function flush(): Promise<void> {
    writesQueued += 1;
    writing = writing.then(async () => {
      writesQueued -= 1;
      if (waiting.size === 0) return;
      const rows = [...waiting.values()];
      waiting.clear();
      try {
        await deps.repository.insertVisits(rows);
        databaseAway = false;
      } catch (error) {
        databaseAway = true;
        // Kept for the next tick, newest dropped first if the database stays away.
        for (const row of rows) {
          if (waiting.size >= MAX_WAITING) break;
          waiting.set(keyOf(row), row);
        }
        deps.logger.warn({ err: error, visits: rows.length }, 'could not write visits; trying again on the next tick');
      }
    });
    return writing;
  }

  const timer = deps.flushEveryMs > 0 ? setInterval(() => void flush(), deps.flushEveryMs) : null;
  timer?.unref();

  return {
    count(view) {
      if (isBot(view.userAgent) || view.viewerIsAdmin || view.accountId === view.creatorId) return;
      const now = deps.now();
      const row: VisitsTable = {
        creatorId: view.creatorId,
        day: indiaDay(now),
        contentId: view.contentId ?? '',
        viewerKey: viewerKey(deps.secret, now, { ip: view.ip, userAgent: view.userAgent ?? '' }),
        source: visitSource(view.tag, view.referrer, deps.ownHost),
        createdAt: now,
      };
      const key = keyOf(row);
      if (waiting.has(key)) return;
      if (waiting.size >= MAX_WAITING) {
        droppedSinceWarning += 1;
        if (droppedSinceWarning === 1) deps.logger.warn('too many visits waiting to be written; dropping new ones');
        return;
      }
      droppedSinceWarning = 0;
      waiting.set(key, row);
      // One write at a time is enough: views that come while it runs wait for the next.
      if (waiting.size >= FLUSH_AT && writesQueued === 0 && !databaseAway) void flush();
    },
    flush,
    async close() {
      if (timer !== null) clearInterval(timer);
      await flush();
    },
  };
}

function keyOf(row: VisitsTable): string {
  return `${row.creatorId} ${row.day} ${row.contentId} ${row.viewerKey}`;
}
