import {
  type AnalyticsRange,
  indiaDay,
  indiaDayStart,
  rupeesDecimalText,
  SALES_CSV_COLUMNS,
  type StudioAnalytics,
  VISIT_SOURCES,
  VISITS_KEPT_DAYS,
} from '@kholo/contracts';
import type { AnalyticsRepository, SaleRow } from './analytics-repository.js';
import type { VisitCounter } from './visit-counter.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP_ITEMS = 10;

export function createAnalyticsService(deps: {
  repository: AnalyticsRepository;
  counter: VisitCounter;
  now: () => number;
}) {
  const { repository } = deps;

  /** The Analytics tab: the last `days` India days, today included. */
  async function report(creatorId: string, days: AnalyticsRange): Promise<StudioAnalytics> {
    await deps.counter.flush();
    const now = deps.now();
    const to = indiaDay(now);
    const from = indiaDay(now - (days - 1) * DAY_MS);
    const since = indiaDayStart(from);
    const until = indiaDayStart(to) + DAY_MS;
    const [visitorsByDay, visitsByPage, bySource, sales, items] = await Promise.all([
      repository.visitorsByDay(creatorId, from, to),
      repository.visitsByPage(creatorId, from, to),
      repository.visitorsBySource(creatorId, from, to),
      repository.sales(creatorId, since, until),
      repository.items(creatorId),
    ]);

    const series = new Map<string, { visits: number; unlocks: number; earningsPaise: number }>();
    for (let day = from; day <= to; day = indiaDay(indiaDayStart(day) + DAY_MS)) {
      series.set(day, { visits: 0, unlocks: 0, earningsPaise: 0 });
    }
    for (const row of visitorsByDay) {
      const day = series.get(row.day);
      if (day !== undefined) day.visits = Number(row.visitors);
    }

    const perItem = new Map<string, { visits: number; unlocks: number; earningsPaise: number }>();
    const itemOf = (id: string) => {
      let entry = perItem.get(id);
      if (entry === undefined) {
        entry = { visits: 0, unlocks: 0, earningsPaise: 0 };
        perItem.set(id, entry);
      }
      return entry;
    };
    let pageVisits = 0;
    let itemVisits = 0;
    for (const row of visitsByPage) {
      const visits = Number(row.visits);
      if (row.contentId === '') pageVisits = visits;
      else {
        itemVisits += visits;
        itemOf(row.contentId).visits = visits;
      }
    }

    const purchasesByFan = new Map<string, number>();
    let earningsPaise = 0;
    for (const sale of sales) {
      const earned = netEarning(sale);
      earningsPaise += earned;
      const day = series.get(indiaDay(sale.paidAt));
      if (day !== undefined) {
        day.unlocks += 1;
        day.earningsPaise += earned;
      }
      const item = itemOf(sale.contentId);
      item.unlocks += 1;
      item.earningsPaise += earned;
      purchasesByFan.set(sale.fanId, (purchasesByFan.get(sale.fanId) ?? 0) + 1);
    }

    const visits = [...series.values()].reduce((sum, day) => sum + day.visits, 0);
    const titles = new Map(items.map((item) => [item.id, item]));
    const topItems = [...perItem.entries()]
      .flatMap(([id, counts]) => {
        const item = titles.get(id);
        return item === undefined ? [] : [{ id, title: item.title, mediaKind: item.mediaKind, ...counts }];
      })
      .sort((a, b) => b.earningsPaise - a.earningsPaise || b.unlocks - a.unlocks || b.visits - a.visits)
      .slice(0, TOP_ITEMS);
    const sourceCounts = new Map(bySource.map((row) => [row.source, row.visitors]));

    return {
      days,
      from,
      to,
      totals: {
        visits,
        pageVisits,
        itemVisits,
        unlocks: sales.length,
        conversion: visits === 0 ? null : sales.length / visits,
        earningsPaise,
        fans: purchasesByFan.size,
        repeatFans: [...purchasesByFan.values()].filter((count) => count > 1).length,
      },
      series: [...series.entries()].map(([date, counts]) => ({ date, ...counts })),
      sources: VISIT_SOURCES.map((source) => ({ source, visits: sourceCounts.get(source) ?? 0 }))
        .filter((row) => row.visits > 0)
        .sort((a, b) => b.visits - a.visits),
      topItems,
    };
  }

  /** Every sale she ever made, for her records: a CSV a spreadsheet opens as it is. */
  async function salesCsv(creatorId: string): Promise<string> {
    const sales = await repository.sales(creatorId, 0, Number.MAX_SAFE_INTEGER);
    const lines = [SALES_CSV_COLUMNS.map(csvCell).join(',')];
    for (const sale of sales) {
      lines.push(
        [
          istDateTime(sale.paidAt),
          sale.orderId,
          sale.title,
          rupeesDecimalText(sale.amountPaise),
          rupeesDecimalText(sale.amountPaise - sale.sharePaise),
          rupeesDecimalText(sale.sharePaise),
          rupeesDecimalText(sale.refundedPaise),
          saleStatus(sale),
        ]
          .map(csvCell)
          .join(','),
      );
    }
    // The byte-order mark tells Excel the file is UTF-8 (₹ and Hindi titles); \r\n is CSV's own line end.
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  async function deleteOldVisits(): Promise<number> {
    return repository.deleteVisitsBefore(indiaDay(deps.now() - VISITS_KEPT_DAYS * DAY_MS));
  }

  return { report, salesCsv, deleteOldVisits };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** Her share of a sale, less what a refund or a lost dispute took back of it. */
function netEarning(sale: SaleRow): number {
  return sale.sharePaise - sale.takenBackPaise;
}

function saleStatus(sale: SaleRow): string {
  switch (sale.refundStatus) {
    case null:
      return 'Paid';
    case 'SUCCESS':
      return 'Refunded';
    // The provider refused it: her share is taken back all the same, and Kholo still owes the fan.
    case 'FAILED':
      return 'Refund failed';
    default:
      return 'Refund in progress';
  }
}

/** 2026-11-21 14:05, India time. */
function istDateTime(instant: number): string {
  const day = indiaDay(instant);
  const minutes = Math.floor((instant - indiaDayStart(day)) / 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day} ${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text starting with = + - @
 * (or a tab or carriage return) is prefixed with ' so a spreadsheet shows it instead of running it
 * as a formula (a title is the creator's own text, but a CSV is opened far from where it was made).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
