import { ArrowRight, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SupportLinks } from '../../../components/ui/support-links.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { authDialogTrigger, useAuthDialog } from '../../accounts/index.ts';
import { GET_STARTED_SECTION_ID } from '../landing-sections.ts';
import { SectionHeading } from './section-heading.tsx';

const CHECKLIST_KEYS = ['landing.start.need1', 'landing.start.need2', 'landing.start.need3'] as const;

/** The closing call to action: what a creator needs, the way in, and a human to ask. */
export function GetStarted() {
  const { t } = useT();
  const { supportPhone } = getPublicConfig();
  const authDialog = useAuthDialog();
  const checklist = CHECKLIST_KEYS.map((key) => t(key));
  return (
    <section
      id={GET_STARTED_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="get-started-title"
      className="bg-cream px-4 pb-20 outline-none sm:px-6 sm:pb-24 lg:px-8 lg:pb-28"
    >
      <div className="on-dark relative isolate mx-auto max-w-6xl overflow-hidden rounded-[2rem] bg-ink-950 px-6 py-12 text-white sm:px-10 sm:py-14 lg:px-14 lg:py-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(36rem_24rem_at_100%_100%,rgb(255_182_39/0.18),transparent_70%)]"
        />
        <div className="grid gap-10 lg:grid-cols-[1.2fr_1fr] lg:items-center lg:gap-14">
          <div>
            <SectionHeading
              id="get-started-title"
              eyebrow={t('landing.start.eyebrow')}
              title={t('landing.start.title')}
              tone="light"
            >
              {t('landing.start.lead')}
            </SectionHeading>
            <ul className="mt-6 space-y-3 text-ink-100">
              {checklist.map((item, index) => (
                <li key={item} className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-marigold-400 text-sm font-bold text-ink-950"
                  >
                    {index + 1}
                  </span>
                  {item}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button
                variant="primary"
                size="lg"
                {...authDialogTrigger(authDialog, { audience: 'creator', mode: 'signup' })}
              >
                {t('landing.start.create')}
                <ArrowRight aria-hidden="true" className="size-5" />
              </Button>
              <Button
                variant="outline-light"
                size="lg"
                {...authDialogTrigger(authDialog, { audience: 'creator', mode: 'login' })}
              >
                {t('landing.start.login')}
              </Button>
            </div>
          </div>
          <div className="rounded-3xl bg-white/6 p-6 ring-1 ring-white/12 sm:p-8">
            <div className="flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-2xl bg-marigold-400 text-ink-950">
                <MessageCircle aria-hidden="true" className="size-5" />
              </span>
              <h3 className="text-xl font-bold">{t('landing.start.talkTitle')}</h3>
            </div>
            <p className="mt-4 leading-7 text-ink-100">
              {t(supportPhone ? 'landing.start.talkBodyWithPhone' : 'landing.start.talkBody')}
            </p>
            <SupportLinks className="mt-5" linkClassName="text-white decoration-marigold-400 hover:text-marigold-200" />
            <Link
              to="/ContactUs"
              className="mt-5 inline-block font-semibold text-marigold-300 underline decoration-2 underline-offset-4 hover:text-marigold-200"
            >
              {t('landing.start.message')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
