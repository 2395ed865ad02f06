import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Phone-shaped files made on the spot by the tools a phone's formats need: Debian's `heif-enc`
 * (package libheif-examples) and ffmpeg with libx264 and libx265. Missing tools fail the tests
 * that use them, on every machine: CI installs both (.ci/run).
 */
export function requireTool(command: string, debianPackage: string): void {
  try {
    execFileSync(command, command === 'heif-enc' ? ['--version'] : ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${command} is needed to make this test's fixtures: apt-get install -y ${debianPackage}`);
  }
}

function scratch(extension: string): string {
  return path.join(os.tmpdir(), `kholo-phone-${randomUUID()}.${extension}`);
}

function readAndRemove(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** A HEIC photo as an iPhone writes it (HEVC still image, `heic` brand), with a colour gradient. */
export async function heicPhoto(width = 1200, height = 900): Promise<Buffer> {
  requireTool('heif-enc', 'libheif-examples');
  const png = scratch('png');
  const heic = scratch('heic');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#e0402a"/><stop offset="1" stop-color="#2a60e0"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(png);
  try {
    execFileSync('heif-enc', ['-q', '70', png, '-o', heic], { stdio: 'ignore' });
  } finally {
    fs.rmSync(png, { force: true });
  }
  return readAndRemove(heic);
}

/**
 * A 3-second QuickTime movie (320×240 unless `size` says) with sound, as a phone records one: H.264 or HEVC (tagged
 * `hvc1` as iPhones do) in a MOV, or HEVC in an MP4 (`mp4-hevc`, as Android phones record).
 */
export function phoneVideo(kind: 'mov-h264' | 'mov-hevc' | 'mp4-hevc', seconds = 3, size = '320x240'): Buffer {
  requireTool('ffmpeg', 'ffmpeg');
  const file = scratch(kind.startsWith('mov') ? 'mov' : 'mp4');
  const video =
    kind === 'mov-h264'
      ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']
      : ['-c:v', 'libx265', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'];
  execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${size}:rate=15`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      ...video,
      '-c:a',
      'aac',
      '-shortest',
      // Where it was shot, as an iPhone writes it: the conversion must not carry it over.
      '-metadata',
      'location=+26.9124+075.7873/',
      '-f',
      kind.startsWith('mov') ? 'mov' : 'mp4',
      '-y',
      file,
    ],
    { stdio: 'ignore' },
  );
  return readAndRemove(file);
}

export interface ProbedVideo {
  formatName: string;
  videoCodec: string;
  pixelFormat: string;
  audioCodec: string | null;
  width: number;
  height: number;
  tags: Record<string, string>;
  /** Whether the `moov` index comes before the media data (`+faststart`). */
  indexFirst: boolean;
}

/** What ffprobe says of a file we were served. */
export function probeBytes(bytes: Buffer): ProbedVideo {
  const file = scratch('bin');
  fs.writeFileSync(file, bytes);
  try {
    const out = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type,codec_name,pix_fmt,width,height:format=format_name:format_tags',
        '-of',
        'json',
        file,
      ],
      { encoding: 'utf8' },
    );
    const parsed = JSON.parse(out) as {
      streams: { codec_type: string; codec_name: string; pix_fmt?: string; width?: number; height?: number }[];
      format: { format_name: string; tags?: Record<string, string> };
    };
    const video = parsed.streams.find((stream) => stream.codec_type === 'video');
    if (video === undefined) throw new Error('no video stream');
    const moov = bytes.indexOf('moov');
    const mdat = bytes.indexOf('mdat');
    return {
      formatName: parsed.format.format_name,
      videoCodec: video.codec_name,
      pixelFormat: video.pix_fmt ?? '',
      audioCodec: parsed.streams.find((stream) => stream.codec_type === 'audio')?.codec_name ?? null,
      width: video.width ?? 0,
      height: video.height ?? 0,
      tags: parsed.format.tags ?? {},
      indexFirst: moov !== -1 && mdat !== -1 && moov < mdat,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}
