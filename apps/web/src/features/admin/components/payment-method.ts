const NAMES: Record<string, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net banking', other: 'Other' };

/** How the fan paid, in words. */
export function paymentMethodName(method: string): string {
  return NAMES[method] ?? method;
}
