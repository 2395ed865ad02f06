export * from './limits.js';
export * from './format.js';
export * from './errors.js';
export * from './contact.js';
export * from './accounts.js';
export * from './common-passwords.js';
export * from './content-rules.js';
export * from './content.js';
