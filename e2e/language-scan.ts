import type { Page } from '@playwright/test';

/**
 * Latin-script words a Hindi page may show (ADR 030): brand and product names, units and
 * abbreviations Hindi writes in Latin letters too. Anything else in Latin letters is English
 * left untranslated. A screen with its own names (a creator's, a sample's) passes them in `allow`.
 */
export const HINDI_PAGE_LATIN_WORDS: readonly string[] = [
  'Kholo',
  'UPI',
  'ID',
  'PAN',
  'QR',
  'MB',
  'Instagram',
  'YouTube',
  'WhatsApp',
];

export interface EnglishLeft {
  word: string;
  /** Where it is: the text around it, or the attribute it is in. */
  context: string;
}

/**
 * The English words left on a Hindi page: every text a person can see or hear (text of rendered
 * elements, screen-reader-only text included; aria-label, alt, title, placeholder; the document's
 * title and description), minus elements marked `lang="en"` (the language switch's "English"),
 * addresses (anything with @, / or a dot inside, e.g. the support email, a page link), digits and
 * symbols, and the allow-listed words. Empty when the page is all Hindi.
 */
export async function englishLeftOnPage(page: Page, allow: readonly string[] = []): Promise<EnglishLeft[]> {
  const texts = await page.evaluate(() => {
    const found: { text: string; context: string }[] = [];
    const inEnglishOnPurpose = (element: Element | null) =>
      (element?.closest('[lang^="en"]:not(html)') ?? null) !== null;
    const rendered = (element: Element) => element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (parent === null || text.trim() === '') continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      if (!rendered(parent) || inEnglishOnPurpose(parent)) continue;
      found.push({ text, context: text.trim().slice(0, 80) });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (!rendered(element) || inEnglishOnPurpose(element)) continue;
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) found.push({ text: value, context: `${element.tagName.toLowerCase()}[${name}]` });
      }
    }
    found.push({ text: document.title, context: '<title>' });
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content');
    if (description) found.push({ text: description, context: 'meta description' });
    return found;
  });
  const allowed = new Set([...HINDI_PAGE_LATIN_WORDS, ...allow]);
  const left: EnglishLeft[] = [];
  for (const { text, context } of texts) {
    for (const token of text.split(/\s+/)) {
      // An address (email, link, handle) is not language.
      if (/[@/]|\w\.\w/.test(token)) continue;
      for (const word of token.match(/[A-Za-z]+/g) ?? []) {
        if (!allowed.has(word)) left.push({ word, context });
      }
    }
  }
  return left;
}
