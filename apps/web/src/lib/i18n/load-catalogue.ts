import { addCatalogue, hasCatalogue, type Locale } from '@kholo/contracts';

/**
 * Makes sure `locale`'s messages are here before anything renders in it (ADR 030): English is in
 * the app; Hindi is a chunk of its own, so a page in English never downloads it. Rejects when the
 * chunk cannot be fetched (the caller stays in the language it has).
 */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (hasCatalogue(locale)) return;
  const { HINDI_CATALOGUE } = await import('@kholo/contracts/hindi');
  addCatalogue('hi', HINDI_CATALOGUE);
}
