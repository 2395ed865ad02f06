/**
 * The frame the four policy pages share (server-rendered, ADR 027) and the contact details set
 * inside their text. The company's, the officer's and support's details are the operator's, as
 * configured; only the words around them are here.
 */
export const policySharedEn = {
  'policyShared.eyebrow': 'Policies',
  'policyShared.lastUpdated': 'Last updated',
  'policyShared.onThisPage': 'On this page',
  'policyShared.translationNotice':
    'This Hindi translation is for your convenience. If it differs from the English version, the English version prevails.',
  'policyShared.readEnglish': 'Read the English version',
  'policyShared.orCall': '{email} or call {phone}',
  'policyShared.officer': '{name} ({designation}), at {email} or {phone}, or by post to {address}',
} as const;
