import { describe, expect, it } from 'vitest';
import { suggestEmailFix } from './email-typo.ts';

describe('suggestEmailFix', () => {
  it.each([
    ['meera@gmial.com', 'meera@gmail.com'],
    ['meera@gmai.com', 'meera@gmail.com'],
    ['meera@gamil.com', 'meera@gmail.com'],
    ['meera@gmail.con', 'meera@gmail.com'],
    ['meera@gmail.co', 'meera@gmail.com'],
    ['meera@gmailcom', 'meera@gmail.com'],
    ['meera@gmail.co.in', 'meera@gmail.com'],
    ['Meera.K@GMIAL.COM', 'Meera.K@gmail.com'],
    ['ravi@yaho.com', 'ravi@yahoo.com'],
    ['ravi@yahooo.com', 'ravi@yahoo.com'],
    ['ravi@yahoo.co.inn', 'ravi@yahoo.co.in'],
    ['ravi@hotmial.com', 'ravi@hotmail.com'],
    ['ravi@hotmai.com', 'ravi@hotmail.com'],
    ['ravi@outlok.com', 'ravi@outlook.com'],
    ['ravi@outloo.com', 'ravi@outlook.com'],
    ['ravi@rediffmial.com', 'ravi@rediffmail.com'],
    ['ravi@redifmail.com', 'ravi@rediffmail.com'],
    ['ravi@rediff.com', 'ravi@rediffmail.com'],
    ['ravi@iclod.com', 'ravi@icloud.com'],
    [' ravi@gmial.com ', 'ravi@gmail.com'],
  ])('%s → %s', (typed, meant) => {
    expect(suggestEmailFix(typed)).toBe(meant);
  });

  it.each([
    'meera@gmail.com',
    'ravi@yahoo.co.in',
    'ravi@rediffmail.com',
    'ravi@ymail.com',
    'ravi@outlook.in',
    // Real providers a letter away from a popular one.
    'ravi@mail.com',
    'ravi@email.com',
    'ravi@gmx.com',
    // Her own domain, nothing like a popular one.
    'ravi@kholo.in',
    'priya@tata-steel.co.in',
    'ravi@iitb.ac.in',
    // Not yet an address: the form's own check speaks first.
    'ravi',
    'ravi@',
    '@gmail.com',
    '',
  ])('leaves %s alone', (typed) => {
    expect(suggestEmailFix(typed)).toBeNull();
  });
});
