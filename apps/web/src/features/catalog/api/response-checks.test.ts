import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import {
  card,
  creatorPageOf,
  endedCard,
  fanUnlock,
  PUBLIC_CREATOR,
  unlockedCard,
} from '../../../test-fixtures/catalog.ts';
import { checkContentDetail, checkCreatorPage, checkFanUnlocks } from './response-checks.ts';

describe('response outline checks', () => {
  it('pass the contract’s shapes through unchanged', () => {
    const page = creatorPageOf(
      [card('c1'), unlockedCard('c2'), card('c3', { access: { kind: 'owner' } }), endedCard('c4')],
      5,
    );
    expect(checkCreatorPage(page)).toBe(page);
    const detail = { item: unlockedCard('c1'), creator: PUBLIC_CREATOR };
    expect(checkContentDetail(detail)).toBe(detail);
    const unlocks = { items: [fanUnlock('c1', 3)] };
    expect(checkFanUnlocks(unlocks)).toBe(unlocks);
  });

  it.each([
    ['no body', null],
    ['an error body', { error: { code: 'NOT_FOUND', message: 'x' } }],
    ['a card without access', creatorPageOf([{ ...card('c1'), access: undefined } as never])],
    [
      'a locked card that does not say whether her access ended',
      creatorPageOf([card('c1', { access: { kind: 'locked' } as never })]),
    ],
    [
      'an end date in words',
      creatorPageOf([card('c1', { access: { kind: 'locked', accessEndedAt: '3 Dec' } as never })]),
    ],
    ['an unknown access kind', creatorPageOf([card('c1', { access: { kind: 'borrowed' } as never })])],
    ['a price in rupees text', creatorPageOf([card('c1', { pricePaise: '499' as never })])],
    ['a creator without a handle', { ...creatorPageOf([]), creator: { ...PUBLIC_CREATOR, handle: undefined } }],
  ])('refuse %s as an unexpected answer', (_, body) => {
    expect(() => checkCreatorPage(body)).toThrow(ApiError);
  });
});
