import { REFUND_WINDOW_HOURS, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { useT } from '../../lib/i18n/index.ts';
import { PolicyPage, type PolicySection } from './components/policy-page.tsx';
import { PolicyLink, SupportContact } from './components/policy-links.tsx';
import { useRich } from './components/rich-text.tsx';

export function ShippingPolicyPage() {
  const { t } = useT();
  const r = useRich();
  const days = { days: UNLOCK_WINDOW_DAYS };
  const sections: readonly PolicySection[] = [
    {
      id: 'what-you-buy',
      title: t('policyShipping.whatYouBuy.title'),
      content: (
        <>
          <p>{r('policyShipping.whatYouBuy.p1', days)}</p>
          <p>{r('policyShipping.whatYouBuy.p2')}</p>
        </>
      ),
    },
    {
      id: 'delivery',
      title: t('policyShipping.delivery.title'),
      content: (
        <>
          <p>{r('policyShipping.delivery.p1')}</p>
          <p>{r('policyShipping.delivery.p2')}</p>
        </>
      ),
    },
    {
      id: 'access-window',
      title: t('policyShipping.access.title'),
      content: (
        <>
          <p>{r('policyShipping.access.p1', days)}</p>
          <p>{r('policyShipping.access.p2')}</p>
        </>
      ),
    },
    {
      id: 'price',
      title: t('policyShipping.price.title'),
      content: <p>{r('policyShipping.price.p1')}</p>,
    },
    {
      id: 'delivery-problems',
      title: t('policyShipping.problems.title'),
      content: (
        <p>
          {r(
            'policyShipping.problems.p1',
            { hours: REFUND_WINDOW_HOURS },
            {
              contact: <SupportContact />,
              refunds: (words) => <PolicyLink to="/CancellationsAndRefunds">{words}</PolicyLink>,
            },
          )}
        </p>
      ),
    },
  ];
  return (
    <PolicyPage
      title={t('policyShipping.title')}
      description={t('policyShipping.description', days)}
      summary={<p>{r('policyShipping.summary', days)}</p>}
      sections={sections}
    />
  );
}
