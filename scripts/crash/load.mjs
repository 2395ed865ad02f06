// The crash test's load: creators uploading (and deleting, and changing avatars), fans paying
// through the simulator's checkout or by signed webhooks delivered straight to the server,
// creators withdrawing (to their verified payout account, sometimes to another UPI ID, sometimes
// cancelling), the admin approving or rejecting payouts in review, and the automatic transfers and
// their webhooks from the payouts simulator, the admin refunding paid orders (some double-clicked,
// some failed refunds sent again) and creators refunding their own sales, all at once, until the
// server dies.
import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { root } from '../lib.mjs';
import { sessionCookieOf, signWebhook, successWebhookBody } from './http-client.mjs';

const PASSWORD = 'crash-test-password';
const PRICE_PAISE = 29_900;
/** The smallest withdrawal (SPEC §7): ₹500. */
const MIN_WITHDRAWAL_PAISE = 50_000;

/** Small pictures for most uploads and a few larger, incompressible ones. */
export async function makeImages() {
  const small = [];
  for (let index = 0; index < 4; index += 1) {
    small.push(
      await sharp({
        create: { width: 320, height: 240, channels: 3, background: { r: 40 * index, g: 120, b: 200 - 30 * index } },
      })
        .png()
        .toBuffer(),
    );
  }
  const large = await sharp(randomBytes(900 * 700 * 3), { raw: { width: 900, height: 700, channels: 3 } })
    .png()
    .toBuffer();
  const avatar = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
  return { small, large, avatar };
}

async function signUp(request, role, name, runId, index) {
  const email = `${role}-${index}-${runId}@crash.test`;
  const response = await request('POST', '/api/auth/sign-up/email', {
    json: { role, name, email, password: PASSWORD },
  });
  if (response.status !== 200) throw new Error(`sign-up of ${email} failed: ${response.status} ${response.text}`);
  return { email, id: response.json().account.id, cookie: sessionCookieOf(response) };
}

/** The accounts every round reuses (their sessions live in the database and survive a kill). */
export async function createCast(request, { admin }) {
  const runId = randomBytes(4).toString('hex');
  const creators = [];
  for (let index = 0; index < 3; index += 1) {
    const creator = await signUp(request, 'creator', `Crash Creator ${index}`, runId, index);
    // The simulated bank names `crash.creator@…` CRASH CREATOR: her legal name, so it is verified.
    const upiId = `crash.creator${index}@okaxis`;
    const saved = await request('PUT', '/api/studio/payout-account', {
      cookie: creator.cookie,
      json: { upiId, legalName: `Crash Creator ${index}`, pan: `CRASH${1000 + index}C` },
    });
    if (saved.status !== 200) throw new Error(`saving a payout account failed: ${saved.status} ${saved.text}`);
    creators.push({ ...creator, upiId });
  }
  const fans = [];
  for (let index = 0; index < 4; index += 1)
    fans.push(await signUp(request, 'fan', `Crash Fan ${index}`, runId, index));
  const signIn = await request('POST', '/api/auth/sign-in/email', {
    json: { email: admin.email, password: admin.password, role: 'admin' },
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in failed: ${signIn.status} ${signIn.text}`);
  // paidAtProvider: orders paid through the simulator's checkout, which it can refund; the signed
  // webhooks the load sends itself pay orders the simulator never saw paid, so it refuses theirs.
  return { creators, fans, admin: { cookie: sessionCookieOf(signIn) }, items: [], paidAtProvider: new Set() };
}

/**
 * The simulator's switches for late successes, set on every server start (they live in its
 * process): orders expire at the provider after 1 s, and a SUCCESS_LATE attempt is confirmed
 * 0.8 s after that; the fan's page asks in between, learns EXPIRED, and Kholo marks the order so.
 */
const LATE_SUCCESS = { expireOrdersAfterMs: 1000, lateSuccessAfterExpiryMs: 800, verifyAfterMs: 1100 };

export async function armLateSuccess(request, cast) {
  const response = await request('POST', '/__simulator/controls', {
    cookie: cast.admin.cookie,
    json: {
      expireOrdersAfterMs: LATE_SUCCESS.expireOrdersAfterMs,
      lateSuccessAfterExpiryMs: LATE_SUCCESS.lateSuccessAfterExpiryMs,
    },
  });
  if (response.status !== 200) throw new Error(`the simulator's switches: ${response.status} ${response.text}`);
}

/** A signed PAYMENT_SUCCESS_WEBHOOK for the order, as Cashfree (or its retry) sends it. */
export function postSuccessWebhook(send, webhookSecret, order, paymentId) {
  const body = successWebhookBody({ orderId: order.order_id, amountPaise: order.amountPaise, paymentId });
  const timestamp = String(Date.now());
  return send('POST', '/api/payment/webhook', {
    body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-version': '2025-01-01',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(webhookSecret, timestamp, body),
    },
  });
}

/**
 * The REFUND_STATUS_WEBHOOK of a refund the simulator has answered, as it sends it (its own
 * writer, from the built server), signed: Cashfree's retry of a delivery the kill cut off.
 */
export async function postRefundWebhook(send, webhookSecret, orderId, refund) {
  const simulatorRefunds = path.join(root, 'apps/server/dist/providers/payments/simulator/simulator-refunds.js');
  const { refundWebhookBody } = await import(pathToFileURL(simulatorRefunds).href);
  const timestamp = String(Date.now());
  const body = refundWebhookBody(orderId, refund, Date.now());
  return send('POST', '/api/payment/webhook', {
    body,
    headers: {
      'content-type': 'application/json',
      'x-webhook-version': '2025-01-01',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': signWebhook(webhookSecret, timestamp, body),
    },
  });
}

function pick(list) {
  return list[randomInt(list.length)];
}

const pause = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Runs the load against one server until stop() (called once the server is killed). What got a
 * definite answer is counted in `stats`; `webhooksAccepted` collects every order id whose
 * success webhook was answered 2xx, which must be settled once after any crash. Answers the
 * server gave that no load should ever get (5xx; a refund answered other than 201 or 409; a
 * double-clicked refund refunded twice) are collected in `unexpected`.
 */
export function startLoad({ request, cast, images, webhookSecret, stats, webhooksAccepted, lateSuccesses }) {
  const controller = new AbortController();
  const { signal } = controller;
  const unexpected = [];
  let killed = false;

  async function send(method, path, options = {}) {
    const response = await request(method, path, { ...options, signal });
    if (response.status >= 500 && !killed) unexpected.push(`${method} ${path} → ${response.status} ${response.text}`);
    return response;
  }

  async function upload(creator) {
    const large = randomInt(8) === 0;
    const form = new FormData();
    form.append('title', `Crash item ${randomBytes(3).toString('hex')}`);
    form.append('description', 'Made by the crash test');
    form.append('pricePaise', String(PRICE_PAISE));
    form.append('isAdultContent', 'false');
    form.append('attested', 'true');
    form.append('file', new Blob([large ? images.large : pick(images.small)], { type: 'image/png' }), 'photo.png');
    const response = await send('POST', '/api/studio/contents', { cookie: creator.cookie, form });
    if (response.status === 201) {
      stats.uploads += 1;
      cast.items.push({ id: response.json().id, creator });
    }
  }

  async function changeAvatar(creator) {
    const form = new FormData();
    form.append('file', new Blob([images.avatar], { type: 'image/jpeg' }), 'me.jpg');
    const response = await send('POST', '/api/studio/avatar', { cookie: creator.cookie, form });
    if (response.status === 200) stats.avatars += 1;
  }

  async function deleteItem() {
    if (cast.items.length < 6) return;
    const index = randomInt(cast.items.length);
    const item = cast.items[index];
    const response = await send('DELETE', `/api/studio/contents/${item.id}`, { cookie: item.creator.cookie });
    if (response.status === 204 || response.status === 404) {
      cast.items.splice(cast.items.indexOf(item), 1);
      if (response.status === 204) stats.deletes += 1;
    }
  }

  /** One payment's webhook; delivering the same one twice is what Cashfree's retries look like. */
  async function deliverWebhook(order, paymentId) {
    const response = await postSuccessWebhook(send, webhookSecret, order, paymentId);
    if (response.status >= 200 && response.status < 300) {
      webhooksAccepted.add(order.order_id);
      stats.webhooks2xx += 1;
    }
    return response;
  }

  async function buy(fan) {
    const item = cast.items.length === 0 ? undefined : pick(cast.items);
    if (item === undefined) return;
    const response = await send('POST', '/api/payment/order', { cookie: fan.cookie, json: { contentId: item.id } });
    if (response.status !== 200) return;
    const order = response.json();
    const way = randomInt(12);
    const paymentId = String(5_000_000_000_000 + randomInt(1_000_000_000));
    if (way < 4) {
      const paid = await deliverWebhook(order, paymentId);
      if (paid.status === 200) stats.payments += 1;
    } else if (way < 6) {
      // Cashfree retries and duplicates: the same webhook twice at once, settled exactly once.
      const answers = await Promise.all([deliverWebhook(order, paymentId), deliverWebhook(order, paymentId)]);
      if (answers.some((answer) => answer.status === 200)) stats.payments += 1;
    } else if (way < 9) {
      const query = new URLSearchParams({
        payment_session_id: order.payment_session_id,
        method: 'upi',
        outcome: 'SUCCESS',
      });
      const paid = await send('GET', `/__simulator/checkout/complete?${query.toString()}`);
      if (paid.status === 303) {
        stats.payments += 1;
        cast.paidAtProvider.add(order.order_id);
      }
    } else if (way < 11) {
      // The bank confirms only after the checkout expired (cashfree-audit M1): the simulator
      // (armed by armLateSuccess) expires the order, then records the success and sends its
      // webhook; meanwhile the fan's page asks, and learns EXPIRED.
      const query = new URLSearchParams({
        payment_session_id: order.payment_session_id,
        method: 'upi',
        outcome: 'SUCCESS_LATE',
      });
      const started = await send('GET', `/__simulator/checkout/complete?${query.toString()}`);
      if (started.status !== 303) return;
      lateSuccesses.set(order.order_id, { order, cookie: fan.cookie });
      cast.paidAtProvider.add(order.order_id);
      await pause(LATE_SUCCESS.verifyAfterMs, signal);
      const answer = await send('POST', '/api/payment/verify-payment', {
        cookie: fan.cookie,
        json: { order_id: order.order_id },
      });
      if (answer.status === 200 && answer.json().status === 'EXPIRED') stats.expiredSeen += 1;
    }
    // Otherwise the order is left open, as a fan who closed the tab leaves it.
  }

  async function withdraw(creator) {
    const wallet = await send('GET', '/api/wallet', { cookie: creator.cookie });
    if (wallet.status !== 200) return;
    const { balancePaise } = wallet.json();
    if (balancePaise < MIN_WITHDRAWAL_PAISE) return;
    // Mostly to her verified account (after the first, paid with no person); sometimes elsewhere (reviewed).
    const upi = randomInt(5) === 0 ? `crash${randomInt(1000)}@ybl` : creator.upiId;
    const response = await send('POST', '/api/withdraw', {
      cookie: creator.cookie,
      json: { amount: balancePaise / 100, upi },
    });
    if (response.status !== 201) return;
    stats.withdrawals += 1;
    // Now and then she takes it back while it still can be.
    if (randomInt(6) === 0) {
      await send('POST', '/api/withdrawals/cancel', {
        cookie: creator.cookie,
        json: { id: response.json().withdrawal.id },
      });
    }
  }

  /** The admin's review queue: most payouts approved (sent at once), a few rejected. */
  async function reviewOne() {
    const list = await send('GET', '/api/admin/withdrawals', { cookie: cast.admin.cookie });
    if (list.status !== 200) return;
    const waiting = list.json().items.filter((item) => item.status === 'REVIEW');
    if (waiting.length === 0) return;
    const { id } = pick(waiting);
    if (randomInt(5) === 0) {
      await send('POST', '/api/admin/withdrawals/reject', {
        cookie: cast.admin.cookie,
        json: { id, reason: 'Crash test: not this one' },
      });
    } else {
      await send('POST', '/api/admin/withdrawals/approve', { cookie: cast.admin.cookie, json: { id } });
    }
  }

  /** Mostly orders the simulator can refund; now and then one it refuses (a payment it never saw). */
  function pickToRefund(orders) {
    const atProvider = orders.filter((order) => cast.paidAtProvider.has(order.id));
    return atProvider.length > 0 && randomInt(4) !== 0 ? pick(atProvider) : pick(orders);
  }

  /**
   * A refund answers 201, or 409 when the order was refunded (or can no longer be) meanwhile.
   * Anything else is a finding, 5xx included (send() collects those).
   */
  function expectRefundAnswer(what, response) {
    if (response.status !== 201 && response.status !== 409 && response.status < 500) {
      unexpected.push(`${what} → ${response.status} ${response.text}`);
    }
  }

  /**
   * The admin's Payments tab: refunds a paid order, sometimes with a double click (two identical
   * requests at once: one refunds, the other answers 409; both 409 only if a creator refunded it
   * first), and now and then sends a refund the provider refused again, as its next attempt.
   */
  async function adminRefund() {
    const list = await send('GET', '/api/admin/payments', { cookie: cast.admin.cookie });
    if (list.status !== 200) return;
    const items = list.json().items;
    const failed = items.filter((item) => item.refund?.status === 'FAILED');
    if (failed.length > 0 && randomInt(6) === 0) {
      const response = await send('POST', '/api/admin/refunds/retry', {
        cookie: cast.admin.cookie,
        json: { id: pick(failed).refund.id },
      });
      if (response.status === 200) stats.refundRetries += 1;
      else if (response.status < 500 && response.status !== 409) {
        unexpected.push(`retrying a refund → ${response.status} ${response.text}`);
      }
      return;
    }
    const refundable = items.filter((item) => item.status === 'PAID' && item.refundable);
    if (refundable.length === 0) return;
    const { id } = pickToRefund(refundable);
    const refund = () =>
      send('POST', '/api/admin/payments/refund', {
        cookie: cast.admin.cookie,
        json: { orderId: id, reason: 'Crash test: money back' },
      });
    const doubleClick = randomInt(3) === 0;
    const answers = doubleClick ? await Promise.all([refund(), refund()]) : [await refund()];
    for (const answer of answers) expectRefundAnswer(`refunding ${id}`, answer);
    const refunded = answers.filter((answer) => answer.status === 201);
    stats.refunds += Math.min(refunded.length, 1);
    if (doubleClick) stats.doubleClicks += 1;
    if (refunded.length > 1) {
      unexpected.push(
        `a double-clicked refund of ${id} refunded twice: ${refunded.map((answer) => answer.text).join(' ')}`,
      );
    }
    // Refused however often asked: only right if someone else (a creator) refunded it meanwhile.
    if (refunded.length === 0 && answers.every((answer) => answer.status === 409)) {
      const after = await send('GET', '/api/admin/payments', { cookie: cast.admin.cookie });
      const order = after.status === 200 ? after.json().items.find((item) => item.id === id) : undefined;
      if (order !== undefined && order.refund === null) {
        unexpected.push(`refunding ${id} was refused, yet nothing refunded it: ${answers[0].text}`);
      }
    }
  }

  /** A creator refunds a recent sale of her own, which her wallet pays back (409 when it cannot). */
  async function creatorRefund(creator) {
    const wallet = await send('GET', '/api/wallet', { cookie: creator.cookie });
    if (wallet.status !== 200) return;
    const sales = wallet
      .json()
      .history.filter((entry) => entry.kind === 'sale' && entry.refundable)
      .map((entry) => ({ id: entry.orderId }));
    if (sales.length === 0) return;
    const { id } = pickToRefund(sales);
    const response = await send('POST', '/api/refunds', {
      cookie: creator.cookie,
      json: { orderId: id, reason: 'Crash test: my own refund' },
    });
    expectRefundAnswer(`the creator refunding ${id}`, response);
    if (response.status === 201) stats.creatorRefunds += 1;
  }

  function loop(step) {
    return (async () => {
      while (!signal.aborted) {
        try {
          await step();
        } catch (error) {
          // After the kill (or stop()) a request cut off is expected; before it, it is a finding.
          if (!killed) unexpected.push(`a load step threw ${String(error)}`);
        }
        await pause(randomInt(5, 40), signal);
      }
    })();
  }

  const workers = [
    ...cast.creators.slice(0, 2).map((creator) => loop(() => upload(creator))),
    ...cast.fans.map((fan) => loop(() => buy(fan))),
    loop(() => withdraw(pick(cast.creators))),
    loop(async () => {
      await pause(200, signal);
      await (randomInt(3) === 0 ? changeAvatar(pick(cast.creators)) : deleteItem());
    }),
    loop(async () => {
      await pause(300, signal);
      await reviewOne();
    }),
    loop(async () => {
      await pause(300, signal);
      await (randomInt(4) === 0 ? creatorRefund(pick(cast.creators)) : adminRefund());
    }),
  ];

  return {
    unexpected,
    /** The server is about to die: failures from now on are the kill's doing. */
    markKilled() {
      killed = true;
    },
    async stop() {
      controller.abort();
      await Promise.allSettled(workers);
    },
  };
}
