import { PAYMENT_SUCCESS_REDIRECT_MS, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CodeSignInForm } from '../../accounts/index.ts';
import { useT } from '../../../lib/i18n/index.ts';

export interface PaidStepProps {
  /**
   * Where her sign-in code went, when nobody is signed in (a visitor's order, ADR 022): she enters
   * it to open the item. Null for a signed-in fan, who goes straight to it.
   */
  codeEmail: string | null;
  /** Closes the dialog and shows her the item. */
  onOpen: () => void;
}

/** The order is PAID, as the server said: on to the item, through the code for a visitor. */
export function PaidStep({ codeEmail, onOpen }: PaidStepProps) {
  const { t, tRich } = useT();
  const openRef = useRef<HTMLButtonElement>(null);
  const signedIn = codeEmail === null;

  const openLater = useEffectEvent(onOpen);

  // A signed-in fan sees "Paid" for a moment (as on /payment-success, SPEC §4), then the item.
  useEffect(() => {
    if (!signedIn) return;
    openRef.current?.focus();
    const timer = setTimeout(() => {
      openLater();
    }, PAYMENT_SUCCESS_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [signedIn]);

  return (
    <div className="mt-5">
      <div role="status" className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
        <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-emerald-700" />
        <div className="min-w-0">
          <p className="text-lg leading-7 font-extrabold text-emerald-900">{t('payments.paid')}</p>
          {signedIn ? (
            <p className="text-sm leading-6 text-emerald-900">
              {t('payments.unlockedTakingYou', { days: UNLOCK_WINDOW_DAYS })}
            </p>
          ) : (
            <p className="text-sm leading-6 break-words text-emerald-900">
              {tRich('payments.enterCode', {
                email: <strong className="font-semibold [overflow-wrap:anywhere]">{codeEmail}</strong>,
              })}
            </p>
          )}
        </div>
      </div>
      {signedIn ? (
        <Button ref={openRef} variant="dark" size="lg" className="mt-5 w-full" onClick={onOpen}>
          {t('payments.openNow')}
          <ArrowRight aria-hidden="true" className="size-5" />
        </Button>
      ) : (
        <div className="mt-5">
          <CodeSignInForm email={codeEmail} role="fan" onSignedIn={onOpen} />
        </div>
      )}
    </div>
  );
}
