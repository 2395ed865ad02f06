import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_LISTS, type EmailList, UNSUBSCRIBE_TOKEN_PATTERN } from '@kholo/contracts';

/** Who a token is for: one account, one list. */
export interface TokenSubject {
  accountId: string;
  list: EmailList;
}

export interface UnsubscribeTokens {
  sign(subject: TokenSubject): string;
  /** The account and list the token was signed for; null for anything this server did not sign. */
  read(token: string): TokenSubject | null;
}

/**
 * The token in an email's unsubscribe link: "{list}:{accountId}" in base64url, a dot, and its
 * HMAC-SHA256 under a key derived from AUTH_SECRET for this purpose alone (a token can never be
 * taken for a session's or the simulators' signature, nor theirs for one of these). The MAC
 * covers the account and the list, so a token stops only that list for that account and cannot
 * be edited to name another. No expiry: an email read months later must still be able to stop
 * the next one. Changing AUTH_SECRET retires every link already sent.
 */
export function createUnsubscribeTokens(authSecret: string): UnsubscribeTokens {
  const key = createHmac('sha256', authSecret).update('kholo email unsubscribe links').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign({ accountId, list }) {
      const payload = `${list}:${accountId}`;
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`;
    },

    read(token) {
      if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return null;
      const [encoded = '', signature = ''] = token.split('.');
      const payload = Buffer.from(encoded, 'base64url').toString('utf8');
      // base64url decoding skips stray characters; only the exact encoding of the payload counts.
      if (Buffer.from(payload).toString('base64url') !== encoded) return null;
      const given = Buffer.from(signature, 'base64url');
      // The same for the MAC: a last character that differs only in unused bits is another token.
      if (given.toString('base64url') !== signature) return null;
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const separator = payload.indexOf(':');
      const list = payload.slice(0, separator);
      const accountId = payload.slice(separator + 1);
      if (separator < 0 || accountId === '' || !isEmailList(list)) return null;
      return { accountId, list };
    },
  };
}

function isEmailList(value: string): value is EmailList {
  return (EMAIL_LISTS as readonly string[]).includes(value);
}
