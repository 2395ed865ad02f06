/*
 * The hero tagline's rotation (SPEC §9: a new phrase every 2.2 s) has two drivers. Before the app
 * runs on a server-rendered landing page (ADR 027), the boot script turns the phrases with
 * `rotateTaglines`; when the app hydrates, the boot stops it and React's RotatingTagline carries on
 * from the phrase on screen (`shownTaglineIndex`), so the page never jumps back or mismatches.
 * Free of React: the boot script is the whole first load.
 */

export const TAGLINE_SELECTOR = '[data-tagline]';
const SHOWN_ATTRIBUTE = 'data-shown';

/** Which phrase the page shows now: what the boot's rotation left on screen, or the first. */
export function shownTaglineIndex(): number {
  if (typeof document === 'undefined') return 0;
  const shown = Number(document.querySelector(TAGLINE_SELECTOR)?.getAttribute(SHOWN_ATTRIBUTE) ?? 0);
  return Number.isInteger(shown) && shown >= 0 ? shown : 0;
}

/**
 * Turns every tagline under `root` every `intervalMs`, from its invisible copies of the phrases.
 * Returns the function that stops it. People who asked for reduced motion keep the first phrase.
 */
export function rotateTaglines(root: ParentNode, intervalMs: number): () => void {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return () => undefined;
  const timers = [...root.querySelectorAll<HTMLElement>(TAGLINE_SELECTOR)].map((tagline) => {
    const phrases = [...tagline.querySelectorAll(':scope > :not([data-state="active"])')].map(
      (phrase) => phrase.textContent,
    );
    let index = 0;
    return window.setInterval(() => {
      const active = tagline.querySelector('[data-state="active"]');
      if (active === null || phrases.length < 2) return;
      index = (index + 1) % phrases.length;
      // A fresh element replays the phrase's entrance animation, as React's new key does.
      const next = active.cloneNode(false) as HTMLElement;
      next.textContent = phrases[index] ?? '';
      active.replaceWith(next);
      tagline.setAttribute(SHOWN_ATTRIBUTE, String(index));
    }, intervalMs);
  });
  return () => {
    for (const timer of timers) window.clearInterval(timer);
  };
}
