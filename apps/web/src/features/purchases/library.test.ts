import { describe, expect, it } from 'vitest';
import { libraryOf } from './library.ts';
import { DAY, PAID_AT, purchaseFixture, refundFixture } from './test-fixtures.ts';

const paid = (contentId: string, at: number, overrides = {}) =>
  purchaseFixture({
    orderId: `order_${contentId}_${at}`,
    contentId,
    contentTitle: `Title ${contentId}`,
    createdAt: at - 60_000,
    paidAt: at,
    accessUntil: at + 14 * DAY,
    ...overrides,
  });
const expired = (contentId: string, at: number, overrides = {}) =>
  paid(contentId, at, { status: 'expired', downloadUrl: null, daysLeft: null, ...overrides });

describe('libraryOf', () => {
  it('splits what she holds from what ran out, and names each creator once, newest first', () => {
    const library = libraryOf([
      paid('a', PAID_AT + 20 * DAY, { creatorHandle: 'meera', creatorName: 'Meera Rathore' }),
      expired('b', PAID_AT + DAY),
      expired('c', PAID_AT + 2 * DAY, { creatorHandle: 'meera', creatorName: 'Meera Rathore' }),
    ]);
    expect(library.holds.map((item) => item.contentId)).toEqual(['a']);
    // Latest ending first.
    expect(library.ended.map((item) => item.contentId)).toEqual(['c', 'b']);
    expect(library.creators).toEqual([
      { handle: 'meera', name: 'Meera Rathore' },
      { handle: 'asha', name: 'Asha Verma' },
    ]);
  });

  it('an item bought again after it ran out shows once, as held', () => {
    const library = libraryOf([paid('a', PAID_AT + 20 * DAY), expired('a', PAID_AT)]);
    expect(library.holds).toHaveLength(1);
    expect(library.holds[0]?.orderId).toBe(`order_a_${PAID_AT + 20 * DAY}`);
    expect(library.ended).toEqual([]);
  });

  it('an item run out twice shows once, with its latest end', () => {
    const library = libraryOf([expired('a', PAID_AT + 20 * DAY), expired('a', PAID_AT)]);
    expect(library.ended.map((item) => item.accessUntil)).toEqual([PAID_AT + 34 * DAY]);
  });

  it('a purchase taken back (refund, dispute) leaves the library, even over an older one that ran out', () => {
    const refunded = paid('a', PAID_AT + 20 * DAY, {
      status: 'refunded',
      accessUntil: null,
      refund: refundFixture(),
    });
    const disputed = paid('b', PAID_AT, { status: 'disputed', accessUntil: null });
    const library = libraryOf([refunded, disputed, expired('a', PAID_AT)]);
    expect(library.holds).toEqual([]);
    expect(library.ended).toEqual([]);
    // She did pay them.
    expect(library.creators).toHaveLength(1);
  });

  it('failed and cancelled attempts bought nothing: not in the library, and no creator from them', () => {
    const library = libraryOf([
      purchaseFixture({ orderId: 'o1', status: 'failed', paidAt: null, accessUntil: null }),
      purchaseFixture({ orderId: 'o2', status: 'cancelled', paidAt: null, accessUntil: null, contentId: 'z' }),
      expired('a', PAID_AT, { creatorHandle: 'meera', creatorName: 'Meera Rathore' }),
    ]);
    expect(library.holds).toEqual([]);
    expect(library.ended.map((item) => item.contentId)).toEqual(['a']);
    expect(library.creators).toEqual([{ handle: 'meera', name: 'Meera Rathore' }]);
  });
});
