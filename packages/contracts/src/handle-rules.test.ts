import { describe, expect, it } from 'vitest';
import { HANDLE_MAX, HANDLE_PATTERN, handleFromName } from './handle-rules.js';

describe('handleFromName', () => {
  it.each([
    ['Priya Sharma', 'priya-sharma'],
    ["  Zoë D'Souza ", 'zoe-d-souza'],
    ['Arjun  Mehta 2', 'arjun-mehta-2'],
    ['--Meera--', 'meera'],
  ])('%s → %s, a valid handle', (name, handle) => {
    expect(handleFromName(name)).toBe(handle);
    expect(HANDLE_PATTERN.test(handle)).toBe(true);
  });

  it('makes nothing from a name without Latin letters or digits', () => {
    expect(handleFromName('प्रिया')).toBe('');
    expect(handleFromName('')).toBe('');
  });

  it('keeps within the length asked for, without a dash at the end', () => {
    expect(handleFromName(`${'a'.repeat(HANDLE_MAX - 1)} b`)).toBe('a'.repeat(HANDLE_MAX - 1));
    expect(handleFromName('Priya Sharma', 6)).toBe('priya');
  });
});
