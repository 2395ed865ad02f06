import { EMAIL_LIST_MESSAGES, type EmailListAnswer, translate, UNSUBSCRIBE_TOKEN_PATTERN } from '@kholo/contracts';
import { BellOff, BellRing, CircleAlert, CircleCheck, Link2Off, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { IconTile } from '../../components/ui/icon-tile.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-error.ts';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/index.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { useResubscribe } from './api/resubscribe.ts';
import { useUnsubscribe } from './api/unsubscribe.ts';

// The English, as tests look for it; the page says it in the interface's language.
export const ASK_HEADING = translate('en', 'unsubscribe.askHeading');
export const STOPPED_HEADING = translate('en', 'unsubscribe.stoppedHeading');
export const STARTED_HEADING = translate('en', 'unsubscribe.startedHeading');
/** The emails that keep coming, said wherever reminders are stopped or started. */
export const TRANSACTIONAL_NOTE = translate('en', 'unsubscribe.transactionalNote');

type View =
  | { kind: 'ask' }
  | { kind: 'stopped'; answer: EmailListAnswer }
  | { kind: 'started'; answer: EmailListAnswer }
  | { kind: 'link-problem'; message: string };

const heading = 'mt-5 text-2xl font-extrabold tracking-tight text-balance text-ink-950 outline-none sm:text-3xl';
const text = 'mt-2 leading-7 text-ink-muted';

/**
 * `/unsubscribe?token=…`, where a reminder's "Stop reminder emails" link lands. Opening it
 * changes nothing (mail scanners open links); the button does. The token alone says whose
 * reminders these are, so it works without signing in, and the same token turns them back on.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { t, tm } = useT();

  return (
    <div className="bg-sand px-4 py-12 sm:px-6 sm:py-20">
      <title>{t('unsubscribe.title')}</title>
      <div className="mx-auto max-w-md rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-8">
        {UNSUBSCRIBE_TOKEN_PATTERN.test(token) ? (
          <Preferences token={token} />
        ) : (
          <LinkProblem message={tm(EMAIL_LIST_MESSAGES.badLink)} />
        )}
      </div>
    </div>
  );
}

function Preferences({ token }: { token: string }) {
  const { t, tm } = useT();
  const [view, setView] = useState<View>({ kind: 'ask' });
  const [error, setError] = useState<string | null>(null);
  const stop = useUnsubscribe();
  const start = useResubscribe();
  const { busy, run } = useSingleFlight(stop.isPending || start.isPending);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After each answer, keyboard and screen-reader focus moves to what the page now says.
  useEffect(() => {
    if (view.kind !== 'ask') headingRef.current?.focus();
  }, [view]);

  const send = (change: 'stop' | 'start') =>
    run(async () => {
      setError(null);
      try {
        const answer = await (change === 'stop' ? stop : start).mutateAsync({ token });
        setView(answer.subscribed ? { kind: 'started', answer } : { kind: 'stopped', answer });
      } catch (cause) {
        if (cause instanceof ApiError && (cause.code === 'BAD_REQUEST' || cause.code === 'NOT_FOUND')) {
          setView({ kind: 'link-problem', message: cause.message });
        } else {
          setError(cause instanceof ApiError ? cause.message : UNEXPECTED_ERROR_MESSAGE);
        }
      }
    });

  if (view.kind === 'link-problem') return <LinkProblem message={tm(view.message)} />;

  const alert =
    error === null ? null : (
      <p
        role="alert"
        className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {tm(error)}
      </p>
    );

  if (view.kind === 'ask') {
    return (
      <>
        <IconTile icon={BellOff} />
        <h1 className={heading}>{t('unsubscribe.askHeading')}</h1>
        <p className={text}>{t('unsubscribe.askBody')}</p>
        <p className={text}>{t('unsubscribe.transactionalNote')}</p>
        {alert}
        <div className="mt-7 flex flex-col gap-3">
          <Button
            size="lg"
            variant="dark"
            aria-disabled={busy}
            onClick={() => {
              void send('stop');
            }}
          >
            {busy ? t('unsubscribe.stopping') : t('unsubscribe.stop')}
          </Button>
          <Link to="/" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            {t('unsubscribe.keep')}
          </Link>
        </div>
      </>
    );
  }

  const { answer } = view;
  const stopped = view.kind === 'stopped';
  return (
    <>
      <IconTile icon={stopped ? CircleCheck : BellRing} tone="success" />
      <div role="status">
        <h1 ref={headingRef} tabIndex={-1} className={heading}>
          {stopped ? t('unsubscribe.stoppedHeading') : t('unsubscribe.startedHeading')}
        </h1>
        <p className={cn(text, 'break-words')}>
          {stopped
            ? answer.changed
              ? t('unsubscribe.offNow', { email: answer.email })
              : t('unsubscribe.offAlready', { email: answer.email })
            : t('unsubscribe.onNow', { email: answer.email })}
        </p>
      </div>
      <p className={text}>{t('unsubscribe.transactionalNote')}</p>
      {alert}
      <div className="mt-7 flex flex-col gap-3">
        <Button
          size="lg"
          variant="outline"
          aria-disabled={busy}
          onClick={() => {
            void send(stopped ? 'start' : 'stop');
          }}
        >
          {busy
            ? stopped
              ? t('unsubscribe.turningOn')
              : t('unsubscribe.stopping')
            : stopped
              ? t('unsubscribe.turnOn')
              : t('unsubscribe.stop')}
        </Button>
        <Link to="/" className={buttonClasses({ variant: 'ghost', size: 'lg' })}>
          {t('unsubscribe.goHome')}
        </Link>
      </div>
    </>
  );
}

/** Support can stop them by hand; the subject says what she wants before anyone reads further. */
function LinkProblem({ message }: { message: string }) {
  const { t } = useT();
  const { supportEmail } = getPublicConfig();
  // In English: the subject is for the support team's inbox, whatever the page's language.
  const subject = encodeURIComponent('Please stop my reminder emails');
  return (
    <>
      <IconTile icon={Link2Off} tone="marigold" />
      <h1 className={heading}>{t('unsubscribe.linkProblem')}</h1>
      <p className={text}>{message}</p>
      <a
        href={`mailto:${supportEmail}?subject=${subject}`}
        className={buttonClasses({ variant: 'dark', size: 'lg', className: 'mt-7 w-full' })}
      >
        <Mail aria-hidden="true" className="size-5" />
        {t('unsubscribe.emailSupport')}
      </a>
    </>
  );
}
