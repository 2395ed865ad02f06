import type { MessageKey, MessageParams } from '@kholo/contracts';
import { Fragment, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

/** A node for a `{name}` placeholder, or a wrapper for a `<name>inner</name>` span. */
export type RichNode = ReactNode | ((inner: string) => ReactNode);

// `<b>…</b>` is bold; any other `<name>…</name>` wraps its words in nodes[name] (a link).
const TOKEN = /<(\w+)>(.*?)<\/\1>|\{(\w+)\}/gs;

/**
 * A legal sentence with bold words and links inside it, in the interface's language: the words
 * stay in one message (so a translation may move them), the elements come from the page.
 */
export function renderRich(message: string, nodes: Readonly<Record<string, RichNode>> = {}): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TOKEN)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const [whole, tag, inner = '', placeholder] = match;
    let node: ReactNode = whole;
    if (tag !== undefined) {
      const wrap = nodes[tag];
      node = typeof wrap === 'function' ? wrap(inner) : tag === 'b' ? <strong>{inner}</strong> : inner;
    } else if (placeholder !== undefined && placeholder in nodes) {
      const value = nodes[placeholder];
      node = typeof value === 'function' ? value('') : value;
    }
    parts.push(<Fragment key={parts.length}>{node}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
}

/** `r(key, params, nodes)`: the message with plain `{params}` filled, then rendered rich. */
export function useRich() {
  const { t } = useT();
  return (key: MessageKey, params?: MessageParams, nodes?: Readonly<Record<string, RichNode>>) =>
    renderRich(t(key, params), nodes);
}
