/**
 * The one place money and dates are turned into text for people. Amounts inside
 * Kholo are integer paise; rupees exist only here and at provider edges.
 */

const INDIA_TIME_ZONE = 'Asia/Kolkata';

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const rupeesWithPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,00,000 for whole rupees, ₹499.50 when there are paise. */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`Amount must be a whole number of paise, got ${String(paise)}`);
  }
  const formatter = paise % 100 === 0 ? wholeRupees : rupeesWithPaise;
  return formatter.format(paise / 100);
}

const dateFormatter = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});

const dateTimeFormatter = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: INDIA_TIME_ZONE,
});

/** 21 Nov 2026, in India time whatever the device's zone. */
export function formatDate(instant: Date | number): string {
  return dateFormatter.format(instant);
}

/** 21 Nov 2026, 11:16 am, in India time. */
export function formatDateTime(instant: Date | number): string {
  return dateTimeFormatter.format(instant);
}
