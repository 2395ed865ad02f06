import { describe, expect, it } from 'vitest';
import { HINDI_CATALOGUE, HINDI_MODULES } from './catalogue-hi.js';
import { addCatalogue, ENGLISH_CATALOGUE, ENGLISH_MODULES, hasCatalogue, translate } from './catalogue.js';
import { localeCookieOf, negotiateLocale } from './locales.js';
import { formatMessage, placeholdersOf } from './translate.js';

/**
 * Hindi values that may equal the English: only names and symbols that stay as they are.
 * Add a key here only when the English text itself is a brand, a name or a symbol.
 */
const SAME_IN_BOTH: ReadonlySet<string> = new Set([]);

describe('message catalogues', () => {
  it('has a Hindi module for every English one', () => {
    expect(Object.keys(HINDI_MODULES).sort()).toEqual(Object.keys(ENGLISH_MODULES).sort());
  });

  for (const [feature, english] of Object.entries(ENGLISH_MODULES)) {
    describe(feature, () => {
      const en = english as Record<string, string>;
      const hi = HINDI_MODULES[feature as keyof typeof HINDI_MODULES] as Record<string, string>;

      it('has the same keys in English and Hindi', () => {
        expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
      });

      it('keeps every key inside the feature’s own prefix', () => {
        const prefixes = new Set(Object.keys(en).map((key) => key.split('.')[0]));
        expect(prefixes.size).toBe(1);
      });

      it.each(Object.keys(en))('%s: same placeholders, a real Hindi text', (key) => {
        const english = en[key] ?? '';
        const hindi = hi[key] ?? '';
        expect(placeholdersOf(hindi)).toEqual(placeholdersOf(english));
        expect(hindi.trim()).not.toBe('');
        if (!SAME_IN_BOTH.has(key)) expect(hindi).not.toBe(english);
      });
    });
  }

  it('merges every module into one catalogue per language without losing a key', () => {
    const total = Object.values(ENGLISH_MODULES).reduce((sum, module) => sum + Object.keys(module).length, 0);
    expect(Object.keys(ENGLISH_CATALOGUE)).toHaveLength(total);
    expect(Object.keys(HINDI_CATALOGUE)).toHaveLength(total);
  });
});

describe('translate', () => {
  it('answers English for Hindi until the Hindi catalogue is added, then Hindi', () => {
    // The order of this file's tests: nothing has added Hindi before this one.
    expect(hasCatalogue('hi')).toBe(false);
    expect(translate('hi', 'site.login')).toBe(translate('en', 'site.login'));
    addCatalogue('hi', HINDI_CATALOGUE);
    expect(hasCatalogue('hi')).toBe(true);
    expect(translate('hi', 'site.login')).toBe(HINDI_CATALOGUE['site.login']);
  });

  it('fills placeholders in either language', () => {
    expect(translate('en', 'site.footer.copyright', { year: 2026 })).toBe(
      '© 2026 Kholo. All prices are in Indian rupees (₹).',
    );
    expect(translate('hi', 'site.footer.copyright', { year: 2026 })).toBe('© 2026 Kholo. सभी दाम भारतीय रुपये (₹) में हैं।');
  });

  it('leaves a missing parameter visible instead of dropping it', () => {
    expect(formatMessage('Unlock for {price}', {})).toBe('Unlock for {price}');
  });
});

describe('negotiateLocale', () => {
  it.each([
    ['hi', null, 'hi'],
    ['en', 'hi-IN,hi;q=0.9', 'en'],
    ['junk', 'hi-IN', 'hi'],
    ['junk', null, 'en'],
    [null, 'hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    [null, 'en-US', 'en'],
    [null, 'mr-IN, hi;q=0.5', 'hi'],
    [null, 'mr-IN, en;q=0.4, hi;q=0.5', 'hi'],
    [null, 'en-GB, hi;q=0.9', 'en'],
    [null, 'hi;q=0, en;q=0.1', 'en'],
    [null, 'HI', 'hi'],
    [null, '', 'en'],
    [undefined, undefined, 'en'],
    [null, 'ta-IN, mr;q=0.8', 'en'],
  ] as const)('cookie %s, Accept-Language %s → %s', (cookie, acceptLanguage, expected) => {
    expect(negotiateLocale(cookie, acceptLanguage)).toBe(expected);
  });
});

describe('localeCookieOf', () => {
  it('finds kholo_lang among other cookies', () => {
    expect(localeCookieOf('a=1; kholo_lang=hi; b=2')).toBe('hi');
    expect(localeCookieOf('xkholo_lang=hi')).toBeNull();
    expect(localeCookieOf(undefined)).toBeNull();
  });
});
