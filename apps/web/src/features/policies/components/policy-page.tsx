import { formatDate } from '@kholo/contracts';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.ts';
import { POLICIES_LAST_UPDATED } from '../policy-meta.ts';

export interface PolicySection {
  /** Anchor id, so other pages can link to a section (e.g. /TermsAndConditions#grievances). */
  id: string;
  title: string;
  content: ReactNode;
}

export interface PolicyPageProps {
  /** The page's h1 and the start of its document title. */
  title: string;
  /** One or two sentences that say the policy's gist before the detail. */
  summary: ReactNode;
  /** The page's meta description: its gist in a sentence, for search results. */
  description: string;
  sections: readonly PolicySection[];
  /** The day the text last changed (an India date): its version, for the Terms and the Privacy Policy. */
  lastUpdated?: string;
}

/** Shared frame for the four policy pages: title, date, summary, contents list and sections. */
export function PolicyPage({ title, summary, description, sections, lastUpdated }: PolicyPageProps) {
  const { t, locale, setLocale } = useT();
  const updated = lastUpdated ?? POLICIES_LAST_UPDATED;
  return (
    <>
      <title>{`${title} · Kholo`}</title>
      <meta name="description" content={description} />
      <div className="border-b border-ink-950/5 bg-sand">
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-12 sm:px-6 sm:pt-20 sm:pb-14 lg:px-8">
          {locale === 'en' ? null : (
            // The English text is the one that binds; a translation says so, and leads to it.
            <p className="mb-8 max-w-3xl rounded-xl bg-white/70 p-4 text-sm leading-6 text-ink-800 ring-1 ring-ink-950/5">
              {t('policyShared.translationNotice')}{' '}
              <button
                type="button"
                onClick={() => {
                  setLocale('en');
                }}
                className="font-semibold text-marigold-800 underline underline-offset-4 hover:text-ink-950"
              >
                {t('policyShared.readEnglish')}
              </button>
            </p>
          )}
          <p className="text-sm font-bold tracking-[0.14em] text-marigold-800 uppercase">{t('policyShared.eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-ink-950 sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm font-medium text-ink-muted">
            {t('policyShared.lastUpdated')}{' '}
            <time dateTime={updated}>{formatDate(new Date(`${updated}T12:00:00+05:30`), locale)}</time>
          </p>
          <div className="mt-6 max-w-3xl rounded-2xl bg-white/70 p-5 text-lg leading-8 text-ink-950 ring-1 ring-ink-950/5 sm:p-6">
            {summary}
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[15rem_1fr] lg:gap-16 lg:px-8">
        <aside className="hidden lg:block">
          <nav aria-label={t('policyShared.onThisPage')} className="sticky top-24">
            <p className="text-sm font-bold tracking-wide text-ink-950 uppercase">{t('policyShared.onThisPage')}</p>
            <ol className="mt-4 space-y-1 border-l-2 border-ink-950/8">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-0.5 block border-l-2 border-transparent py-1.5 pl-4 text-sm leading-6 text-ink-muted hover:border-marigold-500 hover:text-ink-950"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>

        <div className="min-w-0 max-w-3xl space-y-12">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className="flex gap-3 text-2xl font-bold tracking-tight text-ink-950">
                <span aria-hidden="true" className="text-marigold-700 tabular-nums">
                  {index + 1}.
                </span>
                {section.title}
              </h2>
              <div className="policy-prose mt-4">{section.content}</div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
