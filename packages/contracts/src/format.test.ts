import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatIndiaDay,
  formatIndiaDayShort,
  formatPaise,
  formatTime,
  formatTimeAfter,
  indiaDay,
  indiaDayStart,
  indiaYear,
  paiseToRupees,
  rupeesDecimalText,
  rupeesInputText,
  rupeesToPaise,
} from './format.js';

describe('formatPaise', () => {
  it('groups rupees the Indian way', () => {
    expect(formatPaise(1_00_000_00)).toBe('₹1,00,000');
    expect(formatPaise(12_34_567_00)).toBe('₹12,34,567');
  });

  it('shows paise only when there are some', () => {
    expect(formatPaise(500_00)).toBe('₹500');
    expect(formatPaise(499_50)).toBe('₹499.50');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(0)).toBe('₹0');
  });

  it('refuses fractions of a paisa, which would mean a bug upstream', () => {
    expect(() => formatPaise(10.5)).toThrow(RangeError);
    expect(() => formatPaise(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('uses India time whatever the machine zone', () => {
    // 20:00 UTC on 21 Nov is 01:30 on 22 Nov in India.
    const instant = Date.UTC(2026, 10, 21, 20, 0);
    expect(formatDate(instant)).toBe('22 Nov 2026');
    expect(formatDateTime(instant)).toMatch(/^22 Nov 2026, 1:30\s?am$/i);
  });
});

describe('paiseToRupees', () => {
  it('turns whole paise into rupees with at most 2 decimals', () => {
    expect(paiseToRupees(14_900)).toBe(149);
    expect(paiseToRupees(14_950)).toBe(149.5);
    expect(paiseToRupees(1_999)).toBe(19.99);
    expect(paiseToRupees(1)).toBe(0.01);
    expect(paiseToRupees(0)).toBe(0);
    expect(JSON.stringify({ order_amount: paiseToRupees(10_000_000_00) })).toBe('{"order_amount":10000000}');
  });

  it('refuses anything but whole paise', () => {
    expect(() => paiseToRupees(149.5)).toThrow(RangeError);
    expect(() => paiseToRupees(Number.NaN)).toThrow(RangeError);
    expect(() => paiseToRupees(2 ** 53)).toThrow(RangeError);
  });
});

describe('rupeesToPaise', () => {
  it('converts provider rupees to paise without float drift', () => {
    expect(rupeesToPaise(149)).toBe(14_900);
    expect(rupeesToPaise(149.5)).toBe(14_950);
    expect(rupeesToPaise(19.99)).toBe(1_999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(JSON.parse('170.00'))).toBe(17_000);
  });

  it('answers null for what is not an amount in whole paise', () => {
    for (const value of ['149', '149.00', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, {}, [149]]) {
      expect(rupeesToPaise(value)).toBeNull();
    }
    // A third decimal is a fraction of a paisa, not something to round away.
    expect(rupeesToPaise(1.005)).toBeNull();
    expect(rupeesToPaise(149.001)).toBeNull();
  });
});

describe('rupeesDecimalText', () => {
  it('writes 2 decimals, as Cashfree writes amounts in webhook JSON', () => {
    expect(rupeesDecimalText(14_900)).toBe('149.00');
    expect(rupeesDecimalText(14_950)).toBe('149.50');
    expect(rupeesDecimalText(5)).toBe('0.05');
    expect(rupeesDecimalText(0)).toBe('0.00');
    expect(rupeesDecimalText(-250)).toBe('-2.50');
    expect(rupeesDecimalText(10_000_000_00)).toBe('10000000.00');
  });
});

describe('rupeesInputText', () => {
  it('writes a price as a person types it: whole rupees bare, paise with two decimals', () => {
    expect(rupeesInputText(14_900)).toBe('149');
    expect(rupeesInputText(4_950)).toBe('49.50');
    expect(rupeesInputText(4_905)).toBe('49.05');
    expect(rupeesInputText(100)).toBe('1');
  });
});

describe('round trips', () => {
  // Up to ₹10 crore, 100× the largest price and the adjustment cap; far beyond that a double
  // no longer holds rupees to the paisa closely enough for the whole-paise check.
  it('paise → rupees → paise, and paise → webhook text → JSON → paise, are exact', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
        expect(rupeesToPaise(JSON.parse(rupeesDecimalText(paise)))).toBe(paise);
        expect(rupeesDecimalText(paise)).toMatch(/^\d+\.\d\d$/);
      }),
    );
  });
});

describe('indiaYear', () => {
  it('turns at midnight in India, not in UTC', () => {
    // 31 December 2026, 19:00 UTC is 1 January 2027, 00:30 in India.
    expect(indiaYear(Date.UTC(2026, 11, 31, 18, 29))).toBe(2026);
    expect(indiaYear(Date.UTC(2026, 11, 31, 19, 0))).toBe(2027);
  });
});

describe('India days', () => {
  it('names the day in India, which starts 5:30 hours before UTC midnight', () => {
    expect(indiaDay(Date.parse('2026-11-25T18:29:59.999Z'))).toBe('2026-11-25');
    expect(indiaDay(Date.parse('2026-11-25T18:30:00.000Z'))).toBe('2026-11-26');
  });

  it('gives the instant a day begins, the inverse of indiaDay', () => {
    expect(indiaDayStart('2026-11-26')).toBe(Date.parse('2026-11-25T18:30:00.000Z'));
    expect(indiaDay(indiaDayStart('2026-03-01'))).toBe('2026-03-01');
    expect(indiaDay(indiaDayStart('2026-03-01') - 1)).toBe('2026-02-28');
  });
});

describe('formatIndiaDayShort and formatIndiaDay', () => {
  it('label an India calendar day the same on any machine zone', () => {
    expect(formatIndiaDayShort('2026-11-21')).toBe('21 Nov');
    expect(formatIndiaDayShort('2027-01-01')).toBe('1 Jan');
    expect(formatIndiaDay('2026-11-21')).toBe('21 Nov 2026');
  });

  it('label it with Hindi month names in Hindi (the chart of the Analytics tab)', () => {
    expect(formatIndiaDayShort('2026-11-21', 'hi')).toMatch(/^21 नव/);
    expect(formatIndiaDayShort('2026-11-21', 'hi')).not.toContain('2026');
    expect(formatIndiaDay('2026-11-21', 'hi')).toMatch(/^21 नव.* 2026$/);
  });
});

describe('formats in Hindi (ADR 030)', () => {
  const instant = new Date('2026-11-21T05:46:00Z');
  it('keeps English the default and the figures Indian in both languages', () => {
    expect(formatPaise(1_00_000_00)).toBe(formatPaise(1_00_000_00, 'en'));
    expect(formatPaise(1_00_000_00, 'hi')).toBe('₹1,00,000');
    expect(formatPaise(499_50, 'hi')).toBe('₹499.50');
  });
  it('writes dates with Hindi month names in India time', () => {
    expect(formatDate(instant, 'hi')).toMatch(/^21 नव/);
    expect(formatDate(instant, 'hi')).toContain('2026');
    expect(formatDateTime(instant, 'hi')).toMatch(/11:16/);
    expect(formatDate(instant)).toBe('21 Nov 2026');
  });
});

describe('dates and times are our own text, the same on the server and on any phone (ADR 027)', () => {
  const SEPT_5_MORNING = Date.UTC(2026, 8, 5, 3, 4); // 08:34 in India

  it('writes every month and the year as this machine’s Intl does for en-IN', () => {
    const intl = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone: 'Asia/Kolkata',
    });
    // Every month, and times across a day (midnight, noon, the minutes either side) in India.
    for (let month = 0; month < 12; month += 1) {
      for (const minutes of [0, 1, 29, 330, 389, 390, 719, 720, 721, 1109, 1439]) {
        const instant = Date.UTC(2026, month, 14) + minutes * 60_000;
        // Older ICU writes September "Sep": ours is CLDR's current "Sept" on every device.
        expect(formatDateTime(instant)).toBe(intl.format(instant).replace(/\bSep\b/, 'Sept'));
      }
    }
  });

  it('writes Hindi months and names the part of the day instead of am/pm', () => {
    expect(formatDate(SEPT_5_MORNING, 'hi')).toBe('5 सित॰ 2026');
    expect(formatDateTime(SEPT_5_MORNING, 'hi')).toBe('5 सित॰ 2026, सुबह 8:34');
    const atIndiaHour = (hour: number, minute = 0) => Date.UTC(2026, 10, 21, hour, minute) - 330 * 60_000;
    expect(formatTime(atIndiaHour(0, 5), 'hi')).toBe('रात 12:05');
    expect(formatTime(atIndiaHour(3, 59), 'hi')).toBe('रात 3:59');
    expect(formatTime(atIndiaHour(4), 'hi')).toBe('सुबह 4:00');
    expect(formatTime(atIndiaHour(11, 59), 'hi')).toBe('सुबह 11:59');
    expect(formatTime(atIndiaHour(12), 'hi')).toBe('दोपहर 12:00');
    expect(formatTime(atIndiaHour(16), 'hi')).toBe('शाम 4:00');
    expect(formatTime(atIndiaHour(20), 'hi')).toBe('रात 8:00');
    expect(formatTime(atIndiaHour(0, 5))).toBe('12:05 am');
    expect(formatTime(atIndiaHour(12))).toBe('12:00 pm');
    const hindiMonths = Array.from({ length: 12 }, (_, month) =>
      formatIndiaDayShort(`2026-${String(month + 1).padStart(2, '0')}-01`, 'hi'),
    );
    expect(hindiMonths.join(' ')).toBe('1 जन॰ 1 फ़र॰ 1 मार्च 1 अप्रैल 1 मई 1 जून 1 जुल॰ 1 अग॰ 1 सित॰ 1 अक्टू॰ 1 नव॰ 1 दिस॰');
  });

  it('refuses an invalid date rather than writing NaN', () => {
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
    expect(() => formatDateTime(new Date('not a date'))).toThrow(RangeError);
    expect(() => formatTime(Number.POSITIVE_INFINITY, 'hi')).toThrow(RangeError);
  });

  it('takes Date objects and numbers alike, and India’s year at its own midnight', () => {
    const newYearInIndia = Date.UTC(2026, 11, 31, 18, 30);
    expect(formatDate(new Date(newYearInIndia))).toBe('1 Jan 2027');
    expect(formatDate(newYearInIndia - 1)).toBe('31 Dec 2026');
    expect(indiaYear(newYearInIndia)).toBe(2027);
    expect(indiaYear(newYearInIndia - 1)).toBe(2026);
  });
});

describe('formatTimeAfter', () => {
  const requested = Date.UTC(2026, 10, 21, 4, 29); // 9:59 am in India
  it('gives only the time on the same India day, the date too on another', () => {
    expect(formatTimeAfter(requested + 60 * 60_000, requested)).toBe('10:59 am');
    expect(formatTimeAfter(requested + 60 * 60_000, requested, 'hi')).toBe('सुबह 10:59');
    // 18:30 UTC is midnight in India: the next day, though the same day in UTC.
    expect(formatTimeAfter(Date.UTC(2026, 10, 21, 18, 31), requested)).toBe('22 Nov 2026, 12:01 am');
    expect(formatTimeAfter(Date.UTC(2026, 10, 21, 18, 31), requested, 'hi')).toBe('22 नव॰ 2026, रात 12:01');
  });
});
