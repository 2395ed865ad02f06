/**
 * Which Terms and Privacy Policy are in force, and the rules' periodic reminder (issue 24), with no
 * zod: the policy pages, the consent dialog, the upload form and the server all read these.
 *
 * A version is the date its text last changed. Changing either asks every account, on its next
 * visit, to accept the new one (GET /api/me says `policies.needsAcceptance`): so change a version
 * only when the text changes in a way people must agree to, and say what changed in POLICY_CHANGES.
 */

/** The Terms and Conditions' version: the day their text last changed (India date). */
export const TERMS_VERSION = '2026-11-26';
/** The Privacy Policy's version: the day its text last changed (India date). */
export const PRIVACY_VERSION = '2026-11-27';

/** What changed in the versions above, in a few short lines for the "We have updated…" dialog. */
export const POLICY_CHANGES: readonly string[] = [
  'We count visits to creators’ pages ourselves, without cookies or outside services, so creators can see what their sharing brings.',
  'Anyone can report an item or a creator’s page with its Report button; reports of intimate images or nudity are reviewed within 2 hours.',
  'Every upload needs the creator’s confirmation that she and everyone shown are 18 or older, that they agreed to be shown, and that she owns the rights.',
  'Breaking the rules can lead to removal of content or the end of an account; a creator can ask for a review of a removal.',
  'Grievances are acknowledged within 24 hours and resolved within 7 days.',
];

/**
 * The IT Rules as amended in Feb 2026 (Rule 3(1)(c)) require telling users at least once every
 * three months that breaking the rules can lead to removal or termination (india-compliance.md §3.2).
 */
export const POLICY_REMINDER_INTERVAL_MONTHS = 3;
/**
 * The same interval in milliseconds, counted as 90 days: never longer than three calendar months,
 * so a reminder sent when this says it is due is always in time.
 */
export const POLICY_REMINDER_INTERVAL_MS = 90 * 24 * 60 * 60_000;

/** When the next reminder must go out: the last finished one plus the interval; null when none was ever sent. */
export function nextPolicyReminderDue(lastFinishedAt: number | null): number | null {
  return lastFinishedAt === null ? null : lastFinishedAt + POLICY_REMINDER_INTERVAL_MS;
}

/** The pages that hold the texts (the web's routes). */
export const TERMS_PATH = '/TermsAndConditions';
export const PRIVACY_PATH = '/PrivacyPolicy';

/** The words of the upload attestation, shown beside its checkbox exactly so. */
export const UPLOAD_ATTESTATION_TEXT =
  'I am 18 or older, everyone shown is 18 or older and agreed to be shown, and I own the rights to this.';
/** The field error for an upload that comes without the attestation. */
export const UPLOAD_ATTESTATION_REQUIRED =
  'Please confirm that you are 18 or older, everyone shown is 18 or older and agreed to be shown, and you own the rights to this.';

export const POLICY_MESSAGES = {
  /** Shown under the forms that make an account (sign-up, code log-in, a visitor's checkout). */
  agreeByContinuing: 'By continuing you agree to the Terms and the Privacy Policy.',
  /** POST /api/account/accept-policies with versions that are no longer current: the page was old. */
  versionsChanged:
    'The Terms or the Privacy Policy changed again while this page was open. Please reload the page to read the new version.',
} as const;
