import {
  formatPaise,
  MAX_UPLOAD_BYTES,
  MIN_WITHDRAWAL_PAISE,
  REFUND_WINDOW_HOURS,
  UNLOCK_WINDOW_DAYS,
  type Locale,
} from '@kholo/contracts';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { type Translator, useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig, type PayoutsMode } from '../../../lib/public-config.ts';
import { FAQ_SECTION_ID } from '../landing-sections.ts';
import { payoutWords } from '../payout-wording.ts';
import { SectionHeading } from './section-heading.tsx';

const maxUploadMb = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));
const inlineLink = 'font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

// Link texts here differ from the footer's on purpose, so each link name on the page is unique.
function questionsFor(payoutsMode: PayoutsMode, locale: Locale, { t, tRich }: Translator): readonly Question[] {
  return [
    {
      id: 'cost',
      question: t('landing.faq.costQuestion'),
      answer: <p>{t('landing.faq.costAnswer')}</p>,
    },
    {
      id: 'fans',
      question: t('landing.faq.fansQuestion'),
      answer: <p>{t('landing.faq.fansAnswer', { days: UNLOCK_WINDOW_DAYS })}</p>,
    },
    {
      id: 'payouts',
      question: t('landing.faq.payoutsQuestion'),
      answer: (
        <p>
          {t('landing.faq.payoutsAnswer', {
            minimum: formatPaise(MIN_WITHDRAWAL_PAISE, locale),
            afterMinimum: payoutWords(payoutsMode, locale).faqAfterMinimum,
          })}
        </p>
      ),
    },
    {
      id: 'content',
      question: t('landing.faq.contentQuestion'),
      answer: (
        <>
          <p>{t('landing.faq.contentAnswer', { megabytes: maxUploadMb })}</p>
          <p className="mt-3">
            {tRich('landing.faq.contentRulesRich', {
              link: (
                <Link to="/TermsAndConditions" className={inlineLink}>
                  {t('landing.faq.contentRulesLink')}
                </Link>
              ),
            })}
          </p>
        </>
      ),
    },
    {
      id: 'refunds',
      question: t('landing.faq.refundsQuestion'),
      answer: (
        <p>
          {tRich('landing.faq.refundsAnswerRich', {
            hours: REFUND_WINDOW_HOURS,
            link: (
              <Link to="/CancellationsAndRefunds" className={inlineLink}>
                {t('landing.faq.refundsLink')}
              </Link>
            ),
          })}
        </p>
      ),
    },
  ];
}

/**
 * One open answer at a time, closable (the WAI-ARIA accordion pattern: headings holding buttons,
 * arrow keys, Home and End between them). Our own rather than a library's, because a library's
 * renders style attributes the server-rendered page's CSP refuses (ADR 027); the closed answers
 * are not rendered, so the page stays short.
 */
function Questions({ questions }: { questions: readonly Question[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const idPrefix = useId();

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [
      ...(event.currentTarget.closest('[data-faq]')?.querySelectorAll<HTMLButtonElement>('button[aria-controls]') ??
        []),
    ];
    const at = buttons.indexOf(event.currentTarget);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };

  return (
    <div
      data-faq
      className="divide-y divide-ink-950/8 self-start rounded-3xl bg-white shadow-card ring-1 ring-ink-950/5"
    >
      {questions.map((item) => {
        const open = openId === item.id;
        const answerId = `${idPrefix}-${item.id}`;
        return (
          <div key={item.id} data-state={open ? 'open' : 'closed'}>
            <h3 className="text-base sm:text-lg">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={answerId}
                onClick={() => {
                  setOpenId(open ? null : item.id);
                }}
                onKeyDown={moveFocus}
                className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left font-semibold text-ink-950 transition-colors hover:text-ink-700 focus-visible:outline-offset-[-3px] sm:px-7 sm:py-6"
              >
                {item.question}
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-ink-50 text-ink-700 transition-colors group-hover:bg-ink-100 group-aria-expanded:bg-ink-950 group-aria-expanded:text-marigold-300">
                  <ChevronDown
                    aria-hidden="true"
                    className="size-4 transition-transform duration-200 group-aria-expanded:rotate-180"
                  />
                </span>
              </button>
            </h3>
            {open ? (
              <div id={answerId} role="region" aria-label={item.question} className="motion-safe:animate-answer-in">
                <div className="px-5 pb-6 leading-7 text-ink-muted sm:px-7">{item.answer}</div>
              </div>
            ) : (
              <div id={answerId} hidden />
            )}
          </div>
        );
      })}
    </div>
  );
}

export function Faq() {
  const translator = useT();
  const { t } = translator;
  const questions = questionsFor(getPublicConfig().payoutsMode, translator.locale, translator);
  return (
    <section aria-labelledby={FAQ_SECTION_ID} className="bg-cream">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16 lg:px-8 lg:py-28">
        <SectionHeading id={FAQ_SECTION_ID} eyebrow={t('landing.faq.eyebrow')} title={t('landing.faq.title')}>
          {t('landing.faq.lead')}
        </SectionHeading>
        <Questions questions={questions} />
      </div>
    </section>
  );
}
