import { memo } from 'react';
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
  return (
    <>
      <title>Kholo — Sell your photos and videos</title>
      <Hero />
      <HowItWorks />
      <Benefits />
      <Faq />
      <GetStarted />
    </>
  );
});
