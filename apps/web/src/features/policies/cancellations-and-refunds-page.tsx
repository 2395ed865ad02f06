import { REFUND_WINDOW_HOURS, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { useT } from '../../lib/i18n/index.ts';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import { PolicyLink, SupportContact, SupportEmailLink } from './components/policy-links.tsx';
import { useRich } from './components/rich-text.tsx';

export function CancellationsAndRefundsPage() {
  const { t } = useT();
  const r = useRich();
  const hours = { hours: REFUND_WINDOW_HOURS };
  const sections: readonly PolicySection[] = [
    {
      id: 'sales-final',
      title: t('policyRefunds.final.title'),
      content: (
        <>
          <p>{r('policyRefunds.final.p1', { days: UNLOCK_WINDOW_DAYS })}</p>
          <p>{r('policyRefunds.final.p2')}</p>
        </>
      ),
    },
    {
      id: 'when-we-refund',
      title: t('policyRefunds.when.title'),
      content: (
        <>
          <p>{r('policyRefunds.when.intro', hours)}</p>
          <ul>
            <li>{r('policyRefunds.when.technical')}</li>
            <li>{r('policyRefunds.when.accident')}</li>
            <li>{r('policyRefunds.when.notDescribed')}</li>
          </ul>
          <p>{r('policyRefunds.when.neverReceived', hours)}</p>
          <p>{r('policyRefunds.when.automatic')}</p>
        </>
      ),
    },
    {
      id: 'how-to-ask',
      title: t('policyRefunds.ask.title'),
      content: (
        <>
          <p>
            {r('policyRefunds.ask.p1', undefined, {
              purchases: (words) => <PolicyLink to="/purchases">{words}</PolicyLink>,
            })}
          </p>
          <p>
            {r('policyRefunds.ask.p2', undefined, {
              email: <SupportEmailLink subject="Refund request" />,
              contactForm: (words) => <PolicyLink to="/ContactUs">{words}</PolicyLink>,
            })}
          </p>
          <ul>
            <li>{t('policyRefunds.ask.email')}</li>
            <li>{t('policyRefunds.ask.item')}</li>
            <li>{t('policyRefunds.ask.order')}</li>
            <li>{t('policyRefunds.ask.what')}</li>
          </ul>
          <p>{t('policyRefunds.ask.p3')}</p>
        </>
      ),
    },
    {
      id: 'how-refunds-are-paid',
      title: t('policyRefunds.paid.title'),
      content: (
        <>
          <p>{r('policyRefunds.paid.p1')}</p>
          <ul>
            <li>{t('policyRefunds.paid.upi')}</li>
            <li>{t('policyRefunds.paid.card')}</li>
            <li>{t('policyRefunds.paid.netBanking')}</li>
          </ul>
          <p>{t('policyRefunds.paid.p2')}</p>
        </>
      ),
    },
    {
      id: 'creators',
      title: t('policyRefunds.creators.title'),
      content: <p>{t('policyRefunds.creators.p1')}</p>,
    },
    {
      id: 'contact',
      title: t('policyRefunds.contact.title'),
      content: (
        <p>
          {r('policyRefunds.contact.p1', undefined, {
            contact: <SupportContact />,
            grievance: (words) => <PolicyLink to="/grievance">{words}</PolicyLink>,
          })}
        </p>
      ),
    },
  ];
  return (
    <PolicyPage
      title={t('policyRefunds.title')}
      description={t('policyRefunds.description', hours)}
      summary={<p>{r('policyRefunds.summary', hours)}</p>}
      sections={sections}
    />
  );
}
