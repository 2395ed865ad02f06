import fsp from 'node:fs/promises';

/** Real files have a handful of top-level boxes (a fragmented one a few thousand); more is an attack. */
const MAX_TOP_LEVEL_BOXES = 100_000;

/**
 * Whether a file sniffed as MP4 is laid out as one: top-level boxes with printable four-letter
 * types whose sizes chain from the start, an `ftyp` first and a `moov` among them. A QuickTime
 * file (MOV) is the same layout, and older ones start without an `ftyp` (`ftypFirst: false`).
 *
 * The sniff only looks for "ftyp" at byte 4, which a text file can fake (`<!--ftypjp2 -->`
 * followed by a DASH manifest); read as a box, that comment claims to be about a gigabyte
 * long and fails here. This holds even where ffmpeg is not installed and nothing else would
 * ever read the file before fans download it. Bytes after the `moov` that do not form a box
 * are tolerated, as players tolerate them: some recorders pad the end.
 */
export async function isMp4Layout(
  file: string,
  sizeBytes: number,
  options: { ftypFirst: boolean } = { ftypFirst: true },
): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const header = Buffer.alloc(16);
    let offset = 0;
    let seenMoov = false;
    for (let index = 0; index < MAX_TOP_LEVEL_BOXES && offset < sizeBytes; index += 1) {
      const box = await readBoxHeader(handle, header, offset, sizeBytes);
      if (box === null || (index === 0 && options.ftypFirst && (box.type !== 'ftyp' || box.size < 16))) {
        return index > 0 && seenMoov;
      }
      if (box.type === 'moov') seenMoov = true;
      offset += box.size;
    }
    return offset === sizeBytes && seenMoov;
  } finally {
    await handle.close();
  }
}

export async function readBoxHeader(
  handle: fsp.FileHandle,
  header: Buffer,
  offset: number,
  sizeBytes: number,
): Promise<{ type: string; size: number } | null> {
  const { bytesRead } = await handle.read(header, 0, 16, offset);
  if (bytesRead < 8) return null;
  const type = header.toString('latin1', 4, 8);
  if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
  const declared = header.readUInt32BE(0);
  let size: number;
  let headerBytes = 8;
  if (declared === 0) {
    size = sizeBytes - offset; // "to the end of the file", allowed for the last box
  } else if (declared === 1) {
    if (bytesRead < 16) return null;
    const large = header.readBigUInt64BE(8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    size = Number(large);
    headerBytes = 16;
  } else {
    size = declared;
  }
  if (size < headerBytes || offset + size > sizeBytes) return null;
  return { type, size };
}
