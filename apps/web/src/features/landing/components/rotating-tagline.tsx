import { TAGLINE_ROTATION_MS } from '@kholo/contracts';
import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion.ts';
import { cn } from '../../../lib/cn.ts';
import { shownTaglineIndex } from '../tagline-rotation.ts';

export interface RotatingTaglineProps {
  phrases: readonly string[];
  intervalMs?: number;
  className?: string;
}

/**
 * Cycles through `phrases` every TAGLINE_ROTATION_MS (SPEC §9: 2.2 s).
 *
 * Every phrase is laid out invisibly in the same grid cell, so the box is always as big as
 * the longest one and the page never shifts when the phrase changes. People who asked their
 * device for reduced motion see the first phrase only: text that changes by itself every two
 * seconds, with no way to pause it, is the motion they opted out of (WCAG 2.2.2).
 * It is purely visual: put it inside an aria-hidden element next to a stable text alternative.
 */
export function RotatingTagline({ phrases, intervalMs = TAGLINE_ROTATION_MS, className }: RotatingTaglineProps) {
  // On a server-rendered page the boot script may have turned the phrases already (tagline-rotation.ts).
  const [index, setIndex] = useState(shownTaglineIndex);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (phrases.length < 2 || reducedMotion) return;
    const timer = setInterval(() => {
      setIndex((current) => (current + 1) % phrases.length);
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [phrases.length, intervalMs, reducedMotion]);

  return (
    <span className={cn('grid', className)} data-testid="rotating-tagline" data-tagline="">
      {phrases.map((phrase) => (
        <span key={phrase} className="invisible col-start-1 row-start-1">
          {phrase}
        </span>
      ))}
      <span key={index} data-state="active" className="col-start-1 row-start-1 motion-safe:animate-tagline-in">
        {phrases[reducedMotion ? 0 : index]}
      </span>
    </span>
  );
}
