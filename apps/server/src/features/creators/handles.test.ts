import { HANDLE_MAX, HANDLE_PATTERN } from '@kholo/contracts';
import { describe, expect, it } from 'vitest';
import { firstFreeHandle, handleBaseFromName } from './handles.js';

describe('handleBaseFromName', () => {
  it.each([
    ['Priya Sharma', 'priya-sharma'],
    ['  Priya   Sharma  ', 'priya-sharma'],
    ["Zoë D'Souza", 'zoe-d-souza'],
    ['RAHUL_99', 'rahul-99'],
    ['Ananya • Jaipur 🌸', 'ananya-jaipur'],
    ['प्रिया', 'creator'],
    ['🌸🌸', 'creator'],
    ['---', 'creator'],
  ])('%j → %j', (name, handle) => {
    expect(handleBaseFromName(name)).toBe(handle);
  });

  it('always gives a valid handle with room for a suffix', () => {
    const long = handleBaseFromName('a very long creator name that goes on and on and on for ever');
    expect(long).toMatch(HANDLE_PATTERN);
    expect(`${long}-99999`.length).toBeLessThanOrEqual(HANDLE_MAX);
    expect(long.endsWith('-')).toBe(false);
  });
});

describe('firstFreeHandle', () => {
  it('uses the base when it is free', () => {
    expect(firstFreeHandle('priya', new Set(['priya-sharma']))).toBe('priya');
  });

  it('adds the lowest free number when it is taken', () => {
    expect(firstFreeHandle('priya', new Set(['priya']))).toBe('priya-2');
    expect(firstFreeHandle('priya', new Set(['priya', 'priya-2', 'priya-4']))).toBe('priya-3');
  });

  it('never hands out a handle that would look official', () => {
    expect(firstFreeHandle('admin', new Set())).toBe('admin-2');
    expect(firstFreeHandle('kholo', new Set(['kholo-2']))).toBe('kholo-3');
    expect(firstFreeHandle('kholo-support', new Set())).toBe('kholo-support');
  });
});
