import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_FFMPEG } from '../../../test/content-helpers.js';
import {
  conversionArguments,
  conversionTimeLimitMs,
  createVideoTools,
  inputArguments,
  MAX_CONVERSION_MS,
  type VideoMime,
} from './video-tools.js';

describe('inputArguments', () => {
  it.each([
    ['video/mp4', 'mov', 'mov,mp4,m4a,3gp,3g2,mj2'],
    ['video/webm', 'webm', 'matroska,webm'],
    ['video/ogg', 'ogg', 'ogg'],
    ['video/quicktime', 'mov', 'mov,mp4,m4a,3gp,3g2,mj2'],
  ] as const)(
    'opens %s only with its own demuxer, from a file, through the file protocol alone',
    (mime, format, allowed) => {
      expect(inputArguments('/data/staging/a b.upload', mime)).toEqual([
        '-f',
        format,
        '-format_whitelist',
        allowed,
        '-protocol_whitelist',
        'file',
        '-i',
        'file:/data/staging/a b.upload',
      ]);
    },
  );
});

describe('conversionArguments (phone videos to MP4)', () => {
  const plan = { copyVideo: false, copyAudio: false, maxSide: 1920 };
  const args = conversionArguments('/data/staging/in put.convert-in', 'video/quicktime', '/data/staging/out.mp4', plan);

  it('opens the input as the sniffed container only, from a file, through the file protocol alone', () => {
    const input = args.indexOf('-i');
    expect(args.slice(input - 6, input + 2)).toEqual([
      '-f',
      'mov',
      '-format_whitelist',
      'mov,mp4,m4a,3gp,3g2,mj2',
      '-protocol_whitelist',
      'file',
      '-i',
      'file:/data/staging/in put.convert-in',
    ]);
    // One input, and no address anywhere that is not our own file.
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(args.filter((arg) => /:\/\//.test(arg))).toEqual([]);
  });

  it('writes an MP4 to the path we chose, over a half-written one, index first, progress on stdout', () => {
    expect(args.at(-1)).toBe('file:/data/staging/out.mp4');
    expect(args.slice(-3, -1)).toEqual(['-f', 'mp4']);
    expect(args).toContain('-y');
    expect(args).toContain('-nostdin');
    expect(args.join(' ')).toContain('-movflags +faststart');
    expect(args.join(' ')).toContain('-progress pipe:1');
    // Only the picture and the sound; nothing of where it was shot.
    expect(args.join(' ')).toContain('-map 0:v:0 -map 0:a:0? -map_metadata -1 -map_chapters -1 -dn -sn');
  });

  it('re-encodes to H.264 yuv420p within the longest side, or copies what browsers already play', () => {
    expect(args.join(' ')).toContain('-c:v libx264');
    expect(args.join(' ')).toContain('-pix_fmt yuv420p');
    expect(args.join(' ')).toContain("scale=w='min(1920,iw)':h='min(1920,ih)'");
    expect(args.join(' ')).toContain('-c:a aac');
    const remux = conversionArguments('/in', 'video/mp4', '/out.mp4', {
      copyVideo: true,
      copyAudio: true,
      maxSide: 1920,
    });
    expect(remux.join(' ')).toContain('-c:v copy');
    expect(remux.join(' ')).toContain('-c:a copy');
    expect(remux).not.toContain('libx264');
    expect(remux).not.toContain('-vf');
  });

  it('gives a conversion a minute plus eight times the video, at most 50 minutes', () => {
    expect(conversionTimeLimitMs(10_000)).toBe(140_000);
    expect(conversionTimeLimitMs(null)).toBe(MAX_CONVERSION_MS);
    expect(conversionTimeLimitMs(24 * 60 * 60_000)).toBe(MAX_CONVERSION_MS);
  });
});

/**
 * The reproduction of security finding U-1 and its relatives, against the real ffmpeg: files
 * that ffmpeg, left to guess, would open as playlists naming other files on the disk.
 */
describe.skipIf(!HAS_FFMPEG)('ffprobe and ffmpeg on files that are not what they claim', () => {
  const tools = createVideoTools({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
  let dir: string;
  /** A video elsewhere on the disk, at a size nothing else has: what must never be read. */
  let secret: string;
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kholo-video-tools-'));
    secret = path.join(dir, 'secret.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=322x178:rate=10', '-t', '3'],
      ...['-pix_fmt', 'yuv420p', secret],
    ]);
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const dashManifest = () =>
    `<!--ftypjp2 -->\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT3S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
 <Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="322" height="178" codecs="avc1.64000d">
  <BaseURL>file://${secret}</BaseURL>
 </Representation></AdaptationSet></Period>
</MPD>\n`;

  it('the DASH manifest is what ffprobe would open on its own (the test reproduces the hole)', () => {
    const manifest = write('guessing.upload', dashManifest());
    const guessed = execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=width',
      '-of',
      'csv=p=0',
      manifest,
    ]);
    expect(guessed.toString().split(/\s+/)).toContain('322');
  });

  it.each(['video/mp4', 'video/webm', 'video/ogg'] as const)(
    'a DASH manifest naming a local video, claimed as %s: no facts and no frame',
    async (mime: VideoMime) => {
      const manifest = write(`dash-${mime.slice(6)}.upload`, dashManifest());
      expect(await tools.probe(manifest, mime)).toBeNull();
      expect(await tools.posterFrame(manifest, mime, 1, 480)).toBeNull();
    },
  );

  it('a DASH manifest claimed as a MOV is not converted: ffmpeg fails and never reads the named file', async () => {
    const manifest = write('dash-mov.upload', dashManifest());
    const output = path.join(dir, 'dash-mov.mp4');
    const reported: number[] = [];
    const plan = { copyVideo: true, copyAudio: true, maxSide: 1920 };
    const outcome = await tools.convertToMp4(manifest, 'video/quicktime', output, {
      plan,
      durationMs: 3000,
      onProgress: (fraction) => reported.push(fraction),
    });
    expect(outcome).toBe('failed');
    expect(reported).toEqual([]);
    const written = fs.existsSync(output) ? fs.statSync(output).size : 0;
    expect(written).toBeLessThan(1000);
  });

  it('an HLS playlist and an ffconcat script naming a local video: no facts and no frame', async () => {
    const hls = write(
      'playlist.upload',
      `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXTINF:3.0,\nfile://${secret}\n#EXT-X-ENDLIST\n`,
    );
    const concat = write('concat.upload', `ffconcat version 1.0\nfile '${secret}'\n`);
    for (const file of [hls, concat]) {
      for (const mime of ['video/mp4', 'video/webm', 'video/ogg'] as const) {
        expect(await tools.probe(file, mime)).toBeNull();
        expect(await tools.posterFrame(file, mime, 0, 480)).toBeNull();
      }
    }
  });

  it('a real video of each type is read as itself, and not as another', async () => {
    const make = (name: string, codec: string[]) => {
      const file = path.join(dir, name);
      execFileSync('ffmpeg', [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=200x120:rate=10', '-t', '2'],
        ...codec,
        file,
      ]);
      return file;
    };
    const videos: [string, VideoMime][] = [
      [make('real.mp4', ['-pix_fmt', 'yuv420p']), 'video/mp4'],
      [make('real.webm', ['-c:v', 'libvpx', '-b:v', '200k']), 'video/webm'],
      [make('real.ogv', ['-c:v', 'libtheora']), 'video/ogg'],
    ];
    for (const [file, mime] of videos) {
      const info = await tools.probe(file, mime);
      expect(info).toMatchObject({ width: 200, height: 120 });
      expect(info?.durationMs).toBeGreaterThanOrEqual(1900);
      expect(info?.durationMs).toBeLessThanOrEqual(2100);
      const frame = await tools.posterFrame(file, mime, 1, 100);
      expect(frame?.subarray(1, 4).toString('latin1')).toBe('PNG');
      for (const [, other] of videos.filter(([, candidate]) => candidate !== mime)) {
        expect(await tools.probe(file, other)).toBeNull();
      }
    }
  });
});
