import { describe, expect, it } from 'vitest';
import type { VisitsTable } from '../../db/schema.js';
import { csvCell } from './analytics-service.js';
import { createVisitCounter, type PageView } from './visit-counter.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function harness(options: { failWrites?: number } = {}) {
  const written: VisitsTable[][] = [];
  const warnings: string[] = [];
  let failures = options.failWrites ?? 0;
  const database = { away: false, attempts: 0 };
  let now = Date.parse('2026-11-26T06:00:00Z');
  const counter = createVisitCounter({
    repository: {
      insertVisits(rows) {
        database.attempts += 1;
        if (database.away || failures > 0) {
          failures = Math.max(0, failures - 1);
          return Promise.reject(new Error('database is away'));
        }
        written.push([...rows]);
        return Promise.resolve();
      },
    },
    now: () => now,
    secret: 'secret',
    ownHost: 'kholo.in',
    flushEveryMs: 0,
    logger: {
      warn: (...args: unknown[]) => {
        warnings.push(String(args.at(-1)));
      },
    },
  });
  const later = (ms: number) => {
    now += ms;
  };
  return { counter, written, warnings, later, database };
}

const view = (overrides: Partial<PageView> = {}): PageView => ({
  creatorId: 'creator-1',
  contentId: null,
  accountId: null,
  viewerIsAdmin: false,
  ip: '203.0.113.9',
  userAgent: PHONE,
  referrer: undefined,
  tag: null,
  ...overrides,
});

describe('the visit counter', () => {
  it('writes what it counted in one batch, a repeat view merged, and nothing when nothing waits', async () => {
    const { counter, written } = harness();
    counter.count(view());
    counter.count(view({ tag: 'wa' }));
    counter.count(view({ contentId: 'item-1' }));
    counter.count(view({ ip: '203.0.113.10' }));
    await counter.flush();
    await counter.flush();
    expect(written).toHaveLength(1);
    expect(written[0]?.map((row) => [row.contentId, row.source])).toEqual([
      ['', 'direct'],
      ['item-1', 'direct'],
      ['', 'direct'],
    ]);
  });

  it('drops bots, the creator on her own page and the admin', async () => {
    const { counter, written } = harness();
    counter.count(view({ userAgent: 'WhatsApp/2.23.20.0 A' }));
    counter.count(view({ userAgent: undefined }));
    counter.count(view({ accountId: 'creator-1' }));
    counter.count(view({ accountId: 'admin-1', viewerIsAdmin: true }));
    await counter.flush();
    expect(written).toEqual([]);
  });

  it('keeps the views when the database is away, and writes them once it is back', async () => {
    const { counter, written, warnings } = harness({ failWrites: 1 });
    counter.count(view());
    await counter.flush();
    expect(written).toEqual([]);
    expect(warnings).toEqual(['could not write visits; trying again on the next tick']);
    counter.count(view({ ip: '198.51.100.1' }));
    await counter.close();
    expect(written.flat()).toHaveLength(2);
  });

  it('holds at most 20,000 views while the database is away, drops newer ones with one warning, and writes the rest once back', async () => {
    const { counter, written, warnings, database } = harness();
    database.away = true;
    // Distinct viewers; every 500th view starts a write, which fails and puts its views back.
    for (let viewer = 0; viewer < 20_050; viewer += 1) {
      counter.count(view({ ip: `10.${(viewer >> 16) & 255}.${(viewer >> 8) & 255}.${viewer & 255}` }));
      if (viewer % 500 === 499) await counter.flush();
    }
    await counter.flush();
    expect(written).toEqual([]);
    // The 500th view started one write; after it failed, only the 41 flushes asked for tried the
    // database: a view does not start a write while it is away.
    expect(database.attempts).toBe(42);
    expect(warnings.filter((warning) => warning.startsWith('too many visits'))).toEqual([
      'too many visits waiting to be written; dropping new ones',
    ]);

    database.away = false;
    await counter.flush();
    const rows = written.flat();
    expect(rows).toHaveLength(20_000);
    // The first views were kept; the last 50 were the ones dropped.
    expect(new Set(rows.map((row) => row.viewerKey)).size).toBe(20_000);
  });

  it('counts the same viewer again on the next India day', async () => {
    const { counter, written, later } = harness();
    counter.count(view());
    later(24 * 60 * 60 * 1000);
    counter.count(view());
    await counter.flush();
    expect(written.flat().map((row) => row.day)).toEqual(['2026-11-26', '2026-11-27']);
  });
});

describe('a CSV cell', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvCell('Sunset')).toBe('Sunset');
    expect(csvCell('Sunset, Jaipur')).toBe('"Sunset, Jaipur"');
    expect(csvCell('The "best" one')).toBe('"The ""best"" one"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+91 98765')).toBe("'+91 98765");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('हवा महल')).toBe('हवा महल');
  });
});
