import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { GET_STARTED_SECTION_ID } from '../../features/landing/landing-sections.ts';

export interface AuthEntryActions {
  /** The header's "Login" button. */
  onLogin: () => void;
  /** The header's "Join Now" button. */
  onJoin: () => void;
}

/**
 * EXTENSION POINT for sign-in and sign-up.
 *
 * The header's Login and Join Now buttons call these handlers and nothing else, so wiring
 * the creator and fan sign-in dialogs (SPEC §2 "Login dialogs") means changing only this
 * hook, for example to open the dialog instead of navigating.
 *
 * Until those dialogs exist, both take the visitor to the landing page's "Get started"
 * section (`/#get-started`), which explains how creator accounts work and how to reach
 * support; React Router's scroll restoration scrolls to it, from any page.
 */
export function useAuthEntryActions(): AuthEntryActions {
  const navigate = useNavigate();
  return useMemo(() => {
    const goToGetStarted = () => {
      void Promise.resolve(navigate({ pathname: '/', hash: GET_STARTED_SECTION_ID })).then(() => {
        // Move keyboard focus with the scroll, so the next Tab continues from the section.
        requestAnimationFrame(() => document.getElementById(GET_STARTED_SECTION_ID)?.focus({ preventScroll: true }));
      });
    };
    return { onLogin: goToGetStarted, onJoin: goToGetStarted };
  }, [navigate]);
}
