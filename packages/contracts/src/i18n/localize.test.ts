import { beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '../index.js';
import { contactMessageInput } from '../contact.js';
import { fileTooLargeMessage } from '../content-rules.js';
import { newPassword, personName, signUpInput } from '../accounts.js';
import { handleInput, uploadFields } from '../content.js';
import { grievanceInput } from '../safety.js';
import { HINDI_CATALOGUE } from './catalogue-hi.js';
import { addCatalogue, translate } from './catalogue.js';
import { localizeMessage } from './localize.js';
import { messagesEn } from './messages/messages.en.js';
import { messagesHi } from './messages/messages.hi.js';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every message constant the contracts export (`…_MESSAGES` objects and `…_MESSAGE` strings). */
function contractMessages(): string[] {
  return Object.entries(contracts).flatMap(([name, value]) => {
    if (name.endsWith('_MESSAGE') && typeof value === 'string') return [value];
    if (!name.endsWith('_MESSAGES') || typeof value !== 'object') return [];
    return Object.values(value as Record<string, unknown>).filter((text): text is string => typeof text === 'string');
  });
}

/** The messages zod gives for `input`, as a form or the API would show them. */
function schemaMessages(
  schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } },
  input: unknown,
) {
  return schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

/** Prefixes of the admin's own alerts, completed by a reason: the admin screens are English for now. */
const ENGLISH_ONLY: ReadonlySet<string> = new Set([
  contracts.WITHDRAWAL_MESSAGES.markPaidFailedPrefix,
  contracts.WITHDRAWAL_MESSAGES.fetchFailedPrefix,
]);

describe('localizeMessage', () => {
  beforeAll(() => {
    addCatalogue('hi', HINDI_CATALOGUE);
  });

  it('says every message constant of the contracts in Hindi', () => {
    const messages = contractMessages().filter((message) => !ENGLISH_ONLY.has(message));
    expect(messages.length).toBeGreaterThan(90);
    const untranslated = messages.filter((message) => !DEVANAGARI.test(localizeMessage('hi', message)));
    expect(untranslated).toEqual([]);
  });

  it('says every text of the messages module its own way, even where a screen says the same English otherwise', () => {
    const differing = Object.entries(messagesEn)
      .filter(([, english]) => !english.includes('{'))
      .filter(([key, english]) => localizeMessage('hi', english) !== messagesHi[key as keyof typeof messagesHi]);
    // Two keys of the module may share an English text (and then its Hindi); no other module wins.
    expect(
      differing.filter(([, english]) => Object.values(messagesEn).filter((text) => text === english).length === 1),
    ).toEqual([]);
  });

  it('says the validation errors forms show in Hindi, with the numbers filled in', () => {
    const samples = [
      ...schemaMessages(signUpInput, { name: '', email: 'not-an-email', password: 'short', role: 'fan' }),
      ...schemaMessages(signUpInput, { name: 'x'.repeat(500), email: '', password: 'x'.repeat(500), role: 'fan' }),
      ...schemaMessages(newPassword, 'password'),
      ...schemaMessages(personName, ''),
      ...schemaMessages(contactMessageInput, { name: '', email: '', message: 'hi' }),
      ...schemaMessages(uploadFields, { title: '', pricePaise: 'abc' }),
      ...schemaMessages(handleInput, 'A!'),
      ...schemaMessages(grievanceInput, { name: '', email: 'x', topic: 'nope', details: '' }),
    ];
    expect(samples.length).toBeGreaterThan(10);
    const untranslated = samples.filter((message) => !DEVANAGARI.test(localizeMessage('hi', message)));
    expect(untranslated).toEqual([]);
    expect(localizeMessage('hi', 'Your password needs at least 8 characters.')).toBe(
      'आपके पासवर्ड में कम से कम 8 अक्षर होने चाहिए।',
    );
  });

  it('finds a message by its template: the file-size messages with the size in them', () => {
    for (const kind of ['video', 'image', null] as const) {
      const hindi = localizeMessage('hi', fileTooLargeMessage(77_000_000, kind));
      expect(hindi).toMatch(DEVANAGARI);
      expect(hindi).toContain('73.5 MB');
    }
  });

  it('says the messages made with values in them in Hindi: the code sent, the balance to give up', () => {
    expect(localizeMessage('hi', contracts.codeSentMessage('priya@example.in'))).toMatch(
      /^हमने priya@example.in पर \d अंकों का कोड/,
    );
    expect(localizeMessage('hi', contracts.giveUpBalanceMessage(12_300))).toMatch(/^आपके वॉलेट में ₹123/);
  });

  it('says a limit and its wait wholly in Hindi, the wait included (no English "in 12 minutes" left)', () => {
    expect(localizeMessage('hi', 'You can upload up to 20 files an hour. Please try again in 12 minutes.')).toBe(
      'आप एक घंटे में 20 फ़ाइलें तक अपलोड कर सकते हैं। कृपया 12 मिनट बाद फिर कोशिश करें।',
    );
    expect(localizeMessage('hi', 'Too many requests from your network. Please try again in 1 minute.')).toBe(
      'आपके नेटवर्क से बहुत सारे अनुरोध आए। कृपया 1 मिनट बाद फिर कोशिश करें।',
    );
    expect(localizeMessage('hi', 'Too many requests from your network. Please try again in 30 seconds.')).toMatch(
      /कृपया 30 सेकंड बाद/,
    );
  });

  it('says a message of known sentences sentence by sentence (a reason, then the wait)', () => {
    expect(localizeMessage('hi', 'Too many sign-ups from your network. Please try again in 15 minutes.')).toBe(
      'आपके नेटवर्क से बहुत सारे साइन-अप हुए। कृपया 15 मिनट बाद फिर कोशिश करें।',
    );
  });

  it('says a filled-in part in Hindi when it is a known text (a report’s reason), and leaves any other as it came', () => {
    for (const [reason, english] of Object.entries(contracts.REPORT_REASON_TEXT)) {
      expect(localizeMessage('hi', `Under review after a report: ${english}`)).toBe(
        `एक रिपोर्ट के बाद जाँच में: ${translate('hi', `reports.reason.${reason as contracts.ReportReason}`)}`,
      );
    }
    // A title that is not a message of ours stays as she wrote it.
    expect(localizeMessage('hi', 'Under review after a report: Holi at dawn')).toBe(
      'एक रिपोर्ट के बाद जाँच में: Holi at dawn',
    );
    expect(localizeMessage('hi', 'Kholo (automatic, a report)')).toBe('Kholo (अपने-आप, एक रिपोर्ट पर)');
    // Another part that happens to read like one of ours (a title "Something else") is left alone.
    expect(
      localizeMessage('hi', 'The price of this item is now Something else. Please check it and try again.'),
    ).not.toContain('कुछ और');
  });

  it('does not match by a template with few words of its own ("{count} / {max} characters")', () => {
    expect(translate('en', 'contact.characters', { count: 12, max: 500 })).toBe('12 / 500 characters');
    expect(localizeMessage('hi', '12 / 500 characters')).toBe('12 / 500 characters');
  });

  it('leaves English alone, and a text it does not know as it came', () => {
    expect(localizeMessage('en', contracts.CONTENT_MESSAGES.uploadFailed)).toBe('Upload failed.');
    expect(localizeMessage('hi', 'Something nobody wrote down.')).toBe('Something nobody wrote down.');
    // One known sentence beside an unknown one is not half-translated.
    expect(localizeMessage('hi', 'Upload failed. Something nobody wrote down.')).toBe(
      'Upload failed. Something nobody wrote down.',
    );
  });
});
