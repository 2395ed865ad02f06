import type { Migration } from 'kysely';
import * as contactMessages from './0001-contact-messages.js';
import * as accounts from './0002-accounts.js';
import * as contents from './0003-contents.js';
import * as payments from './0004-payments.js';
import * as withdrawals from './0005-withdrawals.js';
import * as sharedState from './0006-shared-state.js';
import * as storageKeyIndexes from './0007-storage-key-indexes.js';
import * as releasedHandles from './0008-released-handles.js';
import * as ledgerAccounts from './0009-ledger-accounts.js';
import * as jobs from './0010-jobs.js';
import * as payouts from './0011-payouts.js';
import * as refunds from './0012-refunds.js';
import * as orderPaymentMethod from './0013-order-payment-method.js';
import * as emailCodes from './0014-email-codes.js';
import * as expiryReminders from './0015-expiry-reminders.js';
import * as safetyTickets from './0016-safety-tickets.js';
import * as policyConsents from './0017-policy-consents.js';
import * as accountDeletion from './0018-account-deletion.js';
import * as onePasswordPerAccount from './0019-one-password-per-account.js';
import * as creatorPageVersion from './0020-creator-page-version.js';
import * as previewSizes from './0021-preview-sizes.js';
import * as instagramBioStep from './0022-instagram-bio-step.js';
import * as mediaProcessing from './0023-media-processing.js';
import * as visits from './0024-visits.js';
import * as contentUploadId from './0025-content-upload-id.js';
import * as accountLocale from './0026-account-locale.js';

/**
 * Every migration, in order. Listed by hand rather than read from the folder so the
 * same list works from TypeScript sources and from the compiled build. Names never change.
 */
export const migrations: Record<string, Migration> = {
  '0001-contact-messages': contactMessages,
  '0002-accounts': accounts,
  '0003-contents': contents,
  '0004-payments': payments,
  '0005-withdrawals': withdrawals,
  '0006-shared-state': sharedState,
  '0007-storage-key-indexes': storageKeyIndexes,
  '0008-released-handles': releasedHandles,
  '0009-ledger-accounts': ledgerAccounts,
  '0010-jobs': jobs,
  '0011-payouts': payouts,
  '0012-refunds': refunds,
  '0013-order-payment-method': orderPaymentMethod,
  '0014-email-codes': emailCodes,
  '0015-expiry-reminders': expiryReminders,
  '0016-safety-tickets': safetyTickets,
  '0017-policy-consents': policyConsents,
  '0018-account-deletion': accountDeletion,
  '0019-one-password-per-account': onePasswordPerAccount,
  '0020-creator-page-version': creatorPageVersion,
  '0021-preview-sizes': previewSizes,
  '0022-instagram-bio-step': instagramBioStep,
  '0023-media-processing': mediaProcessing,
  '0024-visits': visits,
  '0025-content-upload-id': contentUploadId,
  '0026-account-locale': accountLocale,
};
