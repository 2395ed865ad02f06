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
