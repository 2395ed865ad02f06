import { ADMIN_TRUNCATE_CARD, ADMIN_TRUNCATE_TABLE, WITHDRAWAL_MESSAGES, truncateText } from '@kholo/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../hooks/use-media-query.ts';

export interface AdminColumn<Row> {
  header: string;
  /** The cell's full text; the view cuts it (SPEC §2: 100 characters in a table, 50 on a card). */
  value: (row: Row) => string;
  /** Makes the value a link inside the app. */
  href?: (row: Row) => string;
  /** Amounts and counts: on one line, lined up on the right in the table. */
  numeric?: boolean;
  /** Dates and other short values that read badly when wrapped. */
  nowrap?: boolean;
  /**
   * Shows the value as more than text (a status badge, a coloured error). It receives the text
   * as the view cut it; the cell's title and the card's Show details work as for any column.
   */
  render?: (row: Row, text: string) => ReactNode;
}

export interface AdminDataViewProps<Row> {
  /** Names the table (its caption) or the list of cards. */
  label: string;
  rows: readonly Row[];
  columns: ReadonlyArray<AdminColumn<Row>>;
  rowKey: (row: Row) => string;
  /** Buttons and links for one row, shown in both views. */
  actions?: (row: Row) => ReactNode;
}

/**
 * The admin panel's lists: a real table on wide screens and one card per row on narrow ones
 * (SPEC §2). Only one of the two is rendered, so each value is on the page once.
 */
export function AdminDataView<Row>(props: AdminDataViewProps<Row>) {
  const { tm } = useT();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  if (props.rows.length === 0) {
    return (
      <p className="rounded-2xl bg-ink-50 px-4 py-8 text-center font-medium text-ink-muted">
        {tm(WITHDRAWAL_MESSAGES.noData)}
      </p>
    );
  }
  return wide ? <DataTable {...props} /> : <DataCards {...props} />;
}

function CellValue<Row>({ column, row, text }: { column: AdminColumn<Row>; row: Row; text: string }) {
  if (column.render) return column.render(row, text);
  const href = column.href?.(row);
  if (!href) return text;
  return (
    <Link
      to={href}
      className="font-semibold text-ink-800 underline decoration-ink-200 decoration-2 underline-offset-4 hover:text-ink-950 hover:decoration-ink-600"
    >
      {text}
    </Link>
  );
}

// The actions stay in view at the right edge while the rest of a wide table scrolls under them.
const STICKY_END = 'sticky right-0 shadow-[-8px_0_12px_-10px_rgb(20_17_46/0.35)]';

function DataTable<Row>({ label, rows, columns, rowKey, actions }: AdminDataViewProps<Row>) {
  const { t } = useT();
  const captionId = useId();
  return (
    // On a medium screen a wide table scrolls inside its box instead of widening the page; the
    // box takes focus so keyboard users can scroll it too.
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl ring-1 ring-ink-950/10"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">
          {label}
        </caption>
        <thead className="bg-ink-50 text-xs font-bold tracking-wide text-ink-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn(
                  'px-3 py-3',
                  (column.numeric || column.nowrap) && 'whitespace-nowrap',
                  column.numeric && 'text-right',
                )}
              >
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className={cn('px-3 py-3 whitespace-nowrap', STICKY_END, 'bg-ink-50')}>
                {t('admin.actions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-950/5 bg-white">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="group align-top hover:bg-cream">
              {columns.map((column) => {
                const full = column.value(row);
                const text = truncateText(full, ADMIN_TRUNCATE_TABLE);
                return (
                  <td
                    key={column.header}
                    title={text === full ? undefined : full}
                    className={cn(
                      'px-3 py-3 text-ink-950',
                      column.numeric
                        ? 'text-right whitespace-nowrap tabular-nums'
                        : column.nowrap
                          ? 'whitespace-nowrap'
                          : 'max-w-xs min-w-28 wrap-anywhere',
                    )}
                  >
                    <CellValue column={column} row={row} text={text} />
                  </td>
                );
              })}
              {actions ? (
                <td className={cn('px-3 py-2.5', STICKY_END, 'bg-white group-hover:bg-cream')}>
                  <div className="flex flex-wrap gap-2">{actions(row)}</div>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DataCards<Row>({ label, rows, columns, rowKey, actions }: AdminDataViewProps<Row>) {
  return (
    <ul aria-label={label} className="space-y-3">
      {rows.map((row) => (
        <DataCard key={rowKey(row)} row={row} columns={columns} actions={actions} />
      ))}
    </ul>
  );
}

function DataCard<Row>({
  row,
  columns,
  actions,
}: {
  row: Row;
  columns: ReadonlyArray<AdminColumn<Row>>;
  actions: ((row: Row) => ReactNode) | undefined;
}) {
  const { t } = useT();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const values = columns.map((column) => {
    const full = column.value(row);
    return { column, full, cut: truncateText(full, ADMIN_TRUNCATE_CARD) };
  });
  const anyCut = values.some(({ full, cut }) => full !== cut);
  const rowActions = actions?.(row);

  return (
    <li className="rounded-2xl bg-white p-4 shadow-card ring-1 ring-ink-950/5">
      <dl id={`${id}-values`} className="space-y-2 text-sm">
        {values.map(({ column, full, cut }) => (
          <div key={column.header} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3">
            <dt className="font-semibold text-ink-muted">{column.header}</dt>
            <dd className={cn('break-words text-ink-950', column.numeric && 'tabular-nums')}>
              <CellValue column={column} row={row} text={expanded ? full : cut} />
            </dd>
          </div>
        ))}
      </dl>
      {anyCut || rowActions ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-ink-950/5 pt-3">
          {rowActions}
          {anyCut ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={`${id}-values`}
              onClick={() => {
                setExpanded((open) => !open);
              }}
              className="ml-auto inline-flex h-10 items-center gap-1 rounded-full px-3 text-sm font-semibold text-ink-800 hover:bg-ink-50"
            >
              {expanded ? t('admin.hideDetails') : t('admin.showDetails')}
              <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
