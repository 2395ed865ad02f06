import { formatIndiaDay, formatIndiaDayShort } from '@kholo/contracts';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';

export interface DailyValue {
  /** India calendar day, 2026-11-21. */
  date: string;
  value: number;
}

/** The day with the highest value (the earliest of equals), or null when every day is zero. */
export function bestDay(days: readonly DailyValue[]): DailyValue | null {
  let best: DailyValue | null = null;
  for (const day of days) if (day.value > 0 && (best === null || day.value > best.value)) best = day;
  return best;
}

// Each day is a 10-unit slot of the drawing; bars leave a gap so 7 fat bars and 90 thin ones both read.
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;

/**
 * A bar per day, drawn as SVG (no chart library: nothing to download, nothing from the network).
 * The drawing is decoration for sighted people; the caption names the best day and a visually
 * hidden table gives every day's value, so screen readers get the same facts. Text stays in
 * HTML, outside the stretched drawing, so it never distorts.
 */
export function DailyChart({
  title,
  valueLabel,
  days,
  format,
  emptyText,
  tone = 'marigold',
  className,
}: {
  title: string;
  /** The hidden table's column: Earnings, Visits. */
  valueLabel: string;
  days: readonly DailyValue[];
  format: (value: number) => string;
  /** The caption when every day is zero. */
  emptyText: string;
  tone?: 'marigold' | 'ink';
  className?: string;
}) {
  const { t, locale } = useT();
  const captionId = useId();
  const best = bestDay(days);
  const max = best?.value ?? 0;
  const first = days[0];
  const last = days.at(-1);
  const width = Math.max(days.length, 1) * SLOT;

  return (
    <figure
      aria-labelledby={captionId}
      className={cn('min-w-0 rounded-2xl p-4 ring-1 ring-ink-950/8 sm:p-5', className)}
    >
      <figcaption id={captionId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-bold text-ink-950">{title}</span>
        {/* A space, so the caption reads as two phrases (the flex layout alone does not separate them). */}{' '}
        <span className="text-sm text-ink-muted">
          {best
            ? t('dashboardAnalytics.bestDay', {
                day: formatIndiaDayShort(best.date, locale),
                value: format(best.value),
              })
            : emptyText}
        </span>
      </figcaption>

      {/* The scale's top (the best day's value) sits above the drawing, clear of the bars. */}
      <div className="relative mt-3 pt-5">
        {max > 0 ? (
          <span aria-hidden="true" className="absolute top-0 left-0 text-xs font-semibold text-ink-muted tabular-nums">
            {format(max)}
          </span>
        ) : null}
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox={`0 0 ${String(width)} ${String(HEIGHT)}`}
          preserveAspectRatio="none"
          className="block h-32 w-full overflow-visible sm:h-40"
        >
          <line
            x1={0}
            x2={width}
            y1={0}
            y2={0}
            vectorEffect="non-scaling-stroke"
            strokeDasharray="3 3"
            className="stroke-ink-950/15"
          />
          {days.map((day, index) => {
            // A day with anything at all keeps a sliver of a bar, so it never looks like nothing.
            const height = day.value > 0 ? Math.max((day.value / max) * HEIGHT, 2) : 0;
            const highlighted = best !== null && day.date === best.date;
            return (
              <rect
                key={day.date}
                x={index * SLOT + (SLOT - BAR) / 2}
                y={HEIGHT - height}
                width={BAR}
                height={height}
                className={cn(
                  tone === 'marigold'
                    ? highlighted
                      ? 'fill-marigold-600'
                      : 'fill-marigold-400'
                    : highlighted
                      ? 'fill-ink-800'
                      : 'fill-ink-400',
                )}
              >
                <title>{`${formatIndiaDayShort(day.date, locale)}: ${format(day.value)}`}</title>
              </rect>
            );
          })}
          <line
            x1={0}
            x2={width}
            y1={HEIGHT}
            y2={HEIGHT}
            vectorEffect="non-scaling-stroke"
            className="stroke-ink-950/30"
          />
        </svg>
        {first && last ? (
          <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-ink-muted">
            <span>{formatIndiaDayShort(first.date, locale)}</span>
            <span>{formatIndiaDayShort(last.date, locale)}</span>
          </div>
        ) : null}
      </div>

      <table className="sr-only">
        <caption>{t('dashboardAnalytics.dayByDay', { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboardAnalytics.day')}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatIndiaDay(day.date, locale)}</th>
              <td>{format(day.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
