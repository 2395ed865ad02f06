import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPendingUnlock,
  PENDING_UNLOCK_TTL_MS,
  rememberPendingUnlock,
  takePendingUnlock,
} from './pending-unlock.ts';

describe('pending unlock', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('gives back the remembered content id once', () => {
    rememberPendingUnlock('content_1', 1000);
    expect(takePendingUnlock(2000)).toBe('content_1');
    expect(takePendingUnlock(2000)).toBeNull();
  });

  it('keeps only the latest tap', () => {
    rememberPendingUnlock('content_1', 1000);
    rememberPendingUnlock('content_2', 1500);
    expect(takePendingUnlock(2000)).toBe('content_2');
  });

  it('drops an intent older than the time limit', () => {
    rememberPendingUnlock('content_1', 0);
    expect(takePendingUnlock(PENDING_UNLOCK_TTL_MS + 1)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('can be cleared, and ignores a corrupt value', () => {
    rememberPendingUnlock('content_1');
    clearPendingUnlock();
    expect(takePendingUnlock()).toBeNull();
    sessionStorage.setItem('kholo.pending-unlock', '{not json');
    expect(takePendingUnlock()).toBeNull();
  });
});
