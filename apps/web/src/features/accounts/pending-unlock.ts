/*
 * SPEC §4: "If the viewer had tapped Unlock before logging in, the unlock dialog opens afterwards."
 * The content id waits in sessionStorage (this tab only, gone when it closes), so it also
 * survives the page reload a sign-up might cause. An old intent is dropped rather than acted on
 * by surprise much later.
 */

const KEY = 'kholo.pending-unlock';
/** Long enough to sign up or reset a password, short enough not to open a dialog out of the blue. */
export const PENDING_UNLOCK_TTL_MS = 30 * 60 * 1000;

interface PendingUnlock {
  contentId: string;
  at: number;
}

/** Call when a logged-out fan taps Unlock, before opening the fan dialog. */
export function rememberPendingUnlock(contentId: string, now: number = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ contentId, at: now } satisfies PendingUnlock));
  } catch {
    // Without storage the fan simply taps Unlock again after logging in.
  }
}

/** The content id the fan wanted to unlock, at most once; null when there is none or it is stale. */
export function takePendingUnlock(now: number = Date.now()): string | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingUnlock> | null;
    if (typeof value?.contentId !== 'string' || typeof value.at !== 'number') return null;
    if (now - value.at > PENDING_UNLOCK_TTL_MS || now < value.at) return null;
    return value.contentId;
  } catch {
    return null;
  }
}

/** Forget the intent, e.g. when the fan closes the dialog without logging in. */
export function clearPendingUnlock(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
