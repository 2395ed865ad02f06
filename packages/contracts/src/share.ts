/**
 * Where a visit came from, as the share buttons tag their links (`?src=`): WhatsApp, the link in
 * her Instagram bio, the printed QR code, the phone's share sheet, a copied link. Visits are
 * counted by these later; a page renders the same with or without the tag (the canonical URL
 * and the server's page cache ignore it).
 */
export const SHARE_SOURCES = ['wa', 'ig', 'qr', 'share', 'link'] as const;
export type ShareSource = (typeof SHARE_SOURCES)[number];

/** The query parameter the tag travels in. */
export const SHARE_SOURCE_PARAM = 'src';

export function isShareSource(value: unknown): value is ShareSource {
  return typeof value === 'string' && (SHARE_SOURCES as readonly string[]).includes(value);
}

/** `url` with `?src={source}` (replacing any tag it had, keeping its other parameters). */
export function withShareSource(url: string, source: ShareSource): string {
  // By hand rather than with URL: contracts build without the DOM's or Node's globals.
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const withoutHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const params =
    queryAt === -1
      ? []
      : withoutHash
          .slice(queryAt + 1)
          .split('&')
          .filter((part) => part !== '');
  const tag = `${SHARE_SOURCE_PARAM}=${source}`;
  const isTag = (part: string) => part.split('=')[0] === SHARE_SOURCE_PARAM;
  const at = params.findIndex(isTag);
  const tagged =
    at === -1
      ? [...params, tag]
      : params.map((part, index) => (index === at ? tag : part)).filter((part, index) => index === at || !isTag(part));
  return `${base}?${tagged.join('&')}${hash}`;
}

/** What a WhatsApp share of a creator's page says, with its link last (WhatsApp previews the last link). */
export function profileShareMessage(creatorName: string, link: string): string {
  return `${creatorName} is on Kholo — unlock photos and videos here: ${link}`;
}

/** What a WhatsApp share of one item says. */
export function itemShareMessage(title: string, creatorName: string, link: string): string {
  return `New on Kholo: ${title} by ${creatorName} — unlock it here: ${link}`;
}

/** WhatsApp's own link that opens a chat picker with `text` written in (on a phone, the app). */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
