import {
  formatDate,
  POLICY_CHANGES,
  PRIVACY_PATH,
  PRIVACY_VERSION,
  TERMS_PATH,
  TERMS_VERSION,
  translate,
  type Locale,
} from '@kholo/contracts';
import { FileText, ShieldCheck } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useLogout } from '../../accounts/index.ts';
import { useAcceptPolicies } from '../api/accept-policies.ts';

/** The title's English, as tests look for it; the prompt says it in the interface's language. */
export const POLICY_CONSENT_TITLE = translate('en', 'policyConsent.title');

/** A version is an India date, 2026-11-26 → 26 Nov 2026. */
function versionDate(version: string, locale: Locale): string {
  return formatDate(new Date(`${version}T12:00:00+05:30`), locale);
}

function isPolicyPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === TERMS_PATH.toLowerCase() || path === PRIVACY_PATH.toLowerCase();
}

/**
 * The question itself: a modal on every page, except on the Terms and Privacy pages, where a bar
 * at the bottom lets her read them first. Reading a policy in the same tab therefore never loses
 * the question: the bar is there, and the modal comes back on the next page.
 */
export function PolicyConsentPrompt() {
  const { t, tm } = useT();
  const { pathname } = useLocation();
  const accept = useAcceptPolicies();
  const { logout, isPending: loggingOut } = useLogout();
  const { run } = useSingleFlight(accept.isPending);
  const busy = accept.isPending || loggingOut;
  const error = accept.error;
  const stale = error instanceof ApiError && error.code === 'CONFLICT';
  const message = error === null ? null : error instanceof ApiError ? tm(error.message) : t('policyConsent.failed');

  const onAccept = () => {
    void run(async () => {
      await accept.mutateAsync().catch(() => undefined);
    });
  };
  const actions = { busy, stale, message, onAccept, onLogout: () => void logout() };

  return isPolicyPage(pathname) ? <ConsentBar {...actions} /> : <ConsentDialog {...actions} />;
}

interface ConsentActions {
  busy: boolean;
  /** The server has newer versions than this page: only a reload helps. */
  stale: boolean;
  message: string | null;
  onAccept: () => void;
  onLogout: () => void;
}

function ConsentButtons({ busy, stale, onAccept, onLogout }: ConsentActions) {
  const { t } = useT();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onLogout} aria-disabled={busy} className="w-full sm:w-auto">
        {t('policyConsent.logOut')}
      </Button>
      {stale ? (
        <Button
          onClick={() => {
            window.location.reload();
          }}
          className="w-full sm:w-auto"
        >
          {t('policyConsent.reload')}
        </Button>
      ) : (
        <Button onClick={onAccept} aria-disabled={busy} className="w-full sm:w-auto">
          {busy ? t('policyConsent.saving') : t('policyConsent.accept')}
        </Button>
      )}
    </div>
  );
}

function ConsentMessage({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="alert" className={message === null ? 'sr-only' : 'text-sm font-medium text-red-700'}>
      {message}
    </p>
  );
}

function ConsentDialog(actions: ConsentActions) {
  const { t, tm, locale } = useT();
  const id = useId();
  const ref = useRef<HTMLDialogElement | null>(null);
  const linkClass =
    'flex items-center gap-2 rounded-xl px-3 py-2.5 text-sm font-semibold text-ink-800 ring-1 ring-ink-950/10 hover:bg-ink-50 hover:text-ink-950';
  return (
    // Not dismissible: the answer is Accept or Log out. Nothing else closes it.
    <Dialog
      ref={ref}
      onClose={() => undefined}
      dismissible={false}
      labelledBy={`${id}-title`}
      describedBy={`${id}-lead`}
    >
      <div className="space-y-5 p-6 sm:p-7">
        <div className="flex items-start gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-marigold-100 text-marigold-800">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </span>
          <h2 id={`${id}-title`} className="text-xl leading-7 font-bold tracking-tight text-balance">
            {t('policyConsent.title')}
          </h2>
        </div>
        <p id={`${id}-lead`} className="text-sm leading-6 text-ink-muted">
          {t('policyConsent.lead')}
        </p>
        <div>
          <h3 className="text-sm font-bold text-ink-950">{t('policyConsent.whatChanged')}</h3>
          <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-6 text-ink-800 marker:text-marigold-600">
            {POLICY_CHANGES.map((change) => (
              <li key={change}>{tm(change)}</li>
            ))}
          </ul>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Link to={TERMS_PATH} className={linkClass}>
            <FileText aria-hidden="true" className="size-4 shrink-0 text-ink-500" />
            <span>
              {t('policyConsent.terms')}
              <span className="block text-xs font-medium text-ink-muted">
                {t('policyConsent.updated', { date: versionDate(TERMS_VERSION, locale) })}
              </span>
            </span>
          </Link>
          <Link to={PRIVACY_PATH} className={linkClass}>
            <FileText aria-hidden="true" className="size-4 shrink-0 text-ink-500" />
            <span>
              {t('policyConsent.privacy')}
              <span className="block text-xs font-medium text-ink-muted">
                {t('policyConsent.updated', { date: versionDate(PRIVACY_VERSION, locale) })}
              </span>
            </span>
          </Link>
        </div>
        <ConsentMessage id={`${id}-message`} message={actions.message} />
        <ConsentButtons {...actions} />
      </div>
    </Dialog>
  );
}

function ConsentBar(actions: ConsentActions) {
  const { t, tRich } = useT();
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-950/10 bg-white/95 shadow-lift backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div className="min-w-0 space-y-1">
          <h2 id={`${id}-title`} className="text-base font-bold text-ink-950">
            {t('policyConsent.title')}
          </h2>
          <p className="text-sm leading-6 text-ink-muted">
            {tRich('policyConsent.barRich', {
              terms: (
                <Link to={TERMS_PATH} className="font-semibold text-ink-800 underline underline-offset-4">
                  {t('policyConsent.barTerms')}
                </Link>
              ),
              privacy: (
                <Link to={PRIVACY_PATH} className="font-semibold text-ink-800 underline underline-offset-4">
                  {t('policyConsent.privacy')}
                </Link>
              ),
            })}
          </p>
          <ConsentMessage id={`${id}-message`} message={actions.message} />
        </div>
        <div className="shrink-0">
          <ConsentButtons {...actions} />
        </div>
      </div>
    </section>
  );
}
