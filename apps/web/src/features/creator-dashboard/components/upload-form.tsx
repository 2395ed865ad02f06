import {
  checkChosenMedia,
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  formatPaise,
  MAX_UPLOAD_BYTES,
  MIN_PRICE_PAISE,
  UNLOCK_WINDOW_DAYS,
  UPLOAD_ATTESTATION_TEXT,
} from '@kholo/contracts';
import { CircleAlert, CircleCheck, ImageUp, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useController, useForm, useWatch, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonSpinner } from '../../../components/ui/spinner.tsx';
import { Field, fieldDescribedBy, Input, Textarea } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useUploadContent, type UploadContentInput } from '../api/upload-content.ts';
import { PriceInput } from './price-input.tsx';
import {
  FIELD_ORDER,
  FORM_ERROR,
  SERVER_FIELDS,
  uploadFormResolver,
  type UploadFieldName,
  type UploadFormValues,
} from './upload-form-resolver.ts';

/** SPEC §4: the green banner goes away 5 s after a successful upload. */
export const UPLOAD_BANNER_MS = 5000;

const EMPTY_FORM: UploadFormValues = {
  title: '',
  description: '',
  price: '',
  isAdultContent: false,
  file: null,
  attested: false,
};

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toLocaleString('en-IN', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-IN')} KB`;
}

/**
 * The Upload tab (SPEC §2, §4, §5): title, description, price in rupees, an image or video, and
 * whether it is 18+. Idle → 'Uploading...' with a real progress bar → a green banner and a toast,
 * or the server's message ('Upload failed.' when it gave none).
 */
export function UploadForm({ onShowContent }: { onShowContent: () => void }) {
  const id = useId();
  const fieldId = (name: FieldPath<UploadFormValues>) => `${id}-${name}`;
  const { maxPricePaise } = getPublicConfig();
  const upload = useUploadContent();
  // The mutation is pending from the request to its answer: the fieldset, the button and the bar follow it.
  const busy = upload.isPending;
  const { run } = useSingleFlight(busy);

  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    clearErrors,
    setFocus,
    getFieldState,
    formState: { errors },
  } = useForm<UploadFormValues, unknown, UploadContentInput>({
    resolver: uploadFormResolver(maxPricePaise),
    defaultValues: EMPTY_FORM,
    // A field's message stays until it is changed (and goes then), as the spec's checks run on submit.
    reValidateMode: 'onSubmit',
    // Focus is given below, in the form's order (the file's controller registers before the fields above it).
    shouldFocusError: false,
  });
  const { field: fileField } = useController({ control, name: 'file' });
  const file = fileField.value;
  const description = useWatch({ control, name: 'description' });
  const formError = errors.root?.form?.message;
  const fieldError = (name: FieldPath<UploadFormValues>) => errors[name]?.message;

  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [uploadedTitle, setUploadedTitle] = useState<string | null>(null);

  const fileRef = useRef<HTMLInputElement | null>(null);
  // The object URL on screen, so it can be revoked when the file changes and when the form goes.
  const previewRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const focusAfterRender = useRef<UploadFieldName | null>(null);

  const replacePreview = (url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreviewUrl(url);
  };

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
      abortRef.current?.abort();
    },
    [],
  );

  // SPEC §4: the banner is hidden 5 s after it appears.
  useEffect(() => {
    if (uploadedTitle === null) return;
    const timer = setTimeout(() => {
      setUploadedTitle(null);
    }, UPLOAD_BANNER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [uploadedTitle]);

  // The first field with an error gets focus once it is on screen and enabled again (the
  // fieldset is disabled while an upload runs, and a disabled field can't take focus).
  useEffect(() => {
    const name = focusAfterRender.current;
    if (busy || name === null) return;
    focusAfterRender.current = null;
    setFocus(name);
  });

  // Closing the tab mid-upload would lose it: ask first.
  useEffect(() => {
    if (!busy) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [busy]);

  /** A text field's registration: changing it takes its message and the form's away. */
  const textField = <Name extends 'title' | 'description' | 'price'>(name: Name): UseFormRegisterReturn<Name> =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        clearErrors(FORM_ERROR);
      },
    });

  const chooseFile = (chosen: File | null) => {
    fileField.onChange(chosen);
    clearErrors(FORM_ERROR);
    const problem = chosen ? checkChosenMedia(chosen) : null;
    if (problem) setError('file', { type: 'validate', message: problem });
    else clearErrors('file');
    replacePreview(chosen && !problem ? URL.createObjectURL(chosen) : null);
  };

  const send = async (input: UploadContentInput) => {
    setProgress(0);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const uploaded = await upload.mutateAsync({
        input,
        options: { onProgress: setProgress, signal: controller.signal },
      });
      reset(EMPTY_FORM);
      replacePreview(null);
      if (fileRef.current) fileRef.current.value = '';
      setUploadedTitle(uploaded.title);
      toast.success(CONTENT_MESSAGES.uploadSuccessful);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!(error instanceof ApiError)) {
        setError(FORM_ERROR, { type: 'server', message: CONTENT_MESSAGES.uploadFailed });
        return;
      }
      // The fieldset is still disabled here, so the focus this asks for waits for the effect above.
      setServerFieldErrors(setError, error, SERVER_FIELDS);
      focusAfterRender.current = FIELD_ORDER.find((name) => getFieldState(name).invalid) ?? null;
      setError(FORM_ERROR, { type: 'server', message: error.message });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setUploadedTitle(null);
      await handleSubmit(send, (invalid) => {
        focusAfterRender.current = FIELD_ORDER.find((name) => invalid[name]) ?? null;
      })();
    });
  };

  const percent = Math.round(progress * 100);
  // Announced in quarters, not every percent, so a screen reader isn't flooded.
  const announcedPercent = Math.floor(percent / 25) * 25;
  const fileIsVideo = file?.type.startsWith('video/') ?? false;

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={formError ? `${id}-form-error` : undefined}>
      <p className="mt-1 max-w-2xl leading-7 text-ink-muted">
        Fans see a blurred preview until they pay; each unlock gives them {UNLOCK_WINDOW_DAYS} days of access.
      </p>

      {/* Not a live region: the 'Upload Successful!' toast is the announcement, once. */}
      {uploadedTitle ? (
        <div className="mt-5">
          <div className="flex flex-col gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-3 text-sm leading-6">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              <span>
                <strong className="font-bold">{CONTENT_MESSAGES.uploadSuccessful}</strong>{' '}
                <span className="break-words">“{uploadedTitle}” is on your public page now.</span>
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={onShowContent} className="self-start sm:self-auto">
              See your content
            </Button>
          </div>
        </div>
      ) : null}

      <fieldset disabled={busy} className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)] lg:gap-8">
        <legend className="sr-only">New photo or video</legend>
        <div className="space-y-5">
          <Field id={fieldId('title')} label="Title" error={fieldError('title')}>
            <Input
              id={fieldId('title')}
              autoComplete="off"
              maxLength={CONTENT_LIMITS.titleMax}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('title'), { error: fieldError('title') })}
              {...textField('title')}
            />
          </Field>
          <Field
            id={fieldId('description')}
            label="Description"
            error={fieldError('description')}
            hint={`${description.length.toLocaleString('en-IN')} / ${CONTENT_LIMITS.descriptionMax.toLocaleString('en-IN')} characters`}
          >
            <Textarea
              id={fieldId('description')}
              rows={4}
              maxLength={CONTENT_LIMITS.descriptionMax}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('description'), {
                error: fieldError('description'),
                hint: true,
              })}
              {...textField('description')}
            />
          </Field>
          <Field
            id={fieldId('price')}
            label="Price (₹)"
            error={fieldError('price')}
            hint={`From ${formatPaise(MIN_PRICE_PAISE)} to ${formatPaise(maxPricePaise)}, like 499 or 49.50.`}
          >
            <PriceInput
              id={fieldId('price')}
              field={textField('price')}
              error={fieldError('price')}
              placeholder="499"
            />
          </Field>
          <AdultSwitch id={fieldId('isAdultContent')} field={register('isAdultContent')} />
        </div>

        <div className="space-y-3">
          <Field
            id={fieldId('file')}
            label="Photo or video"
            error={fieldError('file')}
            hint={`Photos (JPG, PNG, WebP, GIF) or videos (MP4, WebM, Ogg), up to ${MAX_UPLOAD_MB} MB.`}
          >
            {/* A file input is never controlled: the form holds the chosen File, the input only picks it. */}
            <input
              ref={(element) => {
                fileRef.current = element;
                fileField.ref(element);
              }}
              id={fieldId('file')}
              name={fileField.name}
              type="file"
              accept="image/*,video/*"
              onChange={(event) => {
                chooseFile(event.target.files?.[0] ?? null);
              }}
              onBlur={fileField.onBlur}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('file'), { error: fieldError('file'), hint: true })}
              className={cn(
                'block w-full cursor-pointer rounded-xl border border-dashed bg-ink-50/60 p-3 text-sm text-ink-muted transition-colors hover:border-ink-400',
                'file:mr-3 file:h-10 file:cursor-pointer file:rounded-full file:border-0 file:bg-ink-950 file:px-4 file:text-sm file:font-semibold file:text-white',
                errors.file ? 'border-red-600' : 'border-ink-300',
              )}
            />
          </Field>
          <div className="overflow-hidden rounded-2xl bg-ink-50 ring-1 ring-ink-950/8">
            {previewUrl && file ? (
              <figure>
                {fileIsVideo ? (
                  <video
                    src={previewUrl}
                    controls
                    muted
                    playsInline
                    preload="metadata"
                    aria-label={`Preview of ${file.name}`}
                    className="aspect-video w-full bg-ink-950 object-contain"
                  />
                ) : (
                  <img
                    src={previewUrl}
                    alt={`Preview of ${file.name}`}
                    className="aspect-video w-full bg-ink-100 object-contain"
                  />
                )}
                <figcaption className="flex min-w-0 items-center justify-between gap-3 px-4 py-2.5 text-sm">
                  <span className="truncate font-medium text-ink-950">{file.name}</span>
                  <span className="shrink-0 text-ink-muted">{sizeText(file.size)}</span>
                </figcaption>
              </figure>
            ) : (
              <div className="grid aspect-video place-items-center p-6 text-center text-sm text-ink-muted">
                <span className="flex flex-col items-center gap-2">
                  <ImageUp aria-hidden="true" className="size-8 text-ink-400" />A preview of your file shows here.
                </span>
              </div>
            )}
          </div>
        </div>
        <AttestationCheckbox
          id={fieldId('attested')}
          error={fieldError('attested')}
          field={register('attested', {
            onChange: () => {
              clearErrors('attested');
            },
          })}
        />
      </fieldset>

      {formError ? (
        <p
          id={`${id}-form-error`}
          role="alert"
          className="mt-6 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {formError}
        </p>
      ) : null}

      {busy ? (
        <div className="mt-6 space-y-2">
          <div className="flex items-center justify-between text-sm font-semibold text-ink-950">
            <span id={`${id}-progress-label`}>{percent >= 100 ? 'Finishing up...' : 'Uploading your file'}</span>
            <span aria-hidden="true">{percent}%</span>
          </div>
          <progress
            value={percent}
            max={100}
            aria-labelledby={`${id}-progress-label`}
            className="block h-2.5 w-full overflow-hidden rounded-full bg-ink-100 [&::-moz-progress-bar]:bg-marigold-400 [&::-webkit-progress-bar]:bg-ink-100 [&::-webkit-progress-value]:bg-marigold-400 [&::-webkit-progress-value]:transition-[width]"
          />
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {busy ? `Uploaded ${announcedPercent}%` : ''}
      </p>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* aria-disabled rather than disabled keeps keyboard focus on the button while it works;
            the single-flight guard is what refuses a second submit. */}
        <Button type="submit" size="lg" aria-disabled={busy} className="w-full sm:w-auto">
          {busy ? (
            <>
              <ButtonSpinner />
              Uploading...
            </>
          ) : (
            <>
              <Upload aria-hidden="true" className="size-4" />
              Upload
            </>
          )}
        </Button>
        <p className="text-sm text-ink-muted">
          Everything you upload must follow our{' '}
          <Link
            to="/TermsAndConditions"
            className="font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
          >
            Terms
          </Link>
          .
        </p>
      </div>
    </form>
  );
}

/**
 * The 18+ flag as a switch. On Kholo 18+ means mature, never sexual (DESIGN §7): the Terms forbid
 * sexually explicit content, so the label says so where the choice is made.
 */
function AdultSwitch({ id, field }: { id: string; field: UseFormRegisterReturn<'isAdultContent'> }) {
  return (
    <div className="flex items-start gap-4 rounded-2xl bg-ink-50/70 p-4 ring-1 ring-ink-950/8">
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-hint`}
          className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full"
          {...field}
        />
        <span
          aria-hidden="true"
          className="h-7 w-12 rounded-full bg-ink-200 transition-colors peer-checked:bg-ink-950 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-(--focus-ring)"
        />
        <span
          aria-hidden="true"
          className="absolute top-1 left-1 size-5 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-5 peer-checked:bg-marigold-400"
        />
      </span>
      <div className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer text-sm font-semibold text-ink-950">
          18+ (mature content)
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm leading-6 text-ink-muted">
          Mature but not sexual, like horror, gore or strong language. Sexually explicit content is not allowed on
          Kholo. Fans confirm they are 18 or older before they see it.
        </p>
      </div>
    </div>
  );
}

/**
 * The upload attestation (issue 24 §4): required on every upload, never ticked to begin with, and
 * stored with the item (when, and under which Terms). Its words are the contracts', exactly.
 */
function AttestationCheckbox({
  id,
  error,
  field,
}: {
  id: string;
  error: string | undefined;
  field: UseFormRegisterReturn<'attested'>;
}) {
  return (
    <div className="lg:col-span-2">
      <div
        className={cn(
          'flex items-start gap-3 rounded-2xl p-4 ring-1',
          error ? 'bg-red-50/60 ring-red-300' : 'bg-ink-50/70 ring-ink-950/8',
        )}
      >
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-ink-950"
          {...field}
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-6 font-semibold text-ink-950">
          {UPLOAD_ATTESTATION_TEXT}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-2 flex items-start gap-1.5 text-sm font-medium text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
