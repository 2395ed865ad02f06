import { describe, expect, it } from 'vitest';
import { isValidPan, maskPan, namesResemble, nameWords, normalisePan } from './payout-rules.js';

describe('PAN', () => {
  it('takes five letters, four digits and a letter, forgiving case, spaces and dashes as typed', () => {
    expect(isValidPan('ABCDE1234F')).toBe(true);
    expect(isValidPan(' abcde 1234 f ')).toBe(true);
    expect(isValidPan('ABCDE-1234-F')).toBe(true);
    expect(normalisePan(' abcde 1234 f ')).toBe('ABCDE1234F');
  });

  it.each(['', 'ABCD1234F', 'ABCDE12345', 'ABCDE1234FF', '12345ABCDE', 'ABCDE123F4', 'ABCDÉ1234F', 'ABCDE 1234 '])(
    'refuses %j',
    (text) => {
      expect(isValidPan(text)).toBe(false);
    },
  );

  it('is shown as ABCDE****F, and never whole', () => {
    expect(maskPan('abcde1234f')).toBe('ABCDE****F');
    expect(maskPan('not a pan')).toBe('**********');
    expect(maskPan('ABCDE1234F')).not.toContain('1234');
  });
});

describe('whether the name at the bank is the creator’s', () => {
  it('reads a name as capital words, without titles or punctuation', () => {
    expect(nameWords('Mrs. Asha  Rao')).toEqual(['ASHA', 'RAO']);
    expect(nameWords('SHRI R. K. Sharma')).toEqual(['R', 'K', 'SHARMA']);
  });

  it.each([
    ['Asha Rao', 'ASHA RAO'],
    ['Asha Rao', 'RAO ASHA'],
    ['Asha Rao', 'A RAO'],
    ['Asha Rao', 'ASHA R'],
    ['Priya Sharma', 'MS PRIYA SHARMA'],
    ['Rajesh Kumar Verma', 'RAJESH K VERMA'],
    ['Rajesh Kumar Verma', 'RAJESH VERMA'],
    ['Aditi', 'ADITI NAIR'],
  ])('%s matches %s', (legal, atBank) => {
    expect(namesResemble(legal, atBank)).toBe(true);
    expect(namesResemble(atBank, legal)).toBe(true);
  });

  it.each([
    ['Asha Rao', 'ANIL KUMAR'],
    ['Asha Rao', 'ASHOK RAO'],
    ['Asha Rao', 'A R'],
    ['Priya Sharma', 'PRIYANKA SHARMAA'],
    ['Asha Rao', ''],
    ['', 'ASHA RAO'],
    ['Asha Rao', 'MRS'],
  ])('%s does not match %j', (legal, atBank) => {
    expect(namesResemble(legal, atBank)).toBe(false);
  });
});
