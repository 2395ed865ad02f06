import { memo } from 'react';
import { useT } from '../../lib/i18n/index.ts';
import { Benefits } from './components/benefits.tsx';
import { Faq } from './components/faq.tsx';
import { GetStarted } from './components/get-started.tsx';
import { Hero } from './components/hero.tsx';
import { HowItWorks } from './components/how-it-works.tsx';

/**
 * Memoised: `/` re-renders when /api/me answers, and for a visitor the answer changes nothing
 * here, so the whole page (rendered a moment before) is not rendered a second time.
 */
export const LandingPage = memo(function LandingPage() {
  const { t } = useT();
  return (
    <>
      <title>{t('landing.title')}</title>
      <meta name="description" content={t('landing.description')} />
      <Hero />
      <HowItWorks />
      <Benefits />
      <Faq />
      <GetStarted />
    </>
  );
});
