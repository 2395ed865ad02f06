import { POLICY_CHANGES } from '../../policy-versions.js';

/**
 * "We have updated our Terms and Privacy Policy" (ADR 025): the dialog, and the bar on the two
 * policy pages. What changed is the contracts' POLICY_CHANGES, listed here by reference and shown
 * through `tm`: when those lines change with a new version, write their Hindi here too.
 */
export const policyConsentEn = {
  'policyConsent.title': 'We have updated our Terms and Privacy Policy',
  'policyConsent.failed': 'We could not record your answer. Please try again.',
  'policyConsent.logOut': 'Log out',
  'policyConsent.reload': 'Reload the page',
  'policyConsent.saving': 'Saving...',
  'policyConsent.accept': 'Accept and continue',
  'policyConsent.lead': 'To keep using Kholo, please read what changed and accept the new versions.',
  'policyConsent.whatChanged': 'What changed',
  'policyConsent.terms': 'Terms and Conditions',
  'policyConsent.privacy': 'Privacy Policy',
  'policyConsent.updated': 'Updated {date}',
  'policyConsent.barRich': 'Read them here, then accept to keep using Kholo: {terms} and {privacy}.',
  'policyConsent.barTerms': 'Terms',
  'policyConsent.change1': POLICY_CHANGES[0] ?? '',
  'policyConsent.change2': POLICY_CHANGES[1] ?? '',
  'policyConsent.change3': POLICY_CHANGES[2] ?? '',
  'policyConsent.change4': POLICY_CHANGES[3] ?? '',
  'policyConsent.change5': POLICY_CHANGES[4] ?? '',
} as const;
