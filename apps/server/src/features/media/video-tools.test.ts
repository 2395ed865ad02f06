import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_FFMPEG } from '../../../test/content-helpers.js';
import { createVideoTools, inputArguments, type VideoMime } from './video-tools.js';

describe('inputArguments', () => {
  it.each([
    ['video/mp4', 'mov', 'mov,mp4,m4a,3gp,3g2,mj2'],
    ['video/webm', 'webm', 'matroska,webm'],
    ['video/ogg', 'ogg', 'ogg'],
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
