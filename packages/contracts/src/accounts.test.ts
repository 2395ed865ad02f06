import { describe, expect, it } from 'vitest';
import { newPassword, signInInput, signUpInput } from './accounts.js';
import { isCommonPassword } from './common-passwords.js';

describe('newPassword', () => {
  it('accepts 8 to 128 characters with no composition rules', () => {
    expect(newPassword.safeParse('purple monkey dishwasher').success).toBe(true);
    expect(newPassword.safeParse('abcdxyz1').success).toBe(true);
    expect(newPassword.safeParse('x'.repeat(127) + 'y').success).toBe(true);
  });

  it.each([
    ['short1!', 'Your password needs at least 8 characters.'],
    ['ab'.repeat(65), 'Please keep your password under 128 characters.'],
    ['Password123', 'This password is too common and easy to guess. Please choose another one.'],
    ['12345678', 'This password is too common and easy to guess. Please choose another one.'],
  ])('refuses %j', (password, message) => {
    const result = newPassword.safeParse(password);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('isCommonPassword', () => {
  it.each(['password', 'PASSWORD1', 'iloveyou', 'qwertyuiop', 'aaaaaaaaaa', 'abcdefghij', '98765432', 'india@123'])(
    '%j is common',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['jaipur-blue-pottery', 'correct horse battery', 'acegikmo'])('%j is not', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('signUpInput', () => {
  it('trims the name, lowercases the email and keeps the role', () => {
    expect(
      signUpInput.parse({ role: 'fan', name: '  Asha ', email: ' Asha@Example.COM ', password: 'jaipur-blue-pottery' }),
    ).toEqual({ role: 'fan', name: 'Asha', email: 'asha@example.com', password: 'jaipur-blue-pottery' });
  });

  it('refuses unknown fields and roles', () => {
    const base = { role: 'creator', name: 'Asha', email: 'asha@example.com', password: 'jaipur-blue-pottery' };
    expect(signUpInput.safeParse({ ...base, isAdmin: true }).success).toBe(false);
    expect(signUpInput.safeParse({ ...base, role: 'admin' }).success).toBe(false);
  });
});

describe('signInInput', () => {
  it('does not apply new-password rules to logins', () => {
    expect(signInInput.safeParse({ email: 'old@example.com', password: 'short' }).success).toBe(true);
  });
});
