import { REFUND_WINDOW_HOURS } from '@kholo/contracts';
import { Clock, type LucideIcon, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SupportLinks } from '../../components/ui/support-links.tsx';
import { useT } from '../../lib/i18n/index.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { ContactForm } from './components/contact-form.tsx';

const linkClasses = 'font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950';

export function ContactPage() {
  const { t } = useT();
  const { supportPhone } = getPublicConfig();
  return (
    <>
      <title>{t('contact.title')}</title>
      <meta name="description" content={t('contact.description')} />
      <div className="border-b border-ink-950/5 bg-sand">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20 sm:pb-16 lg:px-8">
          <p className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">{t('contact.eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink-950 sm:text-5xl">
            {t('contact.heading')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-ink-muted">{t('contact.lead')}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_22rem] lg:gap-12 lg:px-8">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-8 lg:self-start lg:p-10"
        >
          {/* Worded without "message", so getByLabel('Message') finds only the field. */}
          <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-ink-950">
            {t('contact.formTitle')}
          </h2>
          <p className="mt-2 text-ink-muted">{t('contact.allRequired')}</p>
          <div className="mt-8">
            <ContactForm />
          </div>
        </section>

        <aside aria-label={t('contact.otherWays')} className="space-y-5">
          <div className="rounded-3xl bg-ink-950 p-6 text-white sm:p-7 on-dark">
            <h2 className="text-lg font-bold">{t('contact.directTitle')}</h2>
            <p className="mt-2 leading-7 text-ink-100">
              {supportPhone ? t('contact.directEmailOrCall') : t('contact.directEmail')}
            </p>
            <SupportLinks
              className="mt-4 space-y-3"
              linkClassName="break-all text-white decoration-marigold-400 hover:text-marigold-200"
            />
          </div>

          <InfoCard icon={Clock} title={t('contact.purchaseTitle')}>
            {t('contact.purchaseBody', { hours: REFUND_WINDOW_HOURS })}{' '}
            <Link to="/CancellationsAndRefunds" className={linkClasses}>
              {t('contact.refundsLink')}
            </Link>
          </InfoCard>

          <InfoCard icon={ShieldAlert} title={t('contact.reportTitle')}>
            {t('contact.reportBody', { urgent: t('reports.lane.urgent'), grievance: t('reports.lane.grievance') })}{' '}
            <Link to="/grievance" className={linkClasses}>
              {t('contact.grievanceLink')}
            </Link>
          </InfoCard>
        </aside>
      </div>
    </>
  );
}

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-7">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-lg font-bold text-ink-950">{title}</h2>
      </div>
      <p className="mt-3 leading-7 text-ink-muted">{children}</p>
    </div>
  );
}
