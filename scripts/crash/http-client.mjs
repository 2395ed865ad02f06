// A small HTTP client for the crash test: JSON or multipart bodies, a session cookie, and a fresh
// client address per request (X-Forwarded-For; the test server trusts it) so the per-IP rate
// limits, which exist for real abuse, do not throttle one machine's load.
import { createHmac } from 'node:crypto';

let addressCounter = 0;
function freshAddress() {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function createHttpClient(baseUrl) {
  return async function request(method, path, { cookie, json, form, body, headers = {}, signal } = {}) {
    const sent = { 'x-forwarded-for': freshAddress(), ...headers };
    if (cookie !== undefined) sent.cookie = cookie;
    let payload = body;
    if (json !== undefined) {
      sent['content-type'] = 'application/json';
      payload = JSON.stringify(json);
    } else if (form !== undefined) {
      payload = form;
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: sent,
      body: payload,
      signal,
      redirect: 'manual',
    });
    const text = await response.text();
    return {
      status: response.status,
      text,
      headers: response.headers,
      json: () => JSON.parse(text),
    };
  };
}

/** The session cookie a sign-up or sign-in answer sets, as "name=value". */
export function sessionCookieOf(response) {
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((cookie) => /^[^=]*kholo\.session_token=/.test(cookie));
  if (session === undefined) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session.split(';')[0];
}

/** Cashfree's webhook signature: base64 HMAC-SHA256 over timestamp + raw body. */
export function signWebhook(secret, timestamp, body) {
  return createHmac('sha256', secret).update(timestamp).update(body).digest('base64');
}

/** The simulator's webhook key, derived from AUTH_SECRET exactly as apps/server/src/app.ts does. */
export function simulatorWebhookSecret(authSecret) {
  return createHmac('sha256', authSecret).update('kholo payment simulator').digest('base64url');
}

function rupeesText(paise) {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** A PAYMENT_SUCCESS_WEBHOOK as Cashfree writes it (2-decimal rupee amounts). */
export function successWebhookBody({ orderId, amountPaise, paymentId }) {
  const amount = rupeesText(amountPaise);
  return (
    `{"data":{"order":{"order_id":${JSON.stringify(orderId)},"order_amount":${amount},"order_currency":"INR","order_tags":null},` +
    `"payment":{"cf_payment_id":${JSON.stringify(paymentId)},"payment_status":"SUCCESS","payment_amount":${amount},"payment_currency":"INR","payment_group":"upi"}},` +
    `"event_time":"${new Date().toISOString()}","type":"PAYMENT_SUCCESS_WEBHOOK"}`
  );
}
