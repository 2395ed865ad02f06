import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import { type EmailQueue, type LocalizedEmail, localizedEmail } from '../email/index.js';
import type { Jobs } from '../jobs/index.js';
import type { SaleNotificationsRepository } from './sale-notifications-repository.js';

/** Sales within this long of her last notice wait and go out together in one email. */
export const SALE_NOTICE_BATCH_MS = 2 * 60_000;
/** One email lists at most this many sales; the rest are counted in its total. */
const LISTED_SALES = 10;
const NOTICE_WINDOW = 500;

export interface SaleNotifications {
  /** In the settlement's transaction: a sale happened, so a notice is due (now, or with the batch). */
  within(trx: Kysely<Database>): { saleMade(creatorId: string): Promise<void> };
}

/**
 * The creator's "you made a sale" email (issue 21 §7): the first sale at once, then at most one
 * email per couple of minutes however many sales arrive, listing them. A `notify-sales` job per
 * creator, keyed so a burst of sales queues one. Her count of sales told (`creators.sales_notified`)
 * moves in the same transaction as the email is queued, so a retry or a second process never
 * repeats one; a count rather than a time, so sales made in the same millisecond are never lost.
 */
export function createSaleNotifications(deps: {
  jobs: Jobs;
  notices: SaleNotificationsRepository;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  walletUrl: string;
  supportEmail: string;
}): SaleNotifications {
  const job = deps.jobs.define({
    name: 'notify-sales',
    payload: z.object({ creatorId: z.string().min(1).max(64) }),
    retry: { attempts: 5, backoffSeconds: 30 },
    timeoutSeconds: 60,
    handle: ({ creatorId }) => notify(creatorId),
    describe: ({ creatorId }) => `Tell creator ${creatorId} about new sales`,
  });

  async function notify(creatorId: string): Promise<void> {
    await deps.transaction(async (trx) => {
      const notices = deps.notices.within(trx);
      const creator = await notices.findCreator(creatorId);
      if (creator === undefined) return;
      const sales = await notices.salesAfter(creatorId, creator.salesNotified, NOTICE_WINDOW);
      if (sales.length === 0) return;
      if (!(await notices.markTold(creatorId, creator.salesNotified, sales.length))) return;
      await deps.mail.within(trx).send(
        salesEmail({
          to: creator.email,
          name: creator.name,
          sales,
          walletUrl: deps.walletUrl,
          supportEmail: deps.supportEmail,
        }),
      );
    });
  }

  return {
    within(trx) {
      return {
        async saleMade(creatorId) {
          const notices = deps.notices.within(trx);
          const creator = await notices.findCreator(creatorId);
          if (creator === undefined) return;
          const now = deps.clock.now();
          // Her first sale, or the first in a while, is told at once; the rest join the batch.
          const last = await notices.lastToldAt(creatorId, creator.salesNotified);
          const runAt = last === null || now - last >= SALE_NOTICE_BATCH_MS ? now : last + SALE_NOTICE_BATCH_MS;
          await job.within(trx).enqueue({ creatorId }, { key: `sales:${creatorId}`, runAt });
        },
      };
    },
  };
}

function salesEmail(details: {
  to: string;
  name: string;
  sales: { title: string; creditPaise: number }[];
  walletUrl: string;
  supportEmail: string;
}): LocalizedEmail {
  const { sales } = details;
  const count = sales.length;
  const one = count === 1 ? sales[0] : undefined;
  const listed = sales.slice(-LISTED_SALES);
  const more = count - listed.length;
  return localizedEmail(details.to, (w) => {
    const total = w.money(sales.reduce((sum, sale) => sum + sale.creditPaise, 0));
    const { html, text } = w.render({
      preview: w.t(count === 1 ? 'sales.previewOne' : 'sales.previewMany', { total, count }),
      heading: w.t(count === 1 ? 'sales.headingOne' : 'sales.headingMany', { count }),
      paragraphs: [
        w.hello(details.name),
        w.t(count === 1 ? 'sales.bodyOne' : 'sales.bodyMany', { total, count }),
        ...listed.map((sale) => `• ${sale.title}: ${w.money(sale.creditPaise)}`),
        ...(more > 0 ? [w.t('sales.more', { count: more })] : []),
        w.t('sales.share'),
      ],
      action: { label: w.t('sales.action'), url: details.walletUrl },
      footnote: w.t('sales.footnote'),
      supportEmail: details.supportEmail,
    });
    const subject =
      one === undefined ? w.t('sales.subjectMany', { count, total }) : w.t('sales.subjectOne', { title: one.title });
    return { subject, text, html, links: [details.walletUrl] };
  });
}
