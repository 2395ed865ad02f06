import type { ContentAccess } from '@kholo/contracts';
import { describe, expect, it } from 'vitest';
import { needsAgeGate } from './use-age-confirmation.ts';

const LOCKED: ContentAccess = { kind: 'locked', accessEndedAt: null };
const UNLOCKED: ContentAccess = { kind: 'unlocked', purchasedAt: 0, expiresAt: 1, daysLeft: 1 };

describe('needsAgeGate', () => {
  it('hides a locked 18+ item until this tab says 18 or older', () => {
    expect(needsAgeGate({ isAdultContent: true, access: LOCKED }, false)).toBe(true);
    expect(needsAgeGate({ isAdultContent: true, access: { kind: 'locked', accessEndedAt: 5 } }, false)).toBe(true);
    expect(needsAgeGate({ isAdultContent: true, access: LOCKED }, true)).toBe(false);
  });

  it.each([
    ['a buyer who holds it', UNLOCKED],
    ['its creator', { kind: 'owner' } as const],
    ['the admin', { kind: 'admin' } as const],
  ])('never asks %s', (_who, access) => {
    expect(needsAgeGate({ isAdultContent: true, access }, false)).toBe(false);
  });

  it('never gates an item that is not 18+', () => {
    expect(needsAgeGate({ isAdultContent: false, access: LOCKED }, false)).toBe(false);
  });
});
