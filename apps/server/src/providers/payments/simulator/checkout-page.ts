import { formatPaise } from '@kholo/contracts';
import { type SimOrder, type SimPayment, UPI_WAIT_MS } from './simulator-store.js';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b}
.banner{background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;padding:10px 16px;text-align:center;font-weight:600}
main{max-width:440px;margin:24px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e4e4e7;border-radius:16px;padding:20px;box-shadow:0 1px 2px rgba(0,0,0,.04)}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#52525b;font-size:.9rem;margin:0}
.amount{font-size:2rem;font-weight:700;margin:16px 0 4px}
fieldset{border:0;padding:0;margin:20px 0 0}legend{font-weight:600;margin-bottom:8px}
label.method{display:flex;align-items:center;gap:10px;border:1px solid #d4d4d8;border-radius:12px;padding:12px 14px;margin-bottom:8px;cursor:pointer;min-height:48px}
label.method:has(input:checked){border-color:#7c3aed;background:#f5f3ff}
input[type=radio]{width:18px;height:18px;accent-color:#7c3aed}
.actions{display:grid;gap:8px;margin-top:20px}
button{font:inherit;font-weight:600;border-radius:12px;padding:12px;min-height:48px;cursor:pointer;border:1px solid transparent}
.pay{background:#7c3aed;color:#fff}.fail{background:#fff;color:#b91c1c;border-color:#fca5a5}.cancel{background:#fff;color:#3f3f46;border-color:#d4d4d8}
button:focus-visible,input:focus-visible{outline:3px solid #a78bfa;outline-offset:2px}
.note{font-size:.85rem;color:#52525b;margin-top:16px}
details{margin-top:16px;border-top:1px solid #e4e4e7;padding-top:12px}
summary{cursor:pointer;font-weight:600;min-height:48px;display:flex;align-items:center;gap:8px}
summary::before{content:"\\25B8"}details[open] summary::before{content:"\\25BE"}
summary:focus-visible{outline:3px solid #a78bfa;outline-offset:2px}
.more{display:grid;gap:8px;margin-top:8px}.more button{background:#fff;color:#3f3f46;border-color:#d4d4d8;text-align:left}
.more small{display:block;font-weight:400;color:#52525b}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0 0;font-size:.9rem}dt{color:#52525b}dd{margin:0;overflow-wrap:anywhere}
`;

/** Page around a body: test-mode banner, the nonce'd style, nothing else loaded. */
function page(title: string, nonce: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><div class="banner" role="note">TEST MODE · Kholo payment simulator · no real money moves</div><main>${body}</main></body></html>`;
}

/**
 * The hosted checkout: pick UPI, card or net banking, then Pay, Fail or Cancel; Cashfree's
 * rarer outcomes (contract check M1, M7) sit behind "More outcomes". No JavaScript.
 */
export function checkoutPage(order: SimOrder, nonce: string): string {
  const more = (outcome: string, label: string, hint: string) =>
    `<button type="submit" name="outcome" value="${outcome}">${label}<small>${hint}</small></button>`;
  const method = (value: string, label: string, hint: string, checked = false) =>
    `<label class="method"><input type="radio" name="method" value="${value}"${checked ? ' checked' : ''}><span><strong>${label}</strong><br><span class="muted">${hint}</span></span></label>`;
  return page(
    'Test checkout · Kholo',
    nonce,
    `<div class="card"><h1>Kholo test checkout</h1><p class="muted">Order ${escape(order.orderId)}</p>
<p class="amount">${escape(formatPaise(order.amountPaise))}</p>
${order.note === null ? '' : `<p class="muted">${escape(order.note)}</p>`}
<form method="get" action="/__simulator/checkout/complete">
<input type="hidden" name="payment_session_id" value="${escape(order.sessionId)}">
<fieldset><legend>Payment method</legend>
${method('upi', 'UPI', 'Any UPI app', true)}${method('card', 'Card', 'Credit or debit card')}${method('netbanking', 'Net banking', 'All major banks')}
</fieldset>
<div class="actions">
<button class="pay" type="submit" name="outcome" value="SUCCESS">Pay ${escape(formatPaise(order.amountPaise))}</button>
<button class="fail" type="submit" name="outcome" value="FAILED">Fail payment</button>
<button class="cancel" type="submit" name="outcome" value="USER_DROPPED">Cancel</button>
</div>
<details><summary>More outcomes</summary><div class="more">
${more('PENDING', 'Pending', 'The bank answers later (success, unless the admin set otherwise).')}
${more('SUCCESS_LATE', 'Paid, confirmed after the order expires', 'The bank confirms only once the order has expired.')}
${more('NOT_ATTEMPTED', 'Leave without trying', 'The attempt is recorded as not attempted.')}
${more('CANCELLED', 'Cancelled by the bank', 'The attempt ends cancelled.')}
${more('VOID', 'Voided', 'The authorization is voided before capture.')}
</div></details></form>
<p class="note">This page stands in for Cashfree's checkout while Kholo runs without Cashfree keys. Choosing Pay marks the order paid here and sends a signed webhook, exactly as Cashfree would.</p></div>`,
  );
}

/** A session that cannot be paid: unknown, expired or already paid. */
export function checkoutProblemPage(message: string, nonce: string, returnUrl: string | null): string {
  return page(
    'Test checkout · Kholo',
    nonce,
    `<div class="card"><h1>Kholo test checkout</h1><p>${escape(message)}</p>${
      returnUrl === null
        ? '<p><a href="/">Back to Kholo</a></p>'
        : `<p><a href="${escape(returnUrl)}">Back to Kholo</a></p>`
    }</div>`,
  );
}

/**
 * What a UPI app shows for an intent link or a scanned QR (reference-2 §1.9), standing in for
 * it: payee, amount, then Pay, Decline or Cancel. `appLabel` names the app the fan chose, when
 * she chose one. No JavaScript.
 */
export function upiIntentPage(order: SimOrder, payment: SimPayment, appLabel: string | null, nonce: string): string {
  const amount = escape(formatPaise(payment.amountPaise));
  return page(
    'Test UPI app · Kholo',
    nonce,
    `<div class="card"><h1>${appLabel === null ? 'Your UPI app' : escape(appLabel)} (test)</h1>
<p class="muted">This page stands in for the UPI app while Kholo runs without Cashfree keys.</p>
<p class="amount">${amount}</p>
<dl><dt>To</dt><dd>Kholo</dd>${order.note === null ? '' : `<dt>For</dt><dd>${escape(order.note)}</dd>`}<dt>Order</dt><dd>${escape(order.orderId)}</dd><dt>Reference</dt><dd>${escape(payment.cfPaymentId)}</dd></dl>
<form method="get" action="/__simulator/upi/intent/answer">
<input type="hidden" name="tr" value="${escape(payment.cfPaymentId)}">
<div class="actions">
<button class="pay" type="submit" name="outcome" value="SUCCESS">Pay ${amount}</button>
<button class="fail" type="submit" name="outcome" value="FAILED">Decline</button>
<button class="cancel" type="submit" name="outcome" value="USER_DROPPED">Cancel</button>
</div></form>
<p class="note">Pay marks the order paid here and sends a signed webhook, as Cashfree would. Decline ends this attempt as failed, Cancel as dropped. Left alone, the request lapses after ${UPI_WAIT_MS / 60_000} minutes.</p></div>`,
  );
}
