import { createHmac } from 'node:crypto';
import { indiaDay, isShareSource, type ShareSource, type VisitSource } from '@kholo/contracts';

/**
 * Who is not a person: crawlers, link-preview fetchers (WhatsApp, Telegram and Facebook fetch a
 * shared link's card the moment it is pasted, which would count every share as a visit), uptime
 * checkers and scripts. A request without a user agent is never a browser.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|facebookcatalog|whatsapp|telegram|discord|slack|skype|embedly|vkshare|pinterest|bingpreview|lighthouse|pagespeed|headless(?!chrome)|curl|wget|python|httpie|go-http|java\/|okhttp|axios|node-fetch|undici|monitor|uptime|pingdom|statuscake|check/i;

export function isBot(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || BOT_USER_AGENT.test(userAgent);
}

const SOURCE_OF_TAG: Record<ShareSource, VisitSource | null> = {
  wa: 'whatsapp',
  ig: 'instagram',
  qr: 'qr',
  // Where a share-sheet or copied link went is not known: the referrer may say.
  share: null,
  link: null,
};

const REFERRER_SOURCES: [RegExp, VisitSource][] = [
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, 'whatsapp'],
  [/(^|\.)(t\.me|telegram\.org|telegram\.me)$/, 'telegram'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$/, 'facebook'],
  [/(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|yahoo\.com|yandex\.[a-z]+)$/, 'search'],
];

/**
 * Where a visit came from: the share button's tag where it names a place, else the referring
 * site; our own pages and no referrer at all are `direct`.
 */
export function visitSource(
  tag: string | null | undefined,
  referrer: string | null | undefined,
  ownHost: string,
): VisitSource {
  const fromTag = isShareSource(tag) ? SOURCE_OF_TAG[tag] : null;
  if (fromTag !== null) return fromTag;
  if (referrer === null || referrer === undefined || referrer === '') return 'direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'other';
  }
  if (host === ownHost.toLowerCase()) return 'direct';
  for (const [pattern, source] of REFERRER_SOURCES) if (pattern.test(host)) return source;
  return 'other';
}

/**
 * The same person on the same India day, without a cookie: a keyed hash of the day, her address
 * and her browser, so the key changes every day and neither the address nor the browser is ever
 * stored (ADR 028). Signing in does not change it: a fan who arrives from Instagram and signs in
 * at the unlock dialog is one visit, not two.
 */
export function viewerKey(secret: string, now: number, viewer: { ip: string; userAgent: string }): string {
  const day = indiaDay(now);
  return createHmac('sha256', secret)
    .update(`visit ${day} ${viewer.ip} ${viewer.userAgent}`)
    .digest('base64url')
    .slice(0, 22);
}
