import { EMAIL_LIST_MESSAGES, type EmailListAnswer, formatDateTime, indiaDay } from '@kholo/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createExpiryReminders,
  createRemindersRepository,
  createUnsubscribeTokens,
} from '../src/features/reminders/index.js';
import { transactionsOn } from '../src/lib/transactions.js';
import type { MailMessage } from '../src/providers/mail/mailer.js';
import { errorOf } from './accounts-helpers.js';
import { adminCookie, grantUnlock, uploadItem } from './content-helpers.js';
import { expectLedgerHolds, newFan, paidOrder, sellerAndFan } from './payments-helpers.js';
import { adminRefund } from './refunds-helpers.js';
import { buildTestApp, passTime, type TestApp } from './test-app.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WINDOW = 14 * DAY;
const SUBJECT = /^(2 days left|Less than a day left) — download now$/;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({}, { deps: { videoTools: null } });
  admin = await adminCookie(t.app);
});
afterEach(async () => {
  await expectLedgerHolds(t.app);
});
afterAll(() => t.close());

/** Every reminder sent to `email` so far (queued ones are sent first). */
async function remindersTo(email: string): Promise<MailMessage[]> {
  return (await t.sentMail()).filter((mail) => mail.to === email && SUBJECT.test(mail.subject));
}

/** An unlock of `contentId` whose access ends `left` from now. */
async function unlockEnding(fanId: string, contentId: string, left: number): Promise<number> {
  const expiresAt = t.clock.now() + left;
  await grantUnlock(t.database, fanId, contentId, expiresAt - WINDOW);
  return expiresAt;
}

/** A fan and a creator with `titles.length` items. */
async function castWith(...titles: string[]) {
  const { creator, item, fan } = await sellerAndFan(t.app);
  const items = [item];
  for (const title of titles.slice(1)) items.push(await uploadItem(t.app, creator.cookie, { title }));
  return { creator, fan, items };
}

function tokenIn(mail: MailMessage): string {
  const link = (mail.links ?? []).find((one) => one.includes('/unsubscribe?token='));
  const token = link === undefined ? null : new URL(link).searchParams.get('token');
  if (token === null) throw new Error(`no unsubscribe link in ${mail.subject}`);
  return token;
}

function postList(path: 'unsubscribe' | 'resubscribe', token: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/email/${path}`, payload: { token } as object, headers });
}

async function unsubscribe(token: string): Promise<EmailListAnswer> {
  const response = await postList('unsubscribe', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmailListAnswer>();
}

/** The first instant of the next day in India (18:30 UTC). */
function nextIndiaMidnight(now: number): number {
  const offset = 330 * MINUTE;
  return Math.floor((now + offset) / DAY) * DAY + DAY - offset;
}

describe('expiry reminders', () => {
  it('go out two days before access ends, through the periodic job: not at three days, and once', async () => {
    const cast = await paidOrder(t);
    const unlock = await t.database.db
      .selectFrom('unlocks')
      .selectAll()
      .where('orderId', '=', cast.order.order_id)
      .executeTakeFirstOrThrow();
    expect(await remindersTo(cast.fan.email)).toHaveLength(0);

    // Eleven days in, three days left: nothing. Just over two days left: still nothing.
    await passTime(t, unlock.expiresAt - 3 * DAY - t.clock.now());
    expect(await remindersTo(cast.fan.email)).toHaveLength(0);
    await passTime(t, DAY - MINUTE);
    expect(await remindersTo(cast.fan.email)).toHaveLength(0);

    // Within the next quarter of an hour the job finds it.
    await passTime(t, 15 * MINUTE);
    const [mail, ...more] = await remindersTo(cast.fan.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('2 days left — download now');
    expect(mail?.text).toContain(
      `Your access to “Monsoon in Kochi” by Meera Rathore ends on ${formatDateTime(unlock.expiresAt)} IST.`,
    );
    expect(mail?.text).toContain(`Download now: ${t.config.publicUrl}/content/${cast.item.id}`);
    expect(mail?.text).toContain('Receipts and refund emails come whether or not you get reminders.');
    expect(mail?.html).toContain('Stop reminder emails</a>');
    const token = tokenIn(mail!);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${t.config.publicUrl}/api/email/unsubscribe?token=${encodeURIComponent(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const row = await t.database.db
      .selectFrom('unlocks')
      .select('remindedAt')
      .where('id', '=', unlock.id)
      .executeTakeFirstOrThrow();
    expect(row.remindedAt).toBe(t.clock.now());

    // Later passes, to the end of her access and past it, send nothing more.
    for (let step = 0; step < 3; step += 1) {
      await passTime(t, DAY);
      expect(await remindersTo(cast.fan.email)).toHaveLength(1);
    }
  });

  it('never names an access that has already ended', async () => {
    const { fan, items } = await castWith('Monsoon in Kochi', 'Holi in Mathura');
    await unlockEnding(fan.id, items[0]!.id, -MINUTE);
    await unlockEnding(fan.id, items[1]!.id, -3 * DAY);
    await t.app.reminders.runOnce();
    expect(await remindersTo(fan.email)).toHaveLength(0);
  });

  it('sends one email for two items ending the same days, soonest first, each with its end and link', async () => {
    const { fan, items } = await castWith('Monsoon in Kochi', 'Holi in Mathura');
    const later = await unlockEnding(fan.id, items[0]!.id, 40 * HOUR);
    const sooner = await unlockEnding(fan.id, items[1]!.id, 30 * HOUR);
    await t.app.reminders.runOnce();

    const [mail, ...more] = await remindersTo(fan.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('2 days left — download now');
    const text = mail?.text ?? '';
    expect(text).toContain('Your access to these 2 items ends soon.');
    const first = `- “Holi in Mathura” by Meera Rathore, until ${formatDateTime(sooner)} IST\n  ${t.config.publicUrl}/content/${items[1]!.id}`;
    const second = `- “Monsoon in Kochi” by Meera Rathore, until ${formatDateTime(later)} IST\n  ${t.config.publicUrl}/content/${items[0]!.id}`;
    expect(text).toContain(first);
    expect(text).toContain(second);
    expect(text.indexOf(first)).toBeLessThan(text.indexOf(second));
    expect(text).toContain(`See all your purchases: ${t.config.publicUrl}/purchases`);
  });

  it('says less than a day is left when that is so', async () => {
    const { fan, items } = await castWith('Monsoon in Kochi');
    await unlockEnding(fan.id, items[0]!.id, 5 * HOUR);
    await t.app.reminders.runOnce();
    expect((await remindersTo(fan.email)).map((mail) => mail.subject)).toEqual(['Less than a day left — download now']);
  });

  it('sends one email when two passes run at once, and none on the next pass', async () => {
    const casts = [await castWith('Monsoon in Kochi'), await castWith('Holi in Mathura')];
    for (const { fan, items } of casts) await unlockEnding(fan.id, items[0]!.id, 47 * HOUR);
    await Promise.all([t.app.reminders.runOnce(), t.app.reminders.runOnce()]);
    for (const { fan } of casts) expect(await remindersTo(fan.email)).toHaveLength(1);
    await t.app.reminders.runOnce();
    for (const { fan } of casts) expect(await remindersTo(fan.email)).toHaveLength(1);
  });

  it('sends a fan one email a day at most: an item due later that day waits for the next India day’s first pass', async () => {
    const { fan, items } = await castWith('Monsoon in Kochi', 'Holi in Mathura');
    // Start the day early enough in India that six hours later is still the same day.
    await passTime(t, nextIndiaMidnight(t.clock.now()) + HOUR - t.clock.now());
    await unlockEnding(fan.id, items[0]!.id, 47 * HOUR);
    await t.app.reminders.runOnce();
    expect(await remindersTo(fan.email)).toHaveLength(1);

    // Six hours later the second item comes due: same India day, so it waits.
    await passTime(t, 6 * HOUR);
    const second = await unlockEnding(fan.id, items[1]!.id, 47 * HOUR);
    await t.app.reminders.runOnce();
    await passTime(t, nextIndiaMidnight(t.clock.now()) - MINUTE - t.clock.now());
    await t.app.reminders.runOnce();
    expect(await remindersTo(fan.email)).toHaveLength(1);

    // The first pass of the next India day sends it, with more than a day still to go.
    await passTime(t, 2 * MINUTE);
    expect(second - t.clock.now()).toBeGreaterThan(DAY);
    await t.app.reminders.runOnce();
    const mails = await remindersTo(fan.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(`“Holi in Mathura” by Meera Rathore ends on ${formatDateTime(second)} IST`);
    expect(mails[1]?.text).not.toContain('Monsoon in Kochi');
  });

  it('names neither a refunded purchase nor an item the admin hid, but still a deleted one she can open', async () => {
    const refunded = await paidOrder(t);
    await adminRefund(t.app, admin, refunded.order.order_id);
    // Its fourteen days would now have 47 hours to go.
    await passTime(t, 12 * DAY + HOUR);
    const { creator, fan, items } = await castWith('Monsoon in Kochi', 'Holi in Mathura');
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contents/hide',
      payload: { id: items[0]!.id, reason: 'Shows a stranger without consent' },
      headers: { cookie: admin },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await unlockEnding(fan.id, items[0]!.id, 30 * HOUR);
    // Deleted by its creator: her files stay while a fan's access runs, so she can still download it.
    await unlockEnding(fan.id, items[1]!.id, 30 * HOUR);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/studio/contents/${items[1]!.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    await t.app.reminders.runOnce();
    expect(await remindersTo(refunded.fan.email)).toHaveLength(0);
    const [mail, ...more] = await remindersTo(fan.email);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain('“Holi in Mathura”');
    expect(mail?.text).not.toContain('Monsoon in Kochi');
  });

  it('undoes the day’s claim when another pass named her items first', async () => {
    const { fan, items } = await castWith('Monsoon in Kochi');
    await unlockEnding(fan.id, items[0]!.id, 47 * HOUR);
    const repository = createRemindersRepository(t.database.db);
    const queued: MailMessage[] = [];
    const pass = createExpiryReminders({
      // As if another pass marked her unlocks between this one's read and its update.
      reminders: { ...repository, within: (trx) => ({ ...repository.within(trx), markReminded: async () => [] }) },
      tokens: createUnsubscribeTokens('another-secret-another-secret-another-secret'),
      transaction: transactionsOn(t.database.db),
      clock: t.clock,
      mail: {
        send: async (message) => void queued.push(message),
        within: () => ({ send: async (message) => void queued.push(message) }),
      },
      links: { publicUrl: t.config.publicUrl, supportEmail: t.config.supportEmail },
      logger: { info: () => undefined },
    });
    expect(await pass.runOnce()).toEqual({ emails: 0 });
    expect(queued).toHaveLength(0);
    const claims = await t.database.db
      .selectFrom('reminderDays')
      .selectAll()
      .where('fanId', '=', fan.id)
      .where('day', '=', indiaDay(t.clock.now()))
      .execute();
    expect(claims).toHaveLength(0);
    // So the real pass still reminds her today.
    await t.app.reminders.runOnce();
    expect(await remindersTo(fan.email)).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  it('stops her reminders (again changes nothing), and subscribing again brings them back', async () => {
    const { fan, items } = await castWith('Monsoon in Kochi', 'Holi in Mathura', 'Diwali in Jaipur');
    await unlockEnding(fan.id, items[0]!.id, 47 * HOUR);
    await t.app.reminders.runOnce();
    const token = tokenIn((await remindersTo(fan.email))[0]!);

    expect(await unsubscribe(token)).toEqual({ list: 'reminders', subscribed: false, changed: true, email: fan.email });
    expect(await unsubscribe(token)).toEqual({
      list: 'reminders',
      subscribed: false,
      changed: false,
      email: fan.email,
    });

    // The next day another item comes due: no email while she is unsubscribed.
    await passTime(t, DAY);
    await unlockEnding(fan.id, items[1]!.id, 47 * HOUR);
    await t.app.reminders.runOnce();
    expect(await remindersTo(fan.email)).toHaveLength(1);

    const back = await postList('resubscribe', token);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ list: 'reminders', subscribed: true, changed: true, email: fan.email });
    expect((await postList('resubscribe', token)).json()).toMatchObject({ subscribed: true, changed: false });
    await t.app.reminders.runOnce();
    const mails = await remindersTo(fan.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain('Holi in Mathura');
  });

  it('works with a mail app’s one-click POST from its own servers', async () => {
    const { fan, items } = await castWith('Monsoon in Kochi', 'Holi in Mathura');
    await unlockEnding(fan.id, items[0]!.id, 47 * HOUR);
    await t.app.reminders.runOnce();
    const [mail] = await remindersTo(fan.email);
    const address = /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const url = new URL(address);
    expect(url.pathname).toBe('/api/email/unsubscribe');

    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.google.com',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ subscribed: false, changed: true });
    // RFC 8058 allows multipart too; a second click changes nothing and still answers 200.
    const boundary = 'kholo-test-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json()).toMatchObject({ subscribed: false, changed: false });

    await passTime(t, DAY);
    await unlockEnding(fan.id, items[1]!.id, 47 * HOUR);
    await t.app.reminders.runOnce();
    expect(await remindersTo(fan.email)).toHaveLength(1);

    // Subscribing again is the page's own request, and keeps the same-origin rule.
    const foreign = await postList('resubscribe', tokenIn(mail!), { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
  });

  it('works only for the account it names: a forged, edited or another account’s token is refused', async () => {
    const one = await castWith('Monsoon in Kochi');
    const other = await newFan(t.app, 'Kabir Singh');
    await unlockEnding(one.fan.id, one.items[0]!.id, 47 * HOUR);
    await unlockEnding(other.id, one.items[0]!.id, 47 * HOUR);
    await t.app.reminders.runOnce();
    const mine = tokenIn((await remindersTo(one.fan.email))[0]!);
    const theirs = tokenIn((await remindersTo(other.email))[0]!);
    expect(mine).not.toBe(theirs);

    const [, signature] = mine.split('.');
    const [otherPayload] = theirs.split('.');
    const edited = `${otherPayload}.${signature}`;
    const forged = createUnsubscribeTokens('not-this-servers-secret-not-this-servers-secret').sign({
      accountId: one.fan.id,
      list: 'reminders',
    });
    const flipped = `${mine.slice(0, -1)}${mine.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [edited, forged, flipped, 'abc', '', 42, undefined]) {
      const response = await postList('unsubscribe', bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'BAD_REQUEST', message: EMAIL_LIST_MESSAGES.badLink });
      expect((await postList('resubscribe', bad)).statusCode).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/email/unsubscribe',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(missing.statusCode).toBe(400);
    const optOuts = await t.database.db.selectFrom('emailOptOuts').select('accountId').execute();
    expect(optOuts.map((row) => row.accountId)).not.toContain(one.fan.id);

    // Her token stops hers alone.
    expect(await unsubscribe(mine)).toMatchObject({ changed: true, email: one.fan.email });
    const stopped = await t.database.db
      .selectFrom('emailOptOuts')
      .select('accountId')
      .where('accountId', 'in', [one.fan.id, other.id])
      .execute();
    expect(stopped.map((row) => row.accountId)).toEqual([one.fan.id]);
  });
});
