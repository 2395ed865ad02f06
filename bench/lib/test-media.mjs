// Files to upload: photos made with the server's own sharp, and a 50 MB video made cheaply.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { which } from '../../scripts/lib.mjs';
import { importFromServer, MB } from './processes.mjs';

/** ffmpeg and ffprobe when both are installed, so uploads take the real poster path; else null. */
export function findFfmpeg() {
  const ffmpeg = which('ffmpeg');
  return ffmpeg !== null && which('ffprobe') !== null ? ffmpeg : null;
}

/** `count` different 1200×900 JPEGs with noise, about the size of a phone photo after resizing. */
export async function makePhotos(dir, count) {
  const sharp = await importFromServer('sharp');
  const files = [];
  for (let index = 0; index < count; index += 1) {
    const file = path.join(dir, `photo-${index + 1}.jpg`);
    const hue = Math.round((index * 360) / count);
    await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: `hsl(${hue}, 60%, 50%)`,
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toFile(file);
    files.push(file);
  }
  return files;
}

/**
 * A video of exactly `totalBytes`. With ffmpeg: a real 2-second MP4 followed by a top-level
 * `free` box that fills it up (players and ffprobe skip such boxes), so the upload is probed and
 * gets a real poster frame. Without ffmpeg: an MP4's boxes around filler, which the type and
 * layout checks accept (the server then runs with FFMPEG_PATH=off). The filler is random, not zeros, so no
 * layer on the way can compress it away.
 */
export function makeVideo(dir, totalBytes, ffmpeg) {
  const file = path.join(dir, 'video-50mb.mp4');
  let head;
  if (ffmpeg === null) {
    // ftyp, an empty moov and a free box over the rest: laid out as an MP4, which the server
    // checks before it stores one (ADR 016).
    head = Buffer.alloc(40);
    head.writeUInt32BE(24, 0);
    head.write('ftypisom', 4, 'latin1');
    head.write('isomiso2', 16, 'latin1');
    head.writeUInt32BE(8, 24);
    head.write('moov', 28, 'latin1');
    head.writeUInt32BE(totalBytes - 32, 32);
    head.write('free', 36, 'latin1');
  } else {
    const clip = path.join(dir, 'clip.mp4');
    const result = spawnSync(
      ffmpeg,
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-t', '2'].concat([
        '-pix_fmt',
        'yuv420p',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-movflags',
        '+faststart',
        clip,
      ]),
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`ffmpeg could not make the test clip: ${result.stderr}`);
    head = fs.readFileSync(clip);
    fs.rmSync(clip);
    const freeBox = Buffer.alloc(8);
    freeBox.writeUInt32BE(totalBytes - head.length, 0);
    freeBox.write('free', 4, 'latin1');
    head = Buffer.concat([head, freeBox]);
  }
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, head);
    const filler = randomBytes(MB);
    for (let written = head.length; written < totalBytes; written += filler.length) {
      fs.writeSync(fd, filler, 0, Math.min(filler.length, totalBytes - written));
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}
