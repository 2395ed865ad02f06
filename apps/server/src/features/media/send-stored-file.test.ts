import { describe, expect, it } from 'vitest';
import { parseRange } from './send-stored-file.js';

describe('parseRange', () => {
  it.each<[string, number, ReturnType<typeof parseRange>]>([
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=10-', 100, { start: 10, end: 99 }],
    ['bytes=-5', 100, { start: 95, end: 99 }],
    ['bytes=0-0', 100, { start: 0, end: 0 }],
    ['bytes=99-99', 100, { start: 99, end: 99 }],
    ['  bytes=5-6  ', 100, { start: 5, end: 6 }],
    // An end past the file is cut to the file; a suffix longer than the file is all of it.
    ['bytes=90-1000', 100, { start: 90, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
  ])('%j of %i bytes → %j', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each<[string, number]>([
    ['bytes=100-', 100],
    ['bytes=100-200', 100],
    ['bytes=5000-', 100],
    ['bytes=-0', 100],
    ['bytes=0-', 0],
    ['bytes=-5', 0],
  ])('%j of %i bytes is unsatisfiable (416)', (header, size) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });

  it.each([
    'bytes=0-1,5-6',
    'bytes=0-9, 20-29',
    'bytes=9-2',
    'bytes=-',
    'bytes=abc',
    'bytes=1.5-3',
    'bytes=-5-9',
    'items=0-9',
    'bytes 0-9',
    '',
  ])('%j is ignored: the whole file', (header) => {
    expect(parseRange(header, 100)).toBeNull();
  });
});
