export { I18nProvider } from './i18n-provider.tsx';
export { startLocale, rememberLocale } from './i18n-context.ts';
export { useT, type Translator } from './use-t.ts';
export { loadCatalogue } from './load-catalogue.ts';
