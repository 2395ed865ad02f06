import { placeholdersOf } from '@kholo/contracts';
import { describe, expect, it } from 'vitest';
import { EMAIL_MODULES_EN, EMAIL_MODULES_HI } from './catalogue.js';

/** Hindi values that may equal the English: a label that is the same words in Hindi (UPI ID). */
const SAME_IN_BOTH: ReadonlySet<string> = new Set(['withdrawals.upiId']);

/** Latin words a Hindi email keeps as they are: the brand, UPI, and the grievance committee's site. */
const LATIN_KEPT = /\b(Kholo|UPI|UTR|ID|gac\.gov\.in|IT)\b/g;

describe('email messages', () => {
  it('has a Hindi module for every English one', () => {
    expect(Object.keys(EMAIL_MODULES_HI).sort()).toEqual(Object.keys(EMAIL_MODULES_EN).sort());
  });

  for (const [kind, english] of Object.entries(EMAIL_MODULES_EN)) {
    describe(kind, () => {
      const en = english as Record<string, string>;
      const hi = EMAIL_MODULES_HI[kind as keyof typeof EMAIL_MODULES_HI] as Record<string, string>;

      it('has the same keys in English and Hindi', () => {
        expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
      });

      it('keeps every key inside its own prefix', () => {
        expect(new Set(Object.keys(en).map((key) => key.split('.')[0]))).toEqual(new Set([kind]));
      });

      it.each(Object.keys(en))('%s: same placeholders, a real Hindi text', (key) => {
        const english = en[key] ?? '';
        const hindi = hi[key] ?? '';
        expect(placeholdersOf(hindi)).toEqual(placeholdersOf(english));
        expect(hindi.trim()).not.toBe('');
        if (SAME_IN_BOTH.has(key)) return;
        expect(hindi).not.toBe(english);
        // Written in Devanagari, not English left in by mistake (placeholders and kept words aside).
        const rest = hindi.replace(/\{\w+\}/g, '').replace(LATIN_KEPT, '');
        expect(rest).not.toMatch(/[A-Za-z]{3,}/);
        expect(hindi).toMatch(/[\u0900-\u097F]/);
      });
    });
  }
});
