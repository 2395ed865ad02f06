import { spawn } from 'node:child_process';
import type { VIDEO_TYPES } from '@kholo/contracts';

export type VideoMime = (typeof VIDEO_TYPES)[number];

export interface VideoInfo {
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/**
 * Debian's ffmpeg and ffprobe, when installed. Without them videos get a generated poster.
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
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height,codec_type:format=duration',
        '-of',
        'json',
      ]);
      if (code !== 0) return null;
      let parsed: {
        streams?: { width?: unknown; height?: unknown; codec_type?: unknown }[];
        format?: { duration?: unknown };
      };
      try {
        parsed = JSON.parse(stdout.toString('utf8')) as typeof parsed;
      } catch {
        return null;
      }
      const stream = parsed.streams?.find((candidate) => candidate.codec_type === 'video');
      if (stream === undefined) return null;
      const seconds = Number(parsed.format?.duration);
      return {
        width: positiveInteger(stream.width),
        height: positiveInteger(stream.height),
        durationMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
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
  };
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
