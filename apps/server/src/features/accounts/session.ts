import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
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
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export function createSessions(auth: Auth, accounts: AccountsService): Sessions {
  const cache = new WeakMap<FastifyRequest, Promise<{ account: SessionAccount | null; setCookies: string[] }>>();

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
    read: async (request) => (await load(request)).account,
    readRefreshing: load,
  };
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
