import { TAGLINE_ROTATION_MS } from '@kholo/contracts';
import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface RotatingTaglineProps {
  phrases: readonly string[];
  intervalMs?: number;
  className?: string;
}

/**
 * Cycles through `phrases` every TAGLINE_ROTATION_MS (SPEC §9: 2.2 s).
 *
 * Every phrase is laid out invisibly in the same grid cell, so the box is always as big as
 * the longest one and the page never shifts when the phrase changes. The fade-in runs only
 * for people who haven't asked for reduced motion; for them the text still changes.
 * It is purely visual: put it inside an aria-hidden element next to a stable text alternative.
 */
export function RotatingTagline({ phrases, intervalMs = TAGLINE_ROTATION_MS, className }: RotatingTaglineProps) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (phrases.length < 2) return;
    const timer = setInterval(() => {
      setIndex((current) => (current + 1) % phrases.length);
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [phrases.length, intervalMs]);

  return (
    <span className={cn('grid', className)} data-testid="rotating-tagline">
      {phrases.map((phrase) => (
        <span key={phrase} className="invisible col-start-1 row-start-1">
          {phrase}
        </span>
      ))}
      <span key={index} data-state="active" className="col-start-1 row-start-1 motion-safe:animate-tagline-in">
        {phrases[index]}
      </span>
    </span>
  );
}
