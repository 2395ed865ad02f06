import { useT } from '../../../lib/i18n/index.ts';
import type { PolicySection } from './policy-page.tsx';
import { useRich } from './rich-text.tsx';

/**
 * "What stays after you delete your account, and why": exactly what ADR 024 lists, and what
 * POST /api/account/delete keeps. Change the two together.
 */
function AfterDeletion() {
  const { t } = useT();
  const r = useRich();
  return (
    <>
      <p>{r('policyPrivacy.after.p1')}</p>
      <p>{t('policyPrivacy.after.p2')}</p>
      <ul>
        <li>{r('policyPrivacy.after.orders')}</li>
        <li>{r('policyPrivacy.after.ledger')}</li>
        <li>{r('policyPrivacy.after.withdrawals')}</li>
        <li>{r('policyPrivacy.after.disputes')}</li>
        <li>{r('policyPrivacy.after.reports')}</li>
        <li>{r('policyPrivacy.after.audit')}</li>
        <li>{r('policyPrivacy.after.versions')}</li>
      </ul>
      <p>{t('policyPrivacy.after.p3')}</p>
    </>
  );
}

/** The section, titled in the page's language. */
export function useAfterDeletionSection(): PolicySection {
  const { t } = useT();
  return { id: 'after-deletion', title: t('policyPrivacy.after.title'), content: <AfterDeletion /> };
}
