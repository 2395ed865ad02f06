import { AsyncLocalStorage } from 'node:async_hooks';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * Algorithm.Argon2id. The library declares a const enum, which verbatimModuleSyntax cannot
 * import as a value, so the number is written out (and pinned by password-hashing.test.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- see above
const ARGON2ID: Algorithm = 2;

/**
 * argon2id at OWASP's baseline (19 MiB, 2 passes, 1 lane). Hashing runs on libuv's thread
 * pool, so a login does not block the event loop. Old hashes carry their own parameters,
 * so raising these later still verifies existing passwords.
 */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(data.hash, data.password);
  } catch {
    // A malformed stored hash is a failed login, never a 500 that tells an attacker something.
    return false;
  }
}

const hashedAhead = new AsyncLocalStorage<{ password: string; hash: string }>();

/**
 * better-auth hashes the password inside its sign-up transaction, which would hold a database
 * connection (on SQLite, the only one) for the whole argon2 run. Hashing first, then letting
 * `hashPasswordOrReuse` hand that hash over, keeps the transaction to a few short queries.
 */
export async function withPasswordHashedAhead<T>(password: string, run: () => Promise<T>): Promise<T> {
  const hash = await hashPassword(password);
  return hashedAhead.run({ password, hash }, run);
}

/** better-auth's hash function: the hash made ahead for this very password, or a new one. */
export function hashPasswordOrReuse(password: string): Promise<string> {
  const ahead = hashedAhead.getStore();
  return ahead?.password === password ? Promise.resolve(ahead.hash) : hashPassword(password);
}
