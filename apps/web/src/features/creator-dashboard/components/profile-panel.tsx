import {
  ACCOUNT_LIMITS,
  AVATAR_ACCEPT,
  chosenMediaKind,
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  HANDLE_MAX,
  LOCALE_TAGS,
  profileUpdateInput,
  translate,
  type CreatorProfile,
  type ProfileUpdateInput,
} from '@kholo/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field, fieldDescribedBy, Input, Textarea } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { HandleStatusText, useHandleStatus } from '../../accounts/index.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { PayoutAccountSummary } from './payout-account-summary.tsx';

export const PROFILE_SAVED_MESSAGE = translate('en', 'dashboard.profile.saved');
export const AVATAR_SAVED_MESSAGE = translate('en', 'dashboard.profile.avatarSaved');
export const NOTHING_TO_SAVE_MESSAGE = translate('en', 'dashboard.profile.nothingToSave');

const AVATAR_MAX_MB = CONTENT_LIMITS.avatarMaxBytes / (1024 * 1024);

/**
 * The Profile tab (SPEC §2): avatar, name, bio and handle; the email is read-only. Below, where
 * she is paid, changed in the Wallet.
 */
export function ProfilePanel({ creator, onOpenWallet }: { creator: CreatorProfile; onOpenWallet: () => void }) {
  return (
    <div className="mt-5 space-y-8">
      <AvatarPicker creator={creator} />
      <ProfileForm creator={creator} />
      <PayoutAccountSummary onOpenWallet={onOpenWallet} />
    </div>
  );
}

function AvatarPicker({ creator }: { creator: CreatorProfile }) {
  const id = useId();
  const { t, tm } = useT();
  const inputId = `${id}-avatar`;
  const upload = useUploadAvatar();
  const busy = upload.isPending;
  const { run } = useSingleFlight(busy);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again still counts as a change.
    input.value = '';
    if (!file) return;
    await run(async () => {
      // SPEC §5: images only.
      if (chosenMediaKind(file) !== 'image') {
        toast.error(tm(CONTENT_MESSAGES.onlyImages));
        return;
      }
      if (file.size > CONTENT_LIMITS.avatarMaxBytes) {
        toast.error(tm(CONTENT_MESSAGES.avatarFailed), {
          description: t('dashboard.profile.avatarTooLarge', { megabytes: AVATAR_MAX_MB }),
        });
        return;
      }
      try {
        await upload.mutateAsync(file);
        toast.success(t('dashboard.profile.avatarSaved'));
      } catch (error) {
        // SPEC §8: toast 'Failed to upload avatar', with the server's reason under it.
        toast.error(tm(CONTENT_MESSAGES.avatarFailed), {
          description: tm(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE),
        });
      }
    });
  };

  return (
    <div className="flex items-center gap-4 sm:gap-5">
      <div className="relative size-20 shrink-0 sm:size-24">
        {creator.avatarUrl ? (
          <img
            src={creator.avatarUrl}
            alt={t('dashboard.profile.avatarAlt')}
            className="size-full rounded-full bg-ink-100 object-cover ring-4 ring-marigold-100"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-full place-items-center rounded-full bg-ink-950 text-3xl font-extrabold text-marigold-300 uppercase ring-4 ring-marigold-100"
          >
            {creator.name.trim().charAt(0) || '?'}
          </span>
        )}
        {busy ? (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-ink-950/55">
            <LoaderCircle aria-hidden="true" className="size-7 text-white motion-safe:animate-spin" />
          </span>
        ) : null}
      </div>
      <div className="min-w-0">
        <input
          id={inputId}
          type="file"
          accept={AVATAR_ACCEPT}
          disabled={busy}
          onChange={(event) => {
            void onChange(event);
          }}
          aria-describedby={`${inputId}-hint`}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClasses({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--focus-ring)',
            busy && 'cursor-wait opacity-75',
          )}
        >
          {t(busy ? 'dashboard.profile.avatarUploading' : 'dashboard.profile.changeAvatar')}
        </label>
        <p id={`${inputId}-hint`} className="mt-2 text-sm text-ink-muted">
          {t('dashboard.profile.avatarHint', { megabytes: AVATAR_MAX_MB })}
        </p>
        <p aria-live="polite" className="sr-only">
          {busy ? t('dashboard.profile.avatarUploadingLive') : ''}
        </p>
      </div>
    </div>
  );
}

interface ProfileFormValues {
  name: string;
  bio: string;
  handle: string;
}
type FieldName = keyof ProfileFormValues;

function profileValues(creator: CreatorProfile): ProfileFormValues {
  return { name: creator.name, bio: creator.bio ?? '', handle: creator.handle };
}

/**
 * Only what changed, through the contracts' profileUpdateInput; the output is the PATCH body,
 * and an empty one means nothing changed.
 */
function profileResolver(creator: CreatorProfile): Resolver<ProfileFormValues, unknown, ProfileUpdateInput> {
  return ({ name, bio, handle }) => {
    const changes: ProfileUpdateInput = {};
    if (name.trim() !== creator.name) changes.name = name;
    if (bio.trim() !== (creator.bio ?? '')) changes.bio = bio;
    if (handle.trim().toLowerCase() !== creator.handle) changes.handle = handle;
    if (Object.keys(changes).length === 0) return { values: {}, errors: {} };
    const checked = profileUpdateInput.safeParse(changes);
    if (checked.success) return { values: checked.data, errors: {} };
    const errors: FieldErrors<ProfileFormValues> = {};
    for (const issue of checked.error.issues) {
      const key = String(issue.path[0]);
      if (key === 'name' || key === 'bio' || key === 'handle')
        errors[key] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors };
  };
}

function ProfileForm({ creator }: { creator: CreatorProfile }) {
  const { t, tm, locale } = useT();
  const id = useId();
  const fieldId = (name: FieldName | 'email') => `${id}-${name}`;
  const update = useUpdateProfile();
  const { busy, run } = useSingleFlight(update.isPending);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<ProfileFormValues, unknown, ProfileUpdateInput>({
    resolver: profileResolver(creator),
    defaultValues: profileValues(creator),
    // A field's message stays until it is changed (and goes then): the checks run on save.
    reValidateMode: 'onSubmit',
  });
  const [bio, handle] = useWatch({ control, name: ['bio', 'handle'] });
  const [note, setNote] = useState('');

  const { normalized: normalizedHandle, status: handleStatus } = useHandleStatus(handle, creator.handle);

  /** A field's registration: changing it takes its message and the note away. */
  const field = <Name extends FieldName>(name: Name) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setNote('');
      },
    });

  const save = async (changes: ProfileUpdateInput) => {
    if (Object.keys(changes).length === 0) {
      setNote(t('dashboard.profile.nothingToSave'));
      return;
    }
    if (changes.handle !== undefined && handleStatus?.kind === 'taken') {
      // The status line under the field already says why; it is part of the field's description.
      setFocus('handle');
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      reset(profileValues(saved));
      toast.success(t('dashboard.profile.saved'));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      // SPEC §8: 'Failed to update profile', with the server's reason under it.
      toast.error(tm(CONTENT_MESSAGES.profileFailed), {
        description: tm(apiError?.message ?? UNEXPECTED_ERROR_MESSAGE),
      });
      const onAField = setServerFieldErrors(setError, error, { name: 'name', bio: 'bio', handle: 'handle' });
      if (apiError?.code === 'HANDLE_TAKEN' && !apiError.fields.handle) {
        setError('handle', { type: 'server', message: apiError.message }, { shouldFocus: !onAField });
      }
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setNote('');
      await handleSubmit(save)();
    });
  };

  const tmOrUndefined = (message: string | undefined) => (message === undefined ? undefined : tm(message));
  const handleMessageId = `${fieldId('handle')}-status`;
  const publicUrl = getPublicConfig().publicUrl;

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-2xl space-y-5">
      <Field
        id={fieldId('name')}
        label={t('dashboard.profile.name')}
        error={tmOrUndefined(errors.name?.message)}
        hint={t('dashboard.profile.nameHint')}
      >
        <Input
          id={fieldId('name')}
          autoComplete="name"
          autoCapitalize="words"
          maxLength={ACCOUNT_LIMITS.nameMax}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={fieldDescribedBy(fieldId('name'), { error: errors.name?.message, hint: true })}
          {...field('name')}
        />
      </Field>
      <Field
        id={fieldId('bio')}
        label={t('dashboard.profile.bio')}
        error={tmOrUndefined(errors.bio?.message)}
        hint={t('dashboard.profile.bioHint', {
          count: bio.length.toLocaleString(LOCALE_TAGS[locale]),
          max: CONTENT_LIMITS.bioMax,
          defaultBio: tm(CONTENT_MESSAGES.defaultBio),
        })}
      >
        <Textarea
          id={fieldId('bio')}
          rows={3}
          maxLength={CONTENT_LIMITS.bioMax}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={fieldDescribedBy(fieldId('bio'), { error: errors.bio?.message, hint: true })}
          {...field('bio')}
        />
      </Field>
      <div className="space-y-2">
        <label htmlFor={fieldId('handle')} className="block text-sm font-semibold text-ink-950">
          {t('dashboard.profile.handle')}
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-4 grid place-items-center font-medium text-ink-muted"
          >
            /u/
          </span>
          <Input
            id={fieldId('handle')}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={HANDLE_MAX}
            className="pl-11"
            {...field('handle')}
            aria-invalid={
              Boolean(errors.handle) || handleStatus?.kind === 'invalid' || handleStatus?.kind === 'taken' || undefined
            }
            aria-describedby={cn(
              `${fieldId('handle')}-hint`,
              handleMessageId,
              errors.handle && `${fieldId('handle')}-error`,
            )}
          />
        </div>
        <p id={`${fieldId('handle')}-hint`} className="text-sm break-words text-ink-muted">
          {t('dashboard.profile.handleHint', { url: `${publicUrl}/u/${normalizedHandle || '…'}` })}
        </p>
        <p id={handleMessageId} aria-live="polite" className="min-h-5 text-sm font-medium">
          {/* The server's answer to a save overrides an earlier check. */}
          {errors.handle ? null : <HandleStatusText status={handleStatus} handle={normalizedHandle} />}
        </p>
        {errors.handle ? (
          <p id={`${fieldId('handle')}-error`} className="text-sm font-medium text-red-700">
            {tm(errors.handle.message ?? '')}
          </p>
        ) : null}
      </div>
      <Field id={fieldId('email')} label={t('dashboard.profile.email')} hint={t('dashboard.profile.emailHint')}>
        <Input
          id={fieldId('email')}
          type="email"
          readOnly
          value={creator.email}
          aria-describedby={`${fieldId('email')}-hint`}
          className="read-only:bg-ink-50 read-only:text-ink-muted"
        />
      </Field>
      <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center">
        <Button type="submit" variant="dark" size="lg" aria-disabled={busy} className="w-full sm:w-auto">
          {t(busy ? 'dashboard.profile.saving' : 'dashboard.profile.save')}
        </Button>
        <p aria-live="polite" className="text-sm text-ink-muted">
          {note}
        </p>
      </div>
    </form>
  );
}
