// Seeding through Kholo's own HTTP API, the way the web app and the simulator's checkout do it.
// Every request comes from an address of its own (X-Forwarded-For, trusted from loopback by the
// bench's server), because sign-ups, orders and checkouts are limited per address.
import { createHmac } from 'node:crypto';
import { uploadForm } from './http.mjs';

let addressCounter = 0;
function nextClientAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function call(base, path, { method = 'GET', cookie, json, form, expect = [200] } = {}) {
  const headers = { 'x-forwarded-for': nextClientAddress() };
  if (cookie !== undefined) headers.cookie = cookie;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form !== undefined) {
    body = form;
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' });
  if (!expect.includes(response.status)) {
    throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return response;
}

/** Signs up (creator or fan); resolves with the session cookie and the account. */
export async function signUp(base, { role, name, email }) {
  const response = await call(base, '/api/auth/sign-up/email', {
    method: 'POST',
    json: { role, name, email, password: 'bench password 2026' },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const me = await response.json();
  return { cookie, id: me.account.id, handle: me.creator?.handle ?? null };
}

/** Uploads an item as the Upload tab does; resolves with the new item. */
export async function uploadItem(base, cookie, { title, pricePaise, file, fileName, type }) {
  const form = await uploadForm(
    {
      title,
      description: `${title}, seeded by the benchmark`,
      pricePaise: String(pricePaise),
      isAdultContent: 'false',
      attested: 'true',
    },
    file,
    fileName,
    type,
  );
  const response = await call(base, '/api/studio/contents', { method: 'POST', cookie, form, expect: [201] });
  return response.json();
}

/** POST /api/payment/order; resolves with { order_id, payment_session_id, amountPaise, … }. */
export async function createOrder(base, cookie, contentId) {
  const response = await call(base, '/api/payment/order', { method: 'POST', cookie, json: { contentId } });
  return response.json();
}

/**
 * A purchase as a fan makes it: order, the simulator's checkout (Pay by UPI), then the payment
 * page's verify until the server says PAID.
 */
export async function buyThroughSimulator(base, fanCookie, contentId) {
  const order = await createOrder(base, fanCookie, contentId);
  const query = new URLSearchParams({
    payment_session_id: order.payment_session_id,
    method: 'upi',
    outcome: 'SUCCESS',
  });
  await call(base, `/__simulator/checkout/complete?${query.toString()}`, { expect: [303] });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const verify = await call(base, '/api/payment/verify-payment', {
      method: 'POST',
      cookie: fanCookie,
      json: { order_id: order.order_id },
    });
    if ((await verify.json()).status === 'PAID') return order.order_id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`order ${order.order_id} did not settle after the simulator's checkout`);
}

/** The key the simulator signs webhooks with: app.ts derives it from AUTH_SECRET. */
export function simulatorWebhookSecret(authSecret) {
  return createHmac('sha256', authSecret).update('kholo payment simulator').digest('base64url');
}

/** Cashfree's signature: base64 HMAC-SHA256 of the timestamp header followed by the raw body. */
export function signWebhook(secret, timestamp, body) {
  return createHmac('sha256', secret).update(timestamp).update(body).digest('base64');
}

/** A PAYMENT_SUCCESS_WEBHOOK body as Cashfree writes it (rupees with two decimals). */
export function paymentSuccessBody(orderId, amountPaise, paymentId) {
  const rupees = (amountPaise / 100).toFixed(2);
  return JSON.stringify({
    data: {
      order: { order_id: orderId, order_amount: Number(rupees), order_currency: 'INR', order_tags: null },
      payment: {
        cf_payment_id: paymentId,
        payment_status: 'SUCCESS',
        payment_amount: Number(rupees),
        payment_currency: 'INR',
        payment_group: 'upi',
      },
    },
    event_time: new Date().toISOString(),
    type: 'PAYMENT_SUCCESS_WEBHOOK',
  });
}
