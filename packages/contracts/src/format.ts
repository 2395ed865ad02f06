/**
 * The one place money and dates become text, and rupees become paise and back (issue 19).
 * Amounts inside Kholo are integer paise; rupees exist only here, for people (formatPaise),
 * for the wire and form fields (paiseToRupees, rupeesToPaise, rupeesDecimalText,
 * rupeesInputText). Never compare floats: turn rupees into paise first.
 */

/** India keeps one offset all year (no daylight saving): UTC+5:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

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

/** Intl's tag for a language of the interface (ADR 030): Indian English or Hindi, Latin digits in both. */
function intlTag(locale: 'en' | 'hi'): string {
  return locale === 'hi' ? 'hi-IN' : 'en-IN';
}

const hindiFormatters = new Map<string, Intl.NumberFormat>();

/** Hindi formatters are made on first use, so English-only code (the boot script) never builds them. */
function hindiFormatter(name: string, english: Intl.NumberFormat): Intl.NumberFormat {
  let formatter = hindiFormatters.get(name);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(intlTag('hi'), english.resolvedOptions());
    hindiFormatters.set(name, formatter);
  }
  return formatter;
}

/** ₹1,00,000 for whole rupees, ₹499.50 when there are paise (the same figures in Hindi). */
export function formatPaise(paise: number, locale: 'en' | 'hi' = 'en'): string {
  if (!Number.isSafeInteger(paise)) {
    throw new RangeError(`Amount must be a whole number of paise, got ${String(paise)}`);
  }
  const whole = paise % 100 === 0;
  const english = whole ? wholeRupees : rupeesWithPaise;
  const formatter = locale === 'hi' ? hindiFormatter(whole ? 'wholeRupees' : 'rupeesWithPaise', english) : english;
  return formatter.format(paise / 100);
}

/*
 * Dates and times are written from the India-time calendar by our own rule, not by Intl: the
 * server renders public pages and the phone hydrates them (ADR 027), and their ICU versions do
 * not agree (September is "Sep" in one and "Sept" in another), so Intl's text would differ
 * between the two and break hydration. The words below are CLDR's for en-IN and hi-IN.
 */
const MONTHS: Readonly<Record<'en' | 'hi', readonly string[]>> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
};

/** Hindi names the part of the day rather than am/pm (CLDR's hi day periods): सुबह 8:34, रात 9:15. */
function hindiDayPeriod(hour: number): string {
  if (hour >= 4 && hour < 12) return 'सुबह';
  if (hour >= 12 && hour < 16) return 'दोपहर';
  if (hour >= 16 && hour < 20) return 'शाम';
  return 'रात';
}

/** The India calendar fields of an instant (India keeps UTC+5:30 all year). */
function indiaFields(instant: Date | number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  // As Intl did: an invalid date is a bug upstream, never "NaN NaN" on a page.
  if (!Number.isFinite(ms)) throw new RangeError(`Not a date: ${String(instant)}`);
  const at = new Date(ms + INDIA_OFFSET_MS);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth(),
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
  };
}

function dayMonth(fields: { month: number; day: number }, locale: 'en' | 'hi'): string {
  return `${String(fields.day)} ${MONTHS[locale][fields.month] ?? ''}`;
}

/** 21 Nov 2026 (Hindi: 21 नव॰ 2026), in India time whatever the device's zone. */
export function formatDate(instant: Date | number, locale: 'en' | 'hi' = 'en'): string {
  const fields = indiaFields(instant);
  return `${dayMonth(fields, locale)} ${String(fields.year)}`;
}

/** 11:16 am (Hindi: सुबह 11:16), in India time. */
export function formatTime(instant: Date | number, locale: 'en' | 'hi' = 'en'): string {
  const { hour, minute } = indiaFields(instant);
  const clock = `${String(hour % 12 === 0 ? 12 : hour % 12)}:${String(minute).padStart(2, '0')}`;
  return locale === 'hi' ? `${hindiDayPeriod(hour)} ${clock}` : `${clock} ${hour < 12 ? 'am' : 'pm'}`;
}

/** 21 Nov 2026, 11:16 am (Hindi: 21 नव॰ 2026, सुबह 11:16), in India time. */
export function formatDateTime(instant: Date | number, locale: 'en' | 'hi' = 'en'): string {
  return `${formatDate(instant, locale)}, ${formatTime(instant, locale)}`;
}

/**
 * A step's time in a timeline: just the time when it fell on the same India day as `previous`
 * (the step before it), so a column stays narrow; the date too when it did not.
 */
export function formatTimeAfter(instant: number, previous: number, locale: 'en' | 'hi' = 'en'): string {
  return formatDate(instant) === formatDate(previous) ? formatTime(instant, locale) : formatDateTime(instant, locale);
}

/** 14900 → 149: rupees as a JSON number with at most 2 decimals (Cashfree's amounts, SPEC §7's withdraw payload). */
export function paiseToRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not whole paise: ${String(paise)}`);
  return Number((paise / 100).toFixed(2));
}

/** 149.5 → 14950; null when the value is not a finite amount in whole paise (a third decimal included). */
export function rupeesToPaise(rupees: unknown): number | null {
  if (typeof rupees !== 'number' || !Number.isFinite(rupees)) return null;
  const paise = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paise) || Math.abs(paise - rupees * 100) > 1e-6) return null;
  return paise;
}

/** 14900 → "149.00": two decimals, no symbol or grouping, as Cashfree writes amounts in raw JSON and price meta tags want them. */
export function rupeesDecimalText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${String(Math.floor(absolute / 100))}.${String(absolute % 100).padStart(2, '0')}`;
}

/** 14900 → "149", 4950 → "49.50": a price as a person would type it into a rupees field. */
export function rupeesInputText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : rupeesDecimalText(paise);
}

/** The India calendar day of an instant, 2026-11-21: the same on a UTC server and on a phone. */
export function indiaDay(instant: number): string {
  return new Date(instant + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an India calendar day (2026-11-21) begins. */
export function indiaDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) - INDIA_OFFSET_MS;
}

/** An India calendar day (2026-11-21) as a chart labels it: 21 Nov (Hindi: 21 नव॰). */
export function formatIndiaDayShort(day: string, locale: 'en' | 'hi' = 'en'): string {
  return dayMonth(indiaFields(indiaDayStart(day)), locale);
}

/** An India calendar day (2026-11-21) in full: 21 Nov 2026 (Hindi: 21 नव॰ 2026). */
export function formatIndiaDay(day: string, locale: 'en' | 'hi' = 'en'): string {
  return formatDate(indiaDayStart(day), locale);
}

/** The year in India at `instant`: the same on a UTC server and in a phone's own time zone. */
export function indiaYear(instant: Date | number = Date.now()): number {
  return indiaFields(instant).year;
}
