import { Benefits } from './components/benefits.tsx';
import { Faq } from './components/faq.tsx';
import { GetStarted } from './components/get-started.tsx';
import { Hero } from './components/hero.tsx';
import { HowItWorks } from './components/how-it-works.tsx';

export function LandingPage() {
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
}
