import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TabItem<Key extends string> {
  key: Key;
  label: string;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; Tab
 * moves into the panel. The tab list scrolls sideways on narrow screens instead of wrapping.
 */
export function Tabs<Key extends string>({
  label,
  items,
  value,
  onChange,
  className,
}: {
  label: string;
  items: ReadonlyArray<TabItem<Key>>;
  value: Key;
  onChange: (key: Key) => void;
  className?: string;
}) {
  const id = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const active = items.find((item) => item.key === value) ?? items[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.key === value);
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const next = target === undefined ? undefined : items[target];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabRefs.current.set(item.key, element);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => {
                onChange(item.key);
              }}
              className={cn(
                'h-10 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                selected ? 'bg-ink-950 text-white' : 'text-ink-muted hover:bg-ink-100/70 hover:text-ink-950',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div
          role="tabpanel"
          id={`${id}-panel-${active.key}`}
          aria-labelledby={`${id}-tab-${active.key}`}
          tabIndex={0}
          className="mt-4 rounded-3xl outline-offset-4"
        >
          {active.panel}
        </div>
      ) : null}
    </div>
  );
}
