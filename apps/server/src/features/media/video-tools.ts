import { spawn } from 'node:child_process';
import type { VIDEO_TYPES } from '@kholo/contracts';

/** What is stored (SPEC §9) and QuickTime, which is converted to MP4 before it is sold. */
export type VideoMime = (typeof VIDEO_TYPES)[number] | 'video/quicktime';

export interface VideoInfo {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** ffprobe's codec names (`h264`, `hevc`, `aac`…); audio null when the file has none. */
  videoCodec: string | null;
  audioCodec: string | null;
}

/**
 * How a phone video becomes an MP4 every browser plays (ADR 010): its H.264 picture copied as it
 * is (a remux, seconds), or anything else (HEVC) encoded to H.264 no larger than `maxSide`; sound
 * copied when it is AAC, encoded to AAC otherwise.
 */
export interface ConversionPlan {
  copyVideo: boolean;
  copyAudio: boolean;
  maxSide: number;
}

export type ConversionOutcome = 'done' | 'failed' | 'timed-out';

export interface ConversionOptions {
  plan: ConversionPlan;
  /** The input's length, for progress and the time limit; null when ffprobe could not tell. */
  durationMs: number | null;
  /** Called with the share done (0–1) as ffmpeg reports it, about twice a second. */
  onProgress(fraction: number): void;
}

/**
 * Debian's ffmpeg and ffprobe, when installed. Without them videos get a generated poster, and
 * phone videos that need converting (MOV, HEVC) are refused.
 *
 * This is the only module that runs ffmpeg or builds its arguments (a lint rule keeps
 * child_process out of the rest of the server): every input is opened with `inputArguments`,
 * as the container its bytes were sniffed as and nothing else (ADR 016).
 */
export interface VideoTools {
  /** Null when the file does not demux as `mime` or has no video stream ffprobe can read. */
  probe(file: string, mime: VideoMime): Promise<VideoInfo | null>;
  /** One frame near `atSeconds`, at most `maxWidth` wide, as PNG bytes; null if none could be taken. */
  posterFrame(file: string, mime: VideoMime, atSeconds: number, maxWidth: number): Promise<Buffer | null>;
  /** Writes `output` as an MP4 (H.264, AAC, index first); what came of it. `output` may be left half-written. */
  convertToMp4(input: string, mime: VideoMime, output: string, options: ConversionOptions): Promise<ConversionOutcome>;
}

/**
 * The demuxer each accepted type is opened with, and the only formats that open may use.
 * Left to itself ffmpeg picks the demuxer from the content, and an upload that passes the
 * MP4 sniff can be a DASH manifest, an HLS playlist or an ffconcat script naming other
 * files on the server's disk; forcing the demuxer and whitelisting its names (and the
 * `file` protocol alone) means a playlist format is never entered.
 */
const DEMUXERS: Record<VideoMime, { format: string; allowed: string }> = {
  'video/mp4': { format: 'mov', allowed: 'mov,mp4,m4a,3gp,3g2,mj2' },
  'video/webm': { format: 'webm', allowed: 'matroska,webm' },
  'video/ogg': { format: 'ogg', allowed: 'ogg' },
  // QuickTime is the container MP4 grew from: the same demuxer reads both.
  'video/quicktime': { format: 'mov', allowed: 'mov,mp4,m4a,3gp,3g2,mj2' },
};

/** Input options for one staged file; `file:` keeps a path from being read as a protocol. */
export function inputArguments(file: string, mime: VideoMime): string[] {
  const demuxer = DEMUXERS[mime];
  return [
    '-f',
    demuxer.format,
    '-format_whitelist',
    demuxer.allowed,
    '-protocol_whitelist',
    'file',
    '-i',
    `file:${file}`,
  ];
}

/**
 * The whole ffmpeg command that makes an MP4 of `input`: opened by `inputArguments` like every
 * input, the first picture and sound streams only (no data, subtitles, chapters or metadata: an
 * iPhone's MOV carries where it was shot), written to the one `file:` path we chose, `-y` over a
 * half-written one a killed try left, index first (`+faststart`) so playback starts at once, and
 * progress as `key=value` lines on stdout.
 */
export function conversionArguments(input: string, mime: VideoMime, output: string, plan: ConversionPlan): string[] {
  const video = plan.copyVideo
    ? ['-c:v', 'copy']
    : [
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-profile:v',
        'high',
        '-pix_fmt',
        'yuv420p',
        // Within maxSide × maxSide, sides even as yuv420p needs; never enlarged.
        '-vf',
        `scale=w='min(${plan.maxSide},iw)':h='min(${plan.maxSide},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
      ];
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-nostats',
    '-y',
    ...inputArguments(input, mime),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-dn',
    '-sn',
    ...video,
    ...(plan.copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '128k']),
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-f',
    'mp4',
    `file:${output}`,
  ];
}

/**
 * How long a conversion may run: a minute, plus eight times the video's length (an HEVC 4K
 * clip encodes at about a third of real time on two cores), at most 50 minutes; 50 minutes when
 * the length is unknown. The job's own time limit is longer (video-conversion.ts).
 */
export const MAX_CONVERSION_MS = 50 * 60_000;
export function conversionTimeLimitMs(durationMs: number | null): number {
  if (durationMs === null) return MAX_CONVERSION_MS;
  return Math.min(MAX_CONVERSION_MS, 60_000 + 8 * durationMs);
}

const TOOL_TIMEOUT_MS = 30_000;
/** A 480 px PNG frame is far below this; anything bigger means something went wrong. */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;

interface RunResult {
  code: number | null;
  stdout: Buffer;
}

function run(command: string, args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let bytes = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), TOOL_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_FRAME_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(chunks) });
    });
  });
}

function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.round(number) : null;
}

export function createVideoTools(paths: { ffmpeg: string; ffprobe: string }): VideoTools {
  return {
    async probe(file, mime) {
      const { code, stdout } = await run(paths.ffprobe, [
        '-v',
        'error',
        ...inputArguments(file, mime),
        '-show_entries',
        'stream=width,height,codec_type,codec_name:format=duration',
        '-of',
        'json',
      ]);
      if (code !== 0) return null;
      let parsed: {
        streams?: { width?: unknown; height?: unknown; codec_type?: unknown; codec_name?: unknown }[];
        format?: { duration?: unknown };
      };
      try {
        parsed = JSON.parse(stdout.toString('utf8')) as typeof parsed;
      } catch {
        return null;
      }
      const stream = parsed.streams?.find((candidate) => candidate.codec_type === 'video');
      if (stream === undefined) return null;
      const audio = parsed.streams?.find((candidate) => candidate.codec_type === 'audio');
      const seconds = Number(parsed.format?.duration);
      return {
        width: positiveInteger(stream.width),
        height: positiveInteger(stream.height),
        durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
        videoCodec: typeof stream.codec_name === 'string' ? stream.codec_name : null,
        audioCodec: typeof audio?.codec_name === 'string' ? audio.codec_name : null,
      };
    },

    async posterFrame(file, mime, atSeconds, maxWidth) {
      const { code, stdout } = await run(paths.ffmpeg, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-nostdin',
        '-ss',
        atSeconds.toFixed(3),
        ...inputArguments(file, mime),
        '-frames:v',
        '1',
        '-vf',
        `scale='min(${maxWidth},iw)':-2`,
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        'pipe:1',
      ]);
      return code === 0 && stdout.length > 0 ? stdout : null;
    },

    convertToMp4(input, mime, output, options) {
      return convert(paths.ffmpeg, conversionArguments(input, mime, output, options.plan), options);
    },
  };
}

/**
 * Runs one conversion: progress read from `-progress pipe:1` (`out_time_us` against the probed
 * length), killed at the time limit. Nothing it prints reaches the creator; the outcome does.
 */
function convert(command: string, args: string[], options: ConversionOptions): Promise<ConversionOutcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, conversionTimeLimitMs(options.durationMs));
    const totalUs = options.durationMs === null ? null : options.durationMs * 1000;
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      // ffmpeg writes `out_time_us` as a count of microseconds (and `out_time_ms`, misnamed, too).
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match !== null && totalUs !== null && totalUs > 0) {
          options.onProgress(Math.min(1, Number(match[1]) / totalUs));
        }
      }
      // A flood of lines that never end is not ffmpeg's progress.
      if (pending.length > 64 * 1024) child.kill('SIGKILL');
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve('failed');
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(timedOut ? 'timed-out' : code === 0 ? 'done' : 'failed');
    });
  });
}

/** The tools if `ffmpeg -version` and `ffprobe -version` run, else null (logged once by the caller). */
export async function detectVideoTools(paths: { ffmpeg: string; ffprobe: string }): Promise<VideoTools | null> {
  try {
    const [ffmpeg, ffprobe] = await Promise.all([run(paths.ffmpeg, ['-version']), run(paths.ffprobe, ['-version'])]);
    return ffmpeg.code === 0 && ffprobe.code === 0 ? createVideoTools(paths) : null;
  } catch {
    return null;
  }
}
