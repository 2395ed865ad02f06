/*
 * Which way the dialog offers UPI first: on a phone, buttons that open her UPI app (intent links);
 * elsewhere a QR to scan with the phone (reference/payment-providers-2.md: Cashfree's `link` on
 * touch devices, `qrcode` on desktop).
 */

export interface DeviceFacts {
  userAgent: string;
  /** navigator.maxTouchPoints: 0 without a touch screen. */
  maxTouchPoints: number;
  /** The window's width in CSS pixels. */
  viewportWidth: number;
}

/** Narrower than Tailwind's `md`: a phone held either way, never a laptop's window. */
const PHONE_MAX_WIDTH = 768;

export function isPhoneDevice({ userAgent, maxTouchPoints, viewportWidth }: DeviceFacts): boolean {
  // UPI apps run on Android (tablets too) and iPhones, whatever the window's width.
  if (/Android|iPhone|iPod/i.test(userAgent)) return true;
  return maxTouchPoints > 0 && viewportWidth < PHONE_MAX_WIDTH;
}

/** Whether this browser is on a phone (read when the dialog opens). */
export function isPhone(): boolean {
  return isPhoneDevice({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints || 0,
    viewportWidth: window.innerWidth,
  });
}
