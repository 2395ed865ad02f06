import { LANE_OF_REASON, laneHoldsItem, REPORT_REASONS, type SafetyLane } from '@kholo/contracts';
import { Clock, Flag, type LucideIcon, Scale, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useT, type Translator } from '../../lib/i18n/index.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { GrievanceForm } from './components/grievance-form.tsx';
import { CompanyCard, GrievanceOfficerCard } from './components/grievance-officer-card.tsx';

const linkClasses = 'font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950';

type T = Translator['t'];

/** The Report dialog's choices in a lane, as it words them: “Child safety” or “Impersonation or a deepfake”. */
function reasonsIn(t: T, lane: SafetyLane): string {
  const quoted = REPORT_REASONS.filter((reason) => LANE_OF_REASON[reason] === lane).map(
    (reason) => `“${t(`reports.reason.${reason}`)}”`,
  );
  return quoted.length < 2
    ? quoted.join('')
    : `${quoted.slice(0, -1).join(', ')} ${t('grievance.or')} ${quoted.at(-1) ?? ''}`;
}

export function GrievancePage() {
  const { t, tRich } = useT();
  const { legal } = getPublicConfig();
  // The times from the rules ("24 hours", "7 days"), rather than written out.
  const acknowledge = t('grievance.acknowledgeTime');
  const resolve = t('reports.lane.grievance');
  return (
    <>
      <title>{t('grievance.title')}</title>
      <meta name="description" content={t('grievance.description')} />
      {legal.sample ? (
        <div className="border-b border-marigold-300 bg-marigold-100">
          <p className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm leading-6 text-ink-950 sm:px-6 lg:px-8">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-marigold-800" />
            <span>
              <strong className="font-bold">{t('grievance.sampleStrong')}</strong>{' '}
              {tRich('grievance.sampleRich', {
                // The settings' names, as the operator types them.
                names: (
                  <span lang="en">
                    GRIEVANCE_OFFICER_NAME, GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_PHONE, COMPANY_LEGAL_NAME and
                    COMPANY_ADDRESS
                  </span>
                ),
              })}
            </span>
          </p>
        </div>
      ) : null}
      <div className="border-b border-ink-950/5 bg-sand">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20 sm:pb-16 lg:px-8">
          <p className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">{t('grievance.eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink-950 sm:text-5xl">
            {t('grievance.heading')}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-ink-muted">
            {t('grievance.lead', { acknowledge, resolve })}
          </p>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_22rem] lg:gap-12 lg:px-8">
        <div className="space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <GrievanceOfficerCard officer={legal.grievanceOfficer} />
          <CompanyCard company={legal.company} />
        </div>

        <section
          aria-labelledby="grievance-form-title"
          className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-8 lg:col-start-1 lg:row-start-1 lg:p-10"
        >
          <h2 id="grievance-form-title" className="text-2xl font-bold tracking-tight text-ink-950">
            {t('grievance.formTitle')}
          </h2>
          <p className="mt-2 leading-7 text-ink-muted">{t('grievance.formLead')}</p>
          <div className="mt-8">
            <GrievanceForm />
          </div>
        </section>

        <div className="space-y-5 lg:col-start-1 lg:row-start-2">
          <InfoCard icon={Clock} title={t('grievance.howQuickly')}>
            <ul className="divide-y divide-ink-950/5">
              {(['urgent', 'unlawful'] as const).map((lane) => (
                <Timeline key={lane} time={t(`grievance.within.${lane}`)}>
                  <p className="font-semibold text-ink-950">
                    {t('grievance.reportsMarked', { reasons: reasonsIn(t, lane) })}
                  </p>
                  {laneHoldsItem(lane) ? <p>{t('grievance.hidden')}</p> : null}
                </Timeline>
              ))}
              <Timeline time={t('grievance.within.grievance')}>
                <p className="font-semibold text-ink-950">{t('grievance.everyOther')}</p>
                <p>{t('grievance.acknowledged', { acknowledge, resolve })}</p>
              </Timeline>
            </ul>
          </InfoCard>

          <InfoCard icon={Flag} title={t('grievance.reportButtonTitle')}>
            <p>{t('grievance.reportButtonBody', { urgent: t('reports.lane.urgent') })}</p>
          </InfoCard>

          <InfoCard icon={Scale} title={t('grievance.appealTitle')}>
            <p>
              {tRich('grievance.appealRich', {
                gac: (
                  <a href="https://gac.gov.in" target="_blank" rel="noreferrer" className={linkClasses}>
                    gac.gov.in
                  </a>
                ),
                terms: (
                  <Link to="/TermsAndConditions#grievances" className={linkClasses}>
                    {t('grievance.terms')}
                  </Link>
                ),
                privacy: (
                  <Link to="/PrivacyPolicy" className={linkClasses}>
                    {t('grievance.privacy')}
                  </Link>
                ),
              })}
            </p>
          </InfoCard>
        </div>
      </div>
    </>
  );
}

function Timeline({ time, children }: { time: string; children: ReactNode }) {
  return (
    <li className="py-4 first:pt-1 last:pb-0">
      <p className="inline-flex rounded-full bg-marigold-100 px-3 py-0.5 text-sm font-bold text-ink-950">{time}</p>
      <div className="mt-2">{children}</div>
    </li>
  );
}

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-7">
      <div className="flex items-center gap-3">
        <span className="grid size-10 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h2 id={titleId} className="text-lg font-bold text-ink-950">
          {title}
        </h2>
      </div>
      <div className="mt-3 leading-7 text-ink-muted">{children}</div>
    </section>
  );
}
