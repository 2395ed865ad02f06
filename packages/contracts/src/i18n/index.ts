export * from './locales.js';
export * from './translate.js';
export * from './catalogue.js';
export * from './localize.js';
