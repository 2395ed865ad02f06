// Figure: ten 100-megapixel PNGs uploaded by one creator at once (security finding U-2). Each
// is a few hundred kB on the wire and hundreds of MB once decoded, so without a bound on how
// much decoding runs at once they take the server's memory with them. The server's peak RSS
// while they are processed must stay under 1 GB.
import path from 'node:path';
import { signUp, uploadItem } from '../lib/kholo-api.mjs';
import { measureMemoryDuring, importFromServer } from '../lib/processes.mjs';
import { figure } from '../lib/report.mjs';

const PARALLEL_UPLOADS = 10;
const SIDE = 10_000; // 10000 × 10000 = the 100 MP cap
const RSS_BUDGET_MB = 1024;

/**
 * The worst kind of 100 MP PNG we know of: RGBA and interlaced (Adam7), which libvips cannot
 * decode a strip at a time, with flat colour so the file itself stays small.
 */
async function makeHugePng(dir) {
  const sharp = await importFromServer('sharp');
  const file = path.join(dir, 'huge-100mp.png');
  await sharp({
    create: { width: SIDE, height: SIDE, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } },
  })
    .png({ compressionLevel: 9, progressive: true })
    .toFile(file);
  return file;
}

export async function imageUploadFigures({ kholo, filesDir, email, log }) {
  const file = await makeHugePng(filesDir);
  const creator = await signUp(kholo.base, { role: 'creator', name: 'Meera Bench', email: email('huge-photos') });
  log(`image uploads: ${PARALLEL_UPLOADS} PNGs of ${SIDE}×${SIDE} px at once`);
  const round = await measureMemoryDuring(kholo.pid, () =>
    Promise.all(
      Array.from({ length: PARALLEL_UPLOADS }, (_, index) =>
        uploadItem(kholo.base, creator.cookie, {
          title: `Huge photo ${index + 1}`,
          pricePaise: 4900,
          file,
          fileName: `huge-${index + 1}.png`,
          type: 'image/png',
        }),
      ),
    ),
  );
  const sizes = round.result.map((item) => `${item.media.width}×${item.media.height}`);
  if (sizes.some((size) => size !== `${SIDE}×${SIDE}`)) throw new Error(`unexpected sizes: ${sizes.join(', ')}`);
  return [
    figure({
      name: `server RSS, ${PARALLEL_UPLOADS} uploads of 100 MP PNGs at once (peak)`,
      value: round.peakMb,
      unit: 'MB',
      withRatio: false,
      budget: `≤ ${RSS_BUDGET_MB} MB`,
      pass: round.peakMb <= RSS_BUDGET_MB,
      details: { rssBeforeMb: round.beforeMb, seconds: round.seconds },
    }),
  ];
}
