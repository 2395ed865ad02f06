import { createHmac, timingSafeEqual } from 'node:crypto';
import { getCookies } from 'better-auth/cookies';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { AccountsRepository } from './accounts-repository.js';
import type { AccountsService, SignedInAccount } from './accounts-service.js';
import { type Auth, CLIENT_IP_HEADER } from './auth.js';

export interface SessionAccount extends SignedInAccount {
  sessionId: string;
  isAdmin: boolean;
}

export interface Sessions {
  /** The signed-in account, read once per request from the session cookie and the database. */
  read(request: FastifyRequest): Promise<SessionAccount | null>;
  /** As read(), plus the Set-Cookie headers of a session whose expiry was just extended. */
  readRefreshing(request: FastifyRequest): Promise<{ account: SessionAccount | null; setCookies: string[] }>;
}

/**
 * Headers for a call into better-auth: the cookie, the user agent, and the client address as
 * Fastify resolved it. X-Forwarded-For is not passed on, so it counts only under TRUST_PROXY.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  const { cookie } = request.headers;
  if (cookie !== undefined) headers.set('cookie', cookie);
  const userAgent = request.headers['user-agent'];
  if (userAgent !== undefined) headers.set('user-agent', userAgent.slice(0, 512));
  // The language an account made by this request keeps for its emails (auth.ts's user hook).
  const acceptLanguage = request.headers['accept-language'];
  if (acceptLanguage !== undefined) headers.set('accept-language', acceptLanguage.slice(0, 256));
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function createSessions(
  auth: Auth,
  accounts: AccountsService,
  accountsRepository: AccountsRepository,
): Sessions {
  const cache = new WeakMap<FastifyRequest, Promise<{ account: SessionAccount | null; setCookies: string[] }>>();
  const fastRead = liveSessionReader(auth, accounts, accountsRepository);

  function load(request: FastifyRequest) {
    let loading = cache.get(request);
    if (loading === undefined) {
      loading = (async () => {
        if (request.headers.cookie === undefined) return { account: null, setCookies: [] };
        const { headers, response } = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
        if (response === null) return { account: null, setCookies: headers.getSetCookie() };
        const { user, session } = response;
        return {
          account: {
            id: user.id,
            name: user.name,
            email: user.email,
            sessionId: session.id,
            isAdmin: accounts.isAdmin(user.email),
          },
          setCookies: headers.getSetCookie(),
        };
      })();
      cache.set(request, loading);
    }
    return loading;
  }

  return {
    read: async (request) => {
      if (!cache.has(request)) {
        const account = await fastRead(request);
        if (account !== null) return account;
      }
      return (await load(request)).account;
    },
    readRefreshing: load,
  };
}

/**
 * Reading who is signed in is on the path of every page, and better-auth's getSession costs
 * milliseconds (its endpoint machinery and WebCrypto), most of a creator page's time. The common
 * case, a correctly signed cookie for a live session that is not yet due for its daily
 * refresh, is answered here with one indexed query. Everything else (no such session, expired,
 * due for refresh, "don't remember me", a bad signature) returns null and goes to better-auth,
 * which stays the only code that creates, extends or removes sessions. Routes that refresh the
 * cookie (readRefreshing) always ask better-auth.
 */
function liveSessionReader(auth: Auth, accounts: AccountsService, accountsRepository: AccountsRepository) {
  // Names, secret and timings as better-auth itself works them out, so the two cannot drift.
  const { options } = auth;
  const cookies = getCookies(options);
  const sessionCookie = cookies.sessionToken.name;
  const dontRememberCookie = `${cookies.dontRememberToken.name}=`;
  const verified = verifiedCookies(options.secret, VERIFIED_COOKIES_LIMIT);
  const ttlMs = options.session.expiresIn * 1000;
  const refreshAfterMs = options.session.updateAge * 1000;

  return async (request: FastifyRequest): Promise<SessionAccount | null> => {
    const header = request.headers.cookie;
    if (header === undefined || header.includes(dontRememberCookie)) return null;
    const raw = cookieValue(header, sessionCookie);
    const token = raw === null ? null : verified.tokenOf(raw);
    if (token === null) return null;
    const row = await accountsRepository.findSessionByToken(token);
    if (row === undefined) return null;
    const expiresAt = new Date(row.expiresAt).getTime();
    const now = Date.now();
    // better-auth's rule: a session is extended once it is a day old (expiresAt − TTL + refresh ≤ now).
    if (!(expiresAt > now) || expiresAt - ttlMs + refreshAfterMs <= now) {
      return null;
    }
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      sessionId: row.sessionId,
      isAdmin: accounts.isAdmin(row.email),
    };
  };
}

/** Enough for every session in active use on one process; beyond it the oldest are verified again. */
export const VERIFIED_COOKIES_LIMIT = 10_000;

/**
 * Session cookies whose signature was checked, by their raw value, so a signed-in request costs a
 * map lookup instead of an HMAC (issue 25). Only a cookie that verified ever enters it, and it
 * holds at most `limit` (the first in leaves first): a forged cookie is checked, refused and
 * forgotten, and a flood of real ones cannot grow it. It says only that the signature is good:
 * the session row is still read on every request, so a sign-out anywhere counts at once.
 */
export function verifiedCookies(secret: string, limit: number) {
  const tokens = new Map<string, string>();
  return {
    /** The token a signed cookie carries, or null when its signature is wrong. */
    tokenOf(raw: string): string | null {
      const known = tokens.get(raw);
      if (known !== undefined) return known;
      const token = signedToken(raw, secret);
      if (token === null) return null;
      if (tokens.size >= limit) {
        const oldest = tokens.keys().next();
        if (oldest.done !== true) tokens.delete(oldest.value);
      }
      tokens.set(raw, token);
      return token;
    },
    get size(): number {
      return tokens.size;
    },
  };
}

/** One cookie's raw value from a Cookie header, or null. */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

/** The token of a better-auth signed cookie (`encodeURIComponent(token + "." + base64 HMAC-SHA256)`), or null. */
function signedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Starts a session for an account that proved who she is another way than a password (an emailed
 * code, ADR 022): better-auth's own session row, and its cookie signed exactly as better-auth signs
 * it (`token.base64(HMAC-SHA256)`, URI-encoded), so every later request reads it the usual way.
 */
export async function startSession(
  auth: Auth,
  userId: string,
  client: { ip: string; userAgent: string | undefined },
): Promise<string[]> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId, false, {
    ipAddress: client.ip,
    userAgent: (client.userAgent ?? '').slice(0, 512),
  });
  const { options } = auth;
  const { name, attributes } = getCookies(options).sessionToken;
  const signature = createHmac('sha256', options.secret).update(session.token).digest('base64');
  const cookie = [
    `${name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
    `Max-Age=${options.session.expiresIn}`,
    `Path=${attributes.path}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (attributes.secure) cookie.push('Secure');
  return [cookie.join('; ')];
}

/** For routes that need someone signed in. */
export async function requireAccount(sessions: Sessions, request: FastifyRequest): Promise<SessionAccount> {
  const account = await sessions.read(request);
  if (account === null) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return account;
}

/**
 * For admin routes: the session's account must be ADMIN_EMAIL's. An `x-admin-email` header
 * (SPEC §6) is accepted for compatibility and ignored: anyone can write a header.
 */
export async function requireAdmin(sessions: Sessions, request: FastifyRequest): Promise<SessionAccount> {
  const account = await requireAccount(sessions, request);
  if (!account.isAdmin) throw new AppError('FORBIDDEN', 'Only the Kholo admin can do this.');
  return account;
}

/**
 * Set-Cookie headers that remove better-auth's cookies from the browser, for an account whose
 * sessions were all deleted another way (the account deleted itself, ADR 024).
 */
export function clearedSessionCookies(auth: Auth): string[] {
  const { options } = auth;
  const cookies = getCookies(options);
  return [cookies.sessionToken, cookies.sessionData, cookies.dontRememberToken].map(({ name, attributes }) => {
    const parts = [`${name}=`, 'Max-Age=0', `Path=${attributes.path}`, 'HttpOnly', 'SameSite=Lax'];
    if (attributes.secure) parts.push('Secure');
    return parts.join('; ');
  });
}
