import type { Me } from '@kholo/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/connect.js';

/** Sign-ups are limited per IP, so every helper call comes from an address of its own unless told. */
let ipCounter = 0;
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export const PASSWORD = 'correct horse battery';

let emailCounter = 0;
export function uniqueEmail(prefix = 'person'): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}@example.com`;
}

export interface SignUpBody {
  role: 'creator' | 'fan';
  name: string;
  email: string;
  password: string;
}

/** The "name=value" of the session cookie a response sets, for sending back in a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('kholo.session_token'));
  if (cookie === undefined || cookie.value === '') {
    throw new Error(`no session cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  }
  return `${cookie.name}=${cookie.value}`;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<SignUpBody> = {},
  options: { ip?: string; cookie?: string } = {},
): Promise<{ response: LightMyRequestResponse; me: Me; cookie: string; body: SignUpBody }> {
  const body: SignUpBody = {
    role: 'creator',
    name: 'Priya Sharma',
    email: uniqueEmail(),
    password: PASSWORD,
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: body,
    remoteAddress: options.ip ?? freshIp(),
    ...(options.cookie === undefined ? {} : { headers: { cookie: options.cookie } }),
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return { response, me: response.json<Me>(), cookie: sessionCookie(response), body };
}

export function postSignUp(app: FastifyInstance, payload: unknown, ip = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: payload as object, remoteAddress: ip });
}

export function signIn(
  app: FastifyInstance,
  payload: { email: string; password: string; role?: string },
  options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload,
    remoteAddress: options.ip ?? freshIp(),
    headers: { ...options.headers, ...(options.cookie === undefined ? {} : { cookie: options.cookie }) },
  });
}

export function getMe(app: FastifyInstance, cookie?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/me',
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  });
}

export const VISITOR: Me = { account: null, creator: null, fan: null, policies: null };

type Table = 'auth_users' | 'auth_sessions' | 'auth_accounts' | 'auth_verifications' | 'creators' | 'fans';

export async function countRows(database: DatabaseHandle, table: Table): Promise<number> {
  const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db);
  return Number(result.rows[0]?.n);
}

/** Row counts of every account table, to show that a refused request wrote nothing. */
export async function accountTableCounts(database: DatabaseHandle): Promise<Record<Table, number>> {
  const tables: Table[] = ['auth_users', 'auth_sessions', 'auth_accounts', 'auth_verifications', 'creators', 'fans'];
  const counts = await Promise.all(tables.map((table) => countRows(database, table)));
  return Object.fromEntries(tables.map((table, i) => [table, counts[i]])) as Record<Table, number>;
}

export async function sessionCountFor(database: DatabaseHandle, email: string): Promise<number> {
  const rows = await database.db
    .selectFrom('authSessions')
    .innerJoin('authUsers', 'authUsers.id', 'authSessions.userId')
    .select('authSessions.id')
    .where('authUsers.email', '=', email)
    .execute();
  return rows.length;
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  return response.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>().error;
}
