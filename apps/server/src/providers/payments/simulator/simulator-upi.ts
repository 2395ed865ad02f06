import QRCode from 'qrcode';
import { paiseToRupees, rupeesDecimalText } from '@kholo/contracts';
import type { SimRefusal } from './simulator-refunds.js';
import { SIM_UPI_CHANNELS, type SimOrder, type SimPayment, type SimUpiChannel } from './simulator-store.js';

/**
 * Order Pay with UPI (reference-2 §1.9): the request as Cashfree checks it, and the intent links
 * and QR it answers with. The links are Cashfree's shape with the simulator's own payee; no UPI
 * app can pay them, so the QR encodes the simulator's pay page for the attempt instead (a phone
 * that scans it in a demo opens that page), and Kholo's web opens the same page in test mode.
 */

/** The payee the simulator's links name, where Cashfree's name its own VPA (reference-2 §1.3). */
const PAYEE_VPA = 'cashfree.fake@upi';
const PAYEE_NAME = 'Kholo';

export interface OrderPayRequest {
  sessionId: string;
  channel: SimUpiChannel;
}

/** Validates a `POST /pg/orders/sessions` body; the problem as Cashfree would answer it. */
export function parseOrderPayRequest(body: unknown): OrderPayRequest | SimRefusal {
  const input =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (input === null) return { status: 400, code: 'request_invalid', message: 'body : must be a JSON object' };
  const sessionId = input['payment_session_id'];
  if (typeof sessionId !== 'string' || sessionId === '') return sessionInvalid;
  const method = input['payment_method'];
  const keys = typeof method === 'object' && method !== null && !Array.isArray(method) ? Object.keys(method) : [];
  if (keys.length !== 1) {
    return { status: 400, code: 'request_invalid', message: 'payment_method : must name exactly one method' };
  }
  const upi = (method as Record<string, unknown>)['upi'];
  if (typeof upi !== 'object' || upi === null || Array.isArray(upi)) {
    return {
      status: 400,
      code: 'request_invalid',
      message: `payment_method : ${keys[0] ?? ''} is not supported by the simulator, only upi`,
    };
  }
  const channel = (upi as Record<string, unknown>)['channel'];
  if (channel === 'collect') {
    return {
      status: 400,
      code: 'channel_invalid',
      message:
        'channel : collect is not supported by the simulator: NPCI is retiring UPI collect for merchant payments; use link or qrcode',
    };
  }
  const known = SIM_UPI_CHANNELS.find((one) => one === channel);
  if (known === undefined) return { status: 400, code: 'channel_invalid', message: 'channel : must be link or qrcode' };
  return { sessionId, channel: known };
}

export const sessionInvalid: SimRefusal = {
  status: 400,
  code: 'payment_session_id_invalid',
  message: 'payment_session_id is not present or is invalid',
};

/**
 * The intent links of an attempt (reference-2 §1.9): one query string, behind the generic
 * `upi://pay` and each app's own scheme. `tr` is the attempt's cf_payment_id.
 */
export function upiLinks(order: SimOrder, payment: SimPayment): Record<string, string> {
  const query = [
    `pa=${encodeURIComponent(PAYEE_VPA)}`,
    `pn=${encodeURIComponent(PAYEE_NAME)}`,
    `tr=${payment.cfPaymentId}`,
    `am=${rupeesDecimalText(payment.amountPaise)}`,
    'cu=INR',
    'mode=00',
    'purpose=00',
    'mc=5732',
    `tn=${encodeURIComponent(order.note ?? 'Kholo payment')}`,
  ].join('&');
  return {
    default: `upi://pay?${query}`,
    gpay: `tez://upi/pay?${query}`,
    phonepe: `phonepe://pay?${query}`,
    paytm: `paytm://upi/pay?${query}`,
    bhim: `bhim://upi/pay?${query}`,
  };
}

/** A PNG QR code of `text`, as the data URI Cashfree answers (`data:image/png;base64,…`). */
export function qrDataUri(text: string): Promise<string> {
  return QRCode.toDataURL(text, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/** Cashfree's PayOrderEntity for a UPI attempt (reference-2 §1.3), `payload` already made. */
export function payOrderEntity(payment: SimPayment, channel: SimUpiChannel, payload: Record<string, string>) {
  return {
    payment_amount: paiseToRupees(payment.amountPaise),
    cf_payment_id: payment.cfPaymentId,
    payment_method: 'upi',
    channel,
    action: 'custom',
    data: { url: null, content_type: null, method: null, payload },
  };
}
