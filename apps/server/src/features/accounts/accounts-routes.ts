import {
  acceptPoliciesInput,
  codeSignInInput,
  emailCodeRequestInput,
  emailCodeSent,
  languageInput,
  me,
  passwordResetInput,
  passwordResetRequested,
  passwordResetRequestInput,
  setPasswordInput,
  signInInput,
  signUpInput,
  startSellingInput,
} from '@kholo/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../lib/validate.js';
import type { AccountsService } from './accounts-service.js';
import type { AuthRequest, AuthService } from './auth-service.js';
import { authHeaders, requireAccount, type Sessions } from './session.js';

/**
 * The account endpoints. Only these reach better-auth; its other endpoints (change email,
 * delete user, list sessions…) are not mounted, so they cannot be called.
 */
export function accountsRoutes(
  app: FastifyInstance,
  deps: { authService: AuthService; accounts: AccountsService; sessions: Sessions },
): void {
  const { authService, accounts, sessions } = deps;

  function authRequest(request: FastifyRequest): AuthRequest {
    return { headers: authHeaders(request), ip: request.ip, previous: () => sessions.read(request) };
  }

  /** Answers about the session are never cached, by the browser or anything in between. */
  function send(reply: FastifyReply, setCookies: string[], body: unknown): FastifyReply {
    if (setCookies.length > 0) reply.header('set-cookie', setCookies);
    return reply.header('cache-control', 'no-store').send(body);
  }

  app.get('/api/me', async (request, reply) => {
    const { account, setCookies } = await sessions.readRefreshing(request);
    const body = me.parse(await accounts.describe(account));
    return send(reply, setCookies, body);
  });

  app.post('/api/auth/sign-up/email', async (request, reply) => {
    const input = parseInput(signUpInput, request.body);
    const result = await authService.signUp(input, authRequest(request));
    return send(reply, result.setCookies, me.parse(result.body));
  });

  app.post('/api/auth/sign-in/email', async (request, reply) => {
    const input = parseInput(signInInput, request.body);
    const result = await authService.signIn(input, authRequest(request));
    return send(reply, result.setCookies, me.parse(result.body));
  });

  app.post('/api/auth/email-code', async (request, reply) => {
    const { email } = parseInput(emailCodeRequestInput, request.body);
    const answer = await authService.sendCode(email, authRequest(request));
    return send(reply, [], emailCodeSent.parse(answer));
  });

  app.post('/api/auth/sign-in/code', async (request, reply) => {
    const input = parseInput(codeSignInInput, request.body);
    const result = await authService.signInWithCode(input, authRequest(request));
    return send(reply, result.setCookies, me.parse(result.body));
  });

  app.post('/api/auth/set-password', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    const { password } = parseInput(setPasswordInput, request.body);
    return send(reply, [], me.parse(await authService.setPassword(account, password)));
  });

  // "Start selling on Kholo?" answered yes (ADR 022): roles change only when she asks.
  app.post('/api/creators/start-selling', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    const input = parseInput(startSellingInput, request.body);
    return send(reply, [], me.parse(await accounts.startSelling(account, input)));
  });

  // "We have updated our Terms and Privacy Policy": Accept and continue.
  app.post('/api/account/accept-policies', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    const input = parseInput(acceptPoliciesInput, request.body);
    return send(reply, [], me.parse(await accounts.acceptPolicies(account, input)));
  });

  // The header's language switch, signed in (ADR 030): her emails follow it. Setting the same
  // language again is no change, so a repeated click answers the same.
  app.put('/api/me/language', async (request, reply) => {
    const account = await requireAccount(sessions, request);
    const { locale } = parseInput(languageInput, request.body);
    await accounts.setLanguage(account, locale);
    return reply.header('cache-control', 'no-store').status(204).send();
  });

  app.post('/api/auth/sign-out', async (request, reply) => {
    const result = await authService.signOut(authRequest(request));
    return send(reply, result.setCookies, result.body);
  });

  app.post('/api/auth/request-password-reset', async (request, reply) => {
    const { email } = parseInput(passwordResetRequestInput, request.body);
    const result = await authService.requestPasswordReset(email, authRequest(request));
    return send(reply, result.setCookies, passwordResetRequested.parse(result.body));
  });

  app.post('/api/auth/reset-password', async (request, reply) => {
    const input = parseInput(passwordResetInput, request.body);
    const result = await authService.resetPassword(input, authRequest(request));
    return send(reply, result.setCookies, passwordResetRequested.parse(result.body));
  });
}
