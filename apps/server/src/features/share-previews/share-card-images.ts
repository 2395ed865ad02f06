import sharp, { type OverlayOptions } from 'sharp';

/**
 * The pictures link previews show (WhatsApp, Instagram, X): 1200 × 630 JPEGs, the size they all
 * prefer for a large card. Text is drawn as SVG by librsvg with the system's sans-serif fonts.
 */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
export const SHARE_CARD_TYPE = 'image/jpeg';

const INK = '#14112e';
const INK_LIGHT = '#3b2f6b';
const MARIGOLD = '#ffb627';
const FONT = "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', 'Noto Sans Devanagari', sans-serif";

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Up to `lines` lines of about `perLine` characters, broken at spaces, the last cut with "…".
 * An estimate (the font is proportional), generous enough that a line never runs off the card.
 */
export function wrapText(text: string, perLine: number, lines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const out: string[] = [];
  let current = '';
  for (const word of words) {
    const piece = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    if (current === '') current = piece;
    else if (current.length + 1 + piece.length <= perLine) current = `${current} ${piece}`;
    else {
      out.push(current);
      current = piece;
    }
  }
  if (current !== '') out.push(current);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  const last = kept[lines - 1] ?? '';
  kept[lines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1).trimEnd() : last}…`;
  return kept;
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join('');
}

function brand(): string {
  return `<text x="${SHARE_CARD_WIDTH - 64}" y="${SHARE_CARD_HEIGHT - 56}" text-anchor="end" font-family="${FONT}" font-size="44" font-weight="bold" fill="${MARIGOLD}">Kholo</text>`;
}

export interface ItemCardText {
  title: string;
  /** "₹499 · Meera Rao" */
  byline: string;
  kind: 'image' | 'video';
}

/**
 * An item's card: its blurred preview (never the media) filling the frame, darkened, with a
 * lock or play mark, the title, price and creator, and Kholo's name.
 */
export async function renderItemCard(preview: Buffer, text: ItemCardText, file: string): Promise<void> {
  const background = await sharp(preview)
    .resize(SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT, { fit: 'cover' })
    // Stretched up to 1200 px the preview's blur would show its blocks; a little more hides them.
    .blur(6)
    .toBuffer();
  const title = wrapText(text.title, 30, 2);
  const titleTop = SHARE_CARD_HEIGHT - 150 - (title.length - 1) * 70;
  const mark =
    text.kind === 'video'
      ? `<path d="M 589 175 L 631 200 L 589 225 Z" fill="${INK}"/>`
      : `<rect x="582" y="195" width="36" height="30" rx="5" fill="${INK}"/><path d="M 589 195 v -9 a 11 11 0 0 1 22 0 v 9" stroke="${INK}" stroke-width="6" fill="none"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}">
  <defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${INK}" stop-opacity="0.25"/><stop offset="1" stop-color="${INK}" stop-opacity="0.85"/></linearGradient></defs>
  <rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="url(#shade)"/>
  <circle cx="600" cy="200" r="56" fill="#ffffff" fill-opacity="0.92"/>${mark}
  ${textLines(title, 64, titleTop, 60, 70, `font-family="${FONT}" font-weight="bold" fill="#ffffff"`)}
  ${textLines([text.byline], 64, SHARE_CARD_HEIGHT - 56, 38, 0, `font-family="${FONT}" fill="#ffffff" fill-opacity="0.9"`)}
  ${brand()}
</svg>`;
  await sharp(background)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(file);
}

export interface ProfileCardText {
  name: string;
  handle: string;
}

/**
 * A creator's card: her picture in a circle (or her initial when she has none) on Kholo's
 * colours, with her name and handle.
 */
export async function renderProfileCard(avatar: Buffer | null, text: ProfileCardText, file: string): Promise<void> {
  const size = 320;
  const left = 96;
  const top = Math.round((SHARE_CARD_HEIGHT - size) / 2);
  const layers: OverlayOptions[] = [];
  if (avatar !== null) {
    const circle = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="#fff"/></svg>`,
    );
    const round = await sharp(avatar)
      .resize(size, size, { fit: 'cover' })
      .composite([{ input: circle, blend: 'dest-in' }])
      .png()
      .toBuffer();
    layers.push({ input: round, left, top });
  }
  // The first grapheme, so a Devanagari letter keeps its marks.
  const graphemes = new Intl.Segmenter('en-IN', { granularity: 'grapheme' }).segment(text.name.trim());
  const initial = Array.from(graphemes, (part) => part.segment)[0]?.toUpperCase() ?? 'K';
  const textLeft = left + size + 64;
  const name = wrapText(text.name, 18, 2);
  const nameTop = 270 - (name.length - 1) * 36;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${INK}"/><stop offset="1" stop-color="${INK_LIGHT}"/></linearGradient></defs>
  <rect width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" fill="url(#g)"/>
  <circle cx="${left + size / 2}" cy="${top + size / 2}" r="${size / 2 + 8}" fill="${MARIGOLD}"/>
  ${
    avatar === null
      ? `<circle cx="${left + size / 2}" cy="${top + size / 2}" r="${size / 2}" fill="${INK_LIGHT}"/><text x="${left + size / 2}" y="${top + size / 2 + 50}" text-anchor="middle" font-family="${FONT}" font-size="150" font-weight="bold" fill="#ffffff">${escapeXml(initial)}</text>`
      : ''
  }
  ${textLines(name, textLeft, nameTop, 64, 74, `font-family="${FONT}" font-weight="bold" fill="#ffffff"`)}
  ${textLines([`@${text.handle}`], textLeft, nameTop + (name.length - 1) * 74 + 70, 38, 0, `font-family="${FONT}" fill="${MARIGOLD}"`)}
  ${textLines(['Photos and videos on Kholo'], textLeft, nameTop + (name.length - 1) * 74 + 130, 34, 0, `font-family="${FONT}" fill="#ffffff" fill-opacity="0.85"`)}
  ${brand()}
</svg>`;
  await sharp(Buffer.from(svg)).composite(layers).jpeg({ quality: 85, mozjpeg: true }).toFile(file);
}
