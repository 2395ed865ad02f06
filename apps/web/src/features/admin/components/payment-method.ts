const NAMES: Record<string, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net banking', other: 'Other' };

/** How the fan paid, in words; "method not known" before the provider said. */
export function paymentMethodName(method: string | null): string {
  if (method === null) return 'method not known';
  return NAMES[method] ?? method;
}
