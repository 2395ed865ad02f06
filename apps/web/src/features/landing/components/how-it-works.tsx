import { MAX_UPLOAD_BYTES, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { HOW_IT_WORKS_SECTION_ID } from '../landing-sections.ts';
import { SectionHeading } from './section-heading.tsx';

const maxUploadMb = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

/** `kholo.in/u/yourname`, with break opportunities after each slash so it never breaks mid-word. */
function ProfileLinkExample() {
  const { t } = useT();
  const { host } = new URL(getPublicConfig().publicUrl);
  return (
    <span className="rounded-md bg-ink-50 px-1.5 py-0.5 font-semibold text-ink-950">
      {host}/<wbr />
      u/
      <wbr />
      {t('landing.how.yourName')}
    </span>
  );
}

export function HowItWorks() {
  const { t, tRich } = useT();
  const steps = [
    {
      title: t('landing.how.createTitle'),
      body: tRich('landing.how.createBodyRich', { link: <ProfileLinkExample /> }),
    },
    {
      title: t('landing.how.uploadTitle'),
      body: t('landing.how.uploadBody', { megabytes: maxUploadMb }),
    },
    {
      title: t('landing.how.paidTitle'),
      body: t('landing.how.paidBody', { days: UNLOCK_WINDOW_DAYS }),
    },
  ];

  return (
    <section aria-labelledby={HOW_IT_WORKS_SECTION_ID} className="bg-cream">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8 lg:py-28">
        <SectionHeading id={HOW_IT_WORKS_SECTION_ID} eyebrow={t('landing.how.eyebrow')} title={t('landing.how.title')}>
          {t('landing.how.lead')}
        </SectionHeading>
        <ol className="mt-12 grid gap-5 md:grid-cols-3 md:gap-6 lg:mt-14">
          {steps.map((step, index) => (
            <li key={step.title} className="relative rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-7">
              <span
                aria-hidden="true"
                className="grid size-11 place-items-center rounded-2xl bg-ink-950 text-lg font-extrabold text-marigold-300"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 text-xl font-bold tracking-tight text-ink-950">
                <span className="sr-only">{t('landing.how.step', { number: index + 1 })}</span>
                {step.title}
              </h3>
              <p className="mt-2.5 leading-7 text-ink-muted">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
