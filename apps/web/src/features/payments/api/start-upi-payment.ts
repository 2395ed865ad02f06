import { UPI_CHANNELS, type UpiPayInput, type UpiPayment } from '@kholo/contracts';
import { apiRequest, isRecord } from '../../../lib/api-client.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';

/** UPI intent schemes (the generic upi:// and the apps' own), as the server allows them. */
const UPI_INTENT = /^(upi|tez|gpay|phonepe|paytmmp|paytm|bhim):\/\//i;

/** A UPI app's link, or in test mode the simulator's pay page on this very site; nothing else. */
export function isPayLink(href: string): boolean {
  if (UPI_INTENT.test(href)) return true;
  try {
    const url = new URL(href, window.location.href);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === window.location.origin;
  } catch {
    return false;
  }
}

function looksLikeApp(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.app === 'string' &&
    typeof value.label === 'string' &&
    typeof value.href === 'string' &&
    isPayLink(value.href)
  );
}

/*
 * The unlock dialog loads no zod (ADR 007): the contracts' upiPayment is mirrored by this outline
 * check. A QR is only ever a PNG data URI, shown in an <img>.
 */
function looksLikeUpiPayment(value: unknown): value is UpiPayment {
  return (
    isRecord(value) &&
    (UPI_CHANNELS as readonly unknown[]).includes(value.channel) &&
    Array.isArray(value.apps) &&
    value.apps.every(looksLikeApp) &&
    (value.qrImage === null ||
      (typeof value.qrImage === 'string' && value.qrImage.startsWith('data:image/png;base64,'))) &&
    Number.isSafeInteger(value.expiresAt)
  );
}

export function checkUpiPayment(body: unknown): UpiPayment {
  if (!looksLikeUpiPayment(body)) throw new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 200);
  return body;
}

/**
 * POST /api/payment/upi: a new UPI attempt on an order this browser made (Cashfree's order-pay):
 * intent links per app for a phone (`link`), or a QR for a laptop (`qrcode`), payable until
 * `expiresAt`. Each call is a new attempt; the order is paid by whichever attempt succeeds.
 */
export async function startUpiPayment(input: UpiPayInput): Promise<UpiPayment> {
  const body = await apiRequest<unknown>('/api/payment/upi', { method: 'POST', body: input });
  return checkUpiPayment(body);
}
