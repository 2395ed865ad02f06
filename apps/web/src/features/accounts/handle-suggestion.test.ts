import { HANDLE_MAX } from '@kholo/contracts';
import { describe, expect, it } from 'vitest';
import { suggestHandle } from './handle-suggestion.ts';

describe('suggestHandle', () => {
  it.each([
    ['Priya Sharma', 'priya-sharma'],
    ["  Zoë D'Souza ", 'zoe-d-souza'],
    ['Arjun  Mehta 2', 'arjun-mehta-2'],
    ['--Meera--', 'meera'],
  ])('%s → %s', (name, handle) => {
    expect(suggestHandle(name)).toBe(handle);
  });

  it('proposes nothing from a name without Latin letters or digits', () => {
    expect(suggestHandle('प्रिया')).toBe('');
    expect(suggestHandle('')).toBe('');
  });

  it('keeps within the longest handle, without a dash at the end', () => {
    const handle = suggestHandle(`${'a'.repeat(HANDLE_MAX - 1)} b`);
    expect(handle).toBe('a'.repeat(HANDLE_MAX - 1));
  });
});
