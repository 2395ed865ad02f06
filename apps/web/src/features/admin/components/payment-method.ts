import { ENGLISH_WORDS, type AdminWords } from './admin-format.ts';

const KEYS = {
  card: 'adminPayments.method.card',
  netbanking: 'adminPayments.method.netbanking',
  other: 'adminPayments.method.other',
} as const;

/** How the fan paid, in words ("UPI" in every language). */
export function paymentMethodName(method: string, { t }: AdminWords = ENGLISH_WORDS): string {
  if (method === 'upi') return 'UPI';
  return method in KEYS ? t(KEYS[method as keyof typeof KEYS]) : method;
}
