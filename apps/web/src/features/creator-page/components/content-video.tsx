import { CONTENT_MESSAGES } from '@kholo/contracts';
import { ExternalLink, Pause, Play, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion.ts';
import { useT } from '../../../lib/i18n/index.ts';

export interface ContentVideoProps {
  src: string;
  poster: string;
  title: string;
  /** 'loop': a card's silent preview (SPEC §2: autoplay, muted, looped); 'player': the content page's player. */
  mode: 'loop' | 'player';
  className?: string;
}

/**
 * An unlocked video. If the browser cannot play it, a 'Video Error' overlay offers the file
 * itself, which the device's own player may still open (SPEC §2).
 */
export function ContentVideo({ src, poster, title, mode, className }: ContentVideoProps) {
  const { t, tm } = useT();
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const reducedMotion = usePrefersReducedMotion();
  const loop = mode === 'loop';
  // Looping motion starts on its own only for people who have not asked for less motion.
  const autoPlay = loop && !reducedMotion;

  return (
    <>
      <video
        // React sets `muted` as a property only; the attribute is what mobile browsers check before autoplaying.
        ref={(element) => {
          videoRef.current = element;
          if (element && loop) element.defaultMuted = true;
        }}
        src={src}
        // The player shows the video's own first frame; a card shows the preview until it plays.
        poster={loop ? poster : undefined}
        aria-label={title}
        playsInline
        preload="metadata"
        autoPlay={autoPlay}
        muted={loop}
        loop={loop}
        controls={!loop}
        onPlay={() => {
          setPlaying(true);
        }}
        onPause={() => {
          setPlaying(false);
        }}
        onError={() => {
          setFailed(true);
        }}
        className={className}
      />
      {loop && !failed ? (
        // WCAG 2.2.2: moving content that starts by itself needs a way to stop it.
        <button
          type="button"
          aria-label={t(playing ? 'creatorPage.pauseVideo' : 'creatorPage.playVideo', { title })}
          onClick={() => {
            const video = videoRef.current;
            if (!video) return;
            if (video.paused) void video.play().catch(() => undefined);
            else video.pause();
          }}
          className="absolute right-3 bottom-3 z-10 grid size-10 place-items-center rounded-full bg-ink-950/70 text-white transition-colors hover:bg-ink-950/90"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-4" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" className="size-4" fill="currentColor" />
          )}
        </button>
      ) : null}
      {failed ? (
        <div
          role="alert"
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-ink-950/90 p-5 text-center text-white"
        >
          <TriangleAlert aria-hidden="true" className="size-7 text-marigold-300" />
          <p className="text-base font-bold">{tm(CONTENT_MESSAGES.videoError)}</p>
          <p className="max-w-[16rem] text-sm text-ink-100">{t('creatorPage.videoCantPlay')}</p>
          <a
            href={src}
            target="_blank"
            rel="noopener"
            className="on-dark inline-flex h-10 items-center gap-2 rounded-full bg-marigold-400 px-4 text-sm font-semibold text-ink-950 hover:bg-marigold-300"
          >
            {t('creatorPage.openVideo')}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </div>
      ) : null}
    </>
  );
}
