/** A feature's Hindi messages: exactly the keys of its English module (`as const`), no more, no fewer. */
export type HindiOf<English> = Readonly<Record<keyof English, string>>;

export type MessageParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The `{name}` placeholders a message takes, sorted (the parity test compares them). */
export function placeholdersOf(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '').sort();
}

/** Fills `{name}` placeholders; a missing parameter stays visible as `{name}` rather than vanishing. */
export function formatMessage(message: string, params?: MessageParams): string {
  if (params === undefined) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
