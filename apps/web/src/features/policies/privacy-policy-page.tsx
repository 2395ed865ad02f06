import { PRIVACY_VERSION, VISITS_KEPT_DAYS } from '@kholo/contracts';
import { useT } from '../../lib/i18n/index.ts';
import { useAfterDeletionSection } from './components/after-deletion-section.tsx';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import {
  CompanyIdentity,
  GrievanceOfficerContact,
  PolicyLink,
  SupportContact,
  SupportEmailLink,
} from './components/policy-links.tsx';
import { useRich } from './components/rich-text.tsx';

export function PrivacyPolicyPage() {
  const { t } = useT();
  const r = useRich();
  const afterDeletionSection = useAfterDeletionSection();
  const sections: readonly PolicySection[] = [
    {
      id: 'who-we-are',
      title: t('policyPrivacy.who.title'),
      content: <p>{r('policyPrivacy.who.p1', undefined, { company: <CompanyIdentity /> })}</p>,
    },
    {
      id: 'what-we-collect',
      title: t('policyPrivacy.collect.title'),
      content: (
        <>
          <ul>
            <li>{r('policyPrivacy.collect.account')}</li>
            <li>{r('policyPrivacy.collect.creator')}</li>
            <li>{r('policyPrivacy.collect.purchases')}</li>
            <li>{r('policyPrivacy.collect.messages')}</li>
            <li>{r('policyPrivacy.collect.technical')}</li>
            <li>{r('policyPrivacy.collect.visits', { visitsDays: VISITS_KEPT_DAYS })}</li>
          </ul>
          <p>{t('policyPrivacy.collect.p1')}</p>
        </>
      ),
    },
    {
      id: 'payment-data',
      title: t('policyPrivacy.payment.title'),
      content: <p>{r('policyPrivacy.payment.p1')}</p>,
    },
    {
      id: 'how-we-use',
      title: t('policyPrivacy.use.title'),
      content: (
        <>
          <p>{r('policyPrivacy.use.intro')}</p>
          <ul>
            <li>{t('policyPrivacy.use.account')}</li>
            <li>{t('policyPrivacy.use.deliver')}</li>
            <li>{t('policyPrivacy.use.payments')}</li>
            <li>{t('policyPrivacy.use.fraud')}</li>
            <li>{t('policyPrivacy.use.messages')}</li>
            <li>{t('policyPrivacy.use.emails')}</li>
            <li>{t('policyPrivacy.use.legal')}</li>
          </ul>
          <p>{t('policyPrivacy.use.noAds')}</p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: t('policyPrivacy.sharing.title'),
      content: (
        <>
          <p>{t('policyPrivacy.sharing.intro')}</p>
          <ul>
            <li>{t('policyPrivacy.sharing.provider')}</li>
            <li>{t('policyPrivacy.sharing.hosts')}</li>
            <li>{t('policyPrivacy.sharing.authorities')}</li>
          </ul>
          <p>{t('policyPrivacy.sharing.p1')}</p>
        </>
      ),
    },
    {
      id: 'retention',
      title: t('policyPrivacy.retention.title'),
      content: (
        <ul>
          <li>{t('policyPrivacy.retention.account')}</li>
          <li>{t('policyPrivacy.retention.content')}</li>
          <li>{t('policyPrivacy.retention.records')}</li>
          <li>{t('policyPrivacy.retention.logs')}</li>
          <li>{t('policyPrivacy.retention.messages')}</li>
        </ul>
      ),
    },
    afterDeletionSection,
    {
      id: 'your-rights',
      title: t('policyPrivacy.rights.title'),
      content: (
        <>
          <p>{t('policyPrivacy.rights.intro')}</p>
          <ul>
            <li>{t('policyPrivacy.rights.summary')}</li>
            <li>{t('policyPrivacy.rights.correct')}</li>
            <li>{t('policyPrivacy.rights.erase')}</li>
            <li>{t('policyPrivacy.rights.withdraw')}</li>
            <li>{t('policyPrivacy.rights.nominate')}</li>
            <li>{t('policyPrivacy.rights.complaints')}</li>
          </ul>
          <p>
            {r('policyPrivacy.rights.p1', undefined, {
              afterDeletion: (words) => <PolicyLink to="#after-deletion">{words}</PolicyLink>,
              email: <SupportEmailLink subject="Data request" />,
            })}
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: t('policyPrivacy.children.title'),
      content: <p>{t('policyPrivacy.children.p1')}</p>,
    },
    {
      id: 'security',
      title: t('policyPrivacy.security.title'),
      content: <p>{t('policyPrivacy.security.p1')}</p>,
    },
    {
      id: 'changes',
      title: t('policyPrivacy.changes.title'),
      content: <p>{t('policyPrivacy.changes.p1')}</p>,
    },
    {
      id: 'contact',
      title: t('policyPrivacy.contact.title'),
      content: (
        <>
          <p>
            {r('policyPrivacy.contact.p1', undefined, {
              grievance: (words) => <PolicyLink to="/grievance">{words}</PolicyLink>,
              officer: <GrievanceOfficerContact />,
            })}
          </p>
          <p>
            {r('policyPrivacy.contact.p2', undefined, {
              contact: <SupportContact />,
              contactForm: (words) => <PolicyLink to="/ContactUs">{words}</PolicyLink>,
            })}
          </p>
        </>
      ),
    },
  ];
  return (
    <PolicyPage
      title={t('policyPrivacy.title')}
      description={t('policyPrivacy.description')}
      lastUpdated={PRIVACY_VERSION}
      summary={<p>{t('policyPrivacy.summary')}</p>}
      sections={sections}
    />
  );
}
