import { describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordOrReuse, verifyPassword, withPasswordHashedAhead } from './password-hashing.js';

describe('password hashing', () => {
  it('uses argon2id with at least 19 MiB and 2 passes', async () => {
    const hash = await hashPassword('correct horse battery staple');
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    await expect(verifyPassword({ hash, password: 'correct horse battery staple' })).resolves.toBe(true);
    await expect(verifyPassword({ hash, password: 'correct horse battery stapler' })).resolves.toBe(false);
  });

  it('treats a damaged stored hash as a failed login, not an error', async () => {
    await expect(verifyPassword({ hash: 'not-a-hash', password: 'anything at all' })).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password here')).not.toBe(await hashPassword('same password here'));
  });

  it('hands over a hash made ahead only for the same password', async () => {
    await withPasswordHashedAhead('made ahead of time', async () => {
      const reused = await hashPasswordOrReuse('made ahead of time');
      expect(await hashPasswordOrReuse('made ahead of time')).toBe(reused);
      await expect(verifyPassword({ hash: reused, password: 'made ahead of time' })).resolves.toBe(true);
      const other = await hashPasswordOrReuse('a different password');
      await expect(verifyPassword({ hash: other, password: 'a different password' })).resolves.toBe(true);
    });
    expect(await hashPasswordOrReuse('made ahead of time')).not.toBe(await hashPasswordOrReuse('made ahead of time'));
  });
});
