import {
  ACCOUNT_LIMITS,
  HANDLE_MAX,
  handleFromName,
  startSellingInput,
  translate,
  type Me,
  type StartSellingInput,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Globe, ShoppingBag } from 'lucide-react';
import { useId, type SubmitEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import type { useStartSelling } from '../api/start-selling.ts';
import { localized, SubmitButton, type ErrorToast } from './auth-form-parts.tsx';
import { HandleStatusText, useHandleStatus } from './handle-status.tsx';

/** The toast's English title, as tests look for it. */
export const START_SELLING_FAILED = translate('en', 'accounts.startSelling.failed');

export interface StartSellingFormProps {
  account: NonNullable<Me['account']>;
  startSelling: ReturnType<typeof useStartSelling>;
  errorToast: ErrorToast;
  onStarted: (me: Me) => void;
  onNotNow: () => void;
}

/**
 * "Start selling on Kholo?" (issue 23): an account without a creator page becomes a creator only
 * here, once she has chosen her handle and said yes. Nothing is sent until she does.
 */
export function StartSellingForm({ account, startSelling, errorToast, onStarted, onNotNow }: StartSellingFormProps) {
  const { t, tm } = useT();
  const id = useId();
  const handleId = `${id}-handle`;
  const nameId = `${id}-name`;
  const { run } = useSingleFlight(startSelling.isPending);
  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<StartSellingInput, unknown, z.output<typeof startSellingInput>>({
    resolver: zodResolver(startSellingInput),
    defaultValues: { handle: handleFromName(account.name), name: account.name.trim() },
    reValidateMode: 'onSubmit',
  });
  const handle = useWatch({ control, name: 'handle' });

  const { normalized: normalizedHandle, status: handleStatus } = useHandleStatus(handle);

  const send = async (values: z.output<typeof startSellingInput>) => {
    if (handleStatus?.kind === 'taken') {
      // The status line under the field already says why; it is part of the field's description.
      setFocus('handle');
      return;
    }
    try {
      onStarted(await startSelling.mutateAsync(values));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      const onAField = setServerFieldErrors(setError, error, { handle: 'handle', name: 'name' });
      if (apiError?.code === 'HANDLE_TAKEN' && !apiError.fields.handle) {
        setError('handle', { type: 'server', message: apiError.message }, { shouldFocus: !onAField });
        return;
      }
      if (!onAField) errorToast.show(t('accounts.startSelling.failed'), apiError?.message ?? UNEXPECTED_ERROR_MESSAGE);
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      errorToast.dismiss();
      await handleSubmit(send)();
    });
  };

  const site = getPublicConfig().publicUrl.replace(/^https?:\/\//, '');
  const statusId = `${handleId}-status`;
  const handleError = localized(tm, errors.handle?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
      <ul className="space-y-3 rounded-2xl bg-marigold-50 p-4 text-[0.9375rem] leading-6 text-ink-800 ring-1 ring-marigold-200/70">
        <li className="flex items-start gap-3">
          <Globe aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-marigold-800" />
          <span className="min-w-0 break-words">
            {t('accounts.startSelling.pageAtStart')}{' '}
            <strong className="font-semibold break-words text-ink-950">
              {site}/u/{normalizedHandle || '…'}
            </strong>{' '}
            {t('accounts.startSelling.pageAtEnd')}
          </span>
        </li>
        <li className="flex items-start gap-3">
          <ShoppingBag aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-marigold-800" />
          <span>{t('accounts.startSelling.boughtStays')}</span>
        </li>
      </ul>

      <div className="space-y-2">
        <label htmlFor={handleId} className="block text-sm font-semibold text-ink-950">
          {t('accounts.startSelling.handleLabel')}
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-4 grid place-items-center font-medium text-ink-muted"
          >
            /u/
          </span>
          <Input
            id={handleId}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={HANDLE_MAX}
            className="pl-11"
            {...register('handle', {
              onChange: () => {
                clearErrors('handle');
              },
            })}
            aria-invalid={
              Boolean(handleError) || handleStatus?.kind === 'invalid' || handleStatus?.kind === 'taken' || undefined
            }
            aria-describedby={cn(`${handleId}-hint`, statusId, handleError && `${handleId}-error`)}
          />
        </div>
        <p id={`${handleId}-hint`} className="text-sm text-ink-muted">
          {t('accounts.startSelling.handleHint')}
        </p>
        <p id={statusId} aria-live="polite" className="min-h-5 text-sm font-medium">
          {/* The server's answer to "Start selling" overrides an earlier check. */}
          {handleError ? null : <HandleStatusText status={handleStatus} handle={normalizedHandle} />}
        </p>
        {handleError ? (
          <p id={`${handleId}-error`} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {handleError}
          </p>
        ) : null}
      </div>

      <Field
        id={nameId}
        label={t('accounts.startSelling.nameLabel')}
        error={localized(tm, errors.name?.message)}
        hint={t('accounts.startSelling.nameHint')}
      >
        <Input
          id={nameId}
          autoComplete="name"
          autoCapitalize="words"
          maxLength={ACCOUNT_LIMITS.nameMax}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={fieldDescribedBy(nameId, { error: errors.name?.message, hint: true })}
          {...register('name', {
            onChange: () => {
              clearErrors('name');
            },
          })}
        />
      </Field>

      <div className="space-y-3 pt-1">
        <SubmitButton busy={startSelling.isPending} busyLabel={t('accounts.startSelling.opening')}>
          {t('accounts.startSelling.submit')}
        </SubmitButton>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          aria-disabled={startSelling.isPending}
          onClick={() => {
            if (!startSelling.isPending) onNotNow();
          }}
        >
          {t('accounts.startSelling.notNow')}
        </Button>
      </div>
    </form>
  );
}
