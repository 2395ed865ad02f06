import {
  formatPaise,
  GRIEVANCE_ACKNOWLEDGE_MS,
  LANE_OF_REASON,
  MIN_WITHDRAWAL_PAISE,
  REFUND_WINDOW_HOURS,
  REPORT_REASONS,
  TERMS_VERSION,
  UNLOCK_WINDOW_DAYS,
} from '@kholo/contracts';
import { useT } from '../../lib/i18n/index.ts';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import { CompanyIdentity, GrievanceOfficerContact, PolicyLink, SupportContact } from './components/policy-links.tsx';
import { useRich } from './components/rich-text.tsx';

const ACKNOWLEDGE_HOURS = GRIEVANCE_ACKNOWLEDGE_MS / (60 * 60_000);
/** The Report dialog's choices that are handled like complaints ("Something else"). */
const COMPLAINT_LANE_REASONS = REPORT_REASONS.filter((reason) => LANE_OF_REASON[reason] === 'grievance');

export function TermsAndConditionsPage() {
  const { t, locale } = useT();
  const r = useRich();
  const days = { days: UNLOCK_WINDOW_DAYS };
  // As the Report dialog words them, in the page's language.
  const complaintReasons = COMPLAINT_LANE_REASONS.map((reason) => `“${t(`reports.reason.${reason}`)}”`).join(
    t('policyTerms.grievances.reasonsOr'),
  );
  const sections: readonly PolicySection[] = [
    {
      id: 'about',
      title: t('policyTerms.about.title'),
      content: (
        <>
          <p>{r('policyTerms.about.p1', undefined, { company: <CompanyIdentity /> })}</p>
          <p>{r('policyTerms.about.p2')}</p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: t('policyTerms.accounts.title'),
      content: (
        <ul>
          <li>{t('policyTerms.accounts.accurate')}</li>
          <li>{t('policyTerms.accounts.private')}</li>
          <li>{t('policyTerms.accounts.own')}</li>
          <li>{t('policyTerms.accounts.tell')}</li>
        </ul>
      ),
    },
    {
      id: 'personal-use',
      title: t('policyTerms.personal.title'),
      content: (
        <>
          <p>{t('policyTerms.personal.p1', days)}</p>
          <ul>
            <li>{t('policyTerms.personal.share')}</li>
            <li>{t('policyTerms.personal.record')}</li>
            <li>{t('policyTerms.personal.edit')}</li>
          </ul>
          <p>{t('policyTerms.personal.p2')}</p>
        </>
      ),
    },
    {
      id: 'creators',
      title: t('policyTerms.creators.title'),
      content: (
        <>
          <p>{t('policyTerms.creators.p1')}</p>
          <ul>
            <li>{t('policyTerms.creators.made')}</li>
            <li>{t('policyTerms.creators.people')}</li>
            <li>{t('policyTerms.creators.accurate')}</li>
            <li>{t('policyTerms.creators.rules')}</li>
          </ul>
          <p>{t('policyTerms.creators.p2')}</p>
        </>
      ),
    },
    {
      id: 'content-rules',
      title: t('policyTerms.rules.title'),
      content: (
        <>
          <p>{t('policyTerms.rules.intro')}</p>
          <ul>
            <li>{r('policyTerms.rules.explicit')}</li>
            <li>{t('policyTerms.rules.minors')}</li>
            <li>{t('policyTerms.rules.privacy')}</li>
            <li>{t('policyTerms.rules.impersonation')}</li>
            <li>{t('policyTerms.rules.rights')}</li>
            <li>{t('policyTerms.rules.harassment')}</li>
            <li>{t('policyTerms.rules.deceives')}</li>
            <li>{t('policyTerms.rules.malware')}</li>
            <li>{t('policyTerms.rules.law')}</li>
          </ul>
          <h3>{t('policyTerms.rules.labelHeading')}</h3>
          <p>{r('policyTerms.rules.label')}</p>
        </>
      ),
    },
    {
      id: 'no-pre-screening',
      title: t('policyTerms.screening.title'),
      content: <p>{t('policyTerms.screening.p1')}</p>,
    },
    {
      id: 'payments',
      title: t('policyTerms.payments.title'),
      content: (
        <>
          <p>{t('policyTerms.payments.p1', days)}</p>
          <p>{t('policyTerms.payments.p2')}</p>
          <p>{t('policyTerms.payments.p3', { minimum: formatPaise(MIN_WITHDRAWAL_PAISE, locale) })}</p>
          <p>
            {r(
              'policyTerms.payments.p4',
              { hours: REFUND_WINDOW_HOURS },
              { refunds: (words) => <PolicyLink to="/CancellationsAndRefunds">{words}</PolicyLink> },
            )}
          </p>
        </>
      ),
    },
    {
      id: 'grievances',
      title: t('policyTerms.grievances.title'),
      content: (
        <>
          <p>
            {r('policyTerms.grievances.p1', undefined, {
              grievance: (words) => <PolicyLink to="/grievance">{words}</PolicyLink>,
              officer: <GrievanceOfficerContact />,
            })}
          </p>
          <ul>
            <li>{t('policyTerms.grievances.acknowledge', { ackHours: ACKNOWLEDGE_HOURS })}</li>
            <li>{t('policyTerms.grievances.unlawful', { reasons: complaintReasons })}</li>
            <li>{t('policyTerms.grievances.urgent')}</li>
            <li>{t('policyTerms.grievances.orders')}</li>
          </ul>
          <p>{r('policyTerms.grievances.appeal', undefined, { gac: <a href="https://gac.gov.in">gac.gov.in</a> })}</p>
        </>
      ),
    },
    {
      id: 'suspension',
      title: t('policyTerms.suspension.title'),
      content: (
        <>
          <p>{r('policyTerms.suspension.p1')}</p>
          <p>{t('policyTerms.suspension.p2')}</p>
        </>
      ),
    },
    {
      id: 'licence',
      title: t('policyTerms.licence.title'),
      content: <p>{t('policyTerms.licence.p1')}</p>,
    },
    {
      id: 'indemnity',
      title: t('policyTerms.indemnity.title'),
      content: <p>{t('policyTerms.indemnity.p1')}</p>,
    },
    {
      id: 'liability',
      title: t('policyTerms.liability.title'),
      content: <p>{t('policyTerms.liability.p1')}</p>,
    },
    {
      id: 'changes',
      title: t('policyTerms.changes.title'),
      content: <p>{t('policyTerms.changes.p1')}</p>,
    },
    {
      id: 'law',
      title: t('policyTerms.law.title'),
      content: <p>{t('policyTerms.law.p1')}</p>,
    },
    {
      id: 'contact',
      title: t('policyTerms.contact.title'),
      content: (
        <>
          <p>
            {r('policyTerms.contact.p1', undefined, {
              contact: <SupportContact />,
              contactForm: (words) => <PolicyLink to="/ContactUs">{words}</PolicyLink>,
            })}
          </p>
          <p>{r('policyTerms.contact.p2', undefined, { company: <CompanyIdentity /> })}</p>
        </>
      ),
    },
  ];
  return (
    <PolicyPage
      title={t('policyTerms.title')}
      description={t('policyTerms.description', days)}
      lastUpdated={TERMS_VERSION}
      summary={<p>{r('policyTerms.summary', days)}</p>}
      sections={sections}
    />
  );
}
