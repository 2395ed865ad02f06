/**
 * Rules for where a creator is paid (issue 21): her PAN and whether the name her bank gives for a
 * UPI ID is hers. No zod, so the Wallet can check as she types.
 */

/** A PAN: five letters, four digits, a letter (`ABCDE1234F`). */
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** What we check and store: spaces and dashes people type between groups go, letters are capitals. */
export function normalisePan(text: string): string {
  return text.replace(/[\s-]/g, '').toUpperCase();
}

/** True for a PAN in the Income Tax Department's format, as typed (spaces and case forgiven). */
export function isValidPan(text: string): boolean {
  return PAN_PATTERN.test(normalisePan(text));
}

/** How a saved PAN is shown everywhere (Wallet, admin, logs): `ABCDE****F`. */
export function maskPan(pan: string): string {
  const normal = normalisePan(pan);
  return normal.length === 10 ? `${normal.slice(0, 5)}****${normal.slice(9)}` : '**********';
}

/** Titles banks put before a name, which say nothing about whose name it is. */
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SRI', 'SMT', 'KUMARI', 'KUM', 'SHRIMATI']);

/** A name as words: capitals, letters only, titles dropped ("Mrs. Asha  Rao" → ASHA, RAO). */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !TITLES.has(word));
}

/**
 * Whether the name a bank gives for a UPI ID is plausibly the creator's legal name: every word of
 * the shorter name matches a word of the longer one, in any order, where a single letter matches
 * a word with that initial ("A RAO" is "ASHA RAO"), and at least one whole word matches. Banks
 * shorten, reorder and initial names; a different person's name fails, and then the creator must
 * say the account is hers and the payout is reviewed.
 */
export function namesResemble(legalName: string, nameAtBank: string): boolean {
  const a = nameWords(legalName);
  const b = nameWords(nameAtBank);
  if (a.length === 0 || b.length === 0) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  const unused = [...longer];
  let wholeWords = 0;
  // Whole words first, so an initial cannot take the word a whole word needed.
  const initials: string[] = [];
  for (const word of shorter) {
    const at = unused.indexOf(word);
    if (at !== -1 && word.length > 1) {
      unused.splice(at, 1);
      wholeWords += 1;
    } else {
      initials.push(word);
    }
  }
  for (const word of initials) {
    const at = unused.findIndex((other) =>
      word.length === 1 || other.length === 1 ? other[0] === word[0] : other === word,
    );
    if (at === -1) return false;
    unused.splice(at, 1);
  }
  return wholeWords > 0;
}

export const LEGAL_NAME_MAX_LENGTH = 100;

/** What the payout account form and its API say, word for word. */
export const PAYOUT_ACCOUNT_MESSAGES = {
  panInvalid: 'Please enter your PAN as on your PAN card: five letters, four digits, one letter (ABCDE1234F).',
  legalNameMissing: 'Please enter your name as on your PAN card.',
  legalNameInvalid: 'Your legal name needs letters (as on your PAN card).',
  upiNotFound:
    'No bank account answers to this UPI ID. Check it for a typo (for example okaxis, not okaxsi) or copy it from your UPI app.',
  upiInvalid: 'This is not a UPI ID your bank can be paid at. Copy it from your UPI app (it looks like name@okaxis).',
  checkUnavailable:
    'We could not check this UPI ID with the bank just now. Nothing was saved or taken; please try again in a minute.',
  confirmMismatch:
    'The bank does not name you as this account’s holder. If the account is yours, tick “Yes, this is my account”; your next payout will then be checked by us first.',
  nameChanged: 'The bank now gives a different holder name for this UPI ID. Please check it again.',
} as const;

/** 'verified': payouts go out on their own; 'review': the next payout waits for Kholo to check the account. */
export const PAYOUT_ACCOUNT_STATUSES = ['verified', 'review'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];
