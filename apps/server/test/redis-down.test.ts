import net from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorOf, freshIp, PASSWORD, postSignUp, signIn, uniqueEmail } from './accounts-helpers.js';
import { freePort, type PrivateRedis, redisUnavailable, startRedis } from './redis-server.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * With REDIS_URL set and Redis gone, route limits fail open (the request is served, an error is
 * logged at most once a minute) and the accounts limits fail closed (503), and nothing hangs:
 * the test timeout is what would catch a request waiting on Redis.
 */

interface LogLine {
  msg: string;
  level: number;
}

let t: TestApp | undefined;
let redis: PrivateRedis | undefined;
let silent: net.Server | undefined;
const silentSockets: net.Socket[] = [];
afterEach(async () => {
  await t?.close();
  await redis?.stop();
  // Closing a server waits for its connections to end.
  for (const socket of silentSockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => {
    if (silent === undefined) resolve();
    else
      silent.close(() => {
        resolve();
      });
  });
  t = undefined;
  redis = undefined;
  silent = undefined;
});

/** A test app on `redisUrl` whose log lines the test can read. */
async function appOn(redisUrl: string): Promise<{ t: TestApp; logs: LogLine[] }> {
  const logs: LogLine[] = [];
  const stream = { write: (line: string) => logs.push(JSON.parse(line) as LogLine) };
  const built = await buildTestApp({ redisUrl }, { logger: pino({ level: 'error' }, stream) });
  return { t: built, logs };
}

const contact = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Asha', email: 'asha@example.in', message: 'A question about payouts.' },
    remoteAddress,
  });

function expectUnavailable(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode).toBe(503);
  expect(errorOf(response)).toEqual({ code: 'SERVICE_UNAVAILABLE', message });
}

const SIGN_IN_UNAVAILABLE = 'Signing in is briefly unavailable. Please try again in a minute.';
const unlimitedLines = (logs: LogLine[]) =>
  logs.filter((line) => line.msg === 'the rate-limit store failed; serving limited routes without their limits');

async function expectFailOpenAndClosed(app: FastifyInstance, logs: LogLine[]): Promise<void> {
  const network = freshIp();
  // More than the contact limit of 10: nothing is counted, everything is served.
  for (let i = 0; i < 12; i += 1) expect((await contact(app, network)).statusCode).toBe(201);
  expect(unlimitedLines(logs)).toHaveLength(1);

  expectUnavailable(await signIn(app, { email: uniqueEmail(), password: PASSWORD }), SIGN_IN_UNAVAILABLE);
  expectUnavailable(
    await postSignUp(app, { role: 'fan', name: 'Meera', email: uniqueEmail(), password: PASSWORD }),
    'Signing up is briefly unavailable. Please try again in a minute.',
  );
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email: uniqueEmail() },
    remoteAddress: freshIp(),
  });
  expectUnavailable(reset, 'Password reset is briefly unavailable. Please try again in a minute.');
}

describe.skipIf(redisUnavailable() !== null)('when Redis stops', () => {
  it('serves limited routes without limits, refuses sign-in with a 503, and counts again once Redis is back', async () => {
    redis = await startRedis();
    const port = Number(new URL(redis.url).port);
    let logs: LogLine[];
    ({ t, logs } = await appOn(redis.url));
    const app = t.app;
    expect((await signIn(app, { email: uniqueEmail(), password: PASSWORD })).statusCode).toBe(401);

    await redis.stop();
    await expectFailOpenAndClosed(app, logs);

    redis = await startRedis({ port });
    // ioredis reconnects on its own; the limits count again from then on.
    await vi.waitFor(
      async () => {
        expect((await signIn(app, { email: uniqueEmail(), password: PASSWORD })).statusCode).toBe(401);
      },
      { timeout: 10_000, interval: 100 },
    );
    const network = freshIp();
    for (let i = 0; i < 10; i += 1) expect((await contact(app, network)).statusCode).toBe(201);
    expect((await contact(app, network)).statusCode).toBe(429);
  });
});

describe('when REDIS_URL points at nothing', () => {
  it('the app starts, serves limited routes and refuses sign-in with a 503', async () => {
    const port = await freePort();
    let logs: LogLine[];
    ({ t, logs } = await appOn(`redis://127.0.0.1:${port}`));
    await expectFailOpenAndClosed(t.app, logs);
  });

  it('a Redis that accepts connections but never answers fails requests instead of hanging them', async () => {
    silent = net.createServer((socket) => {
      silentSockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent?.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    let logs: LogLine[];
    ({ t, logs } = await appOn(`redis://127.0.0.1:${port}`));
    await expectFailOpenAndClosed(t.app, logs);
  });
});
