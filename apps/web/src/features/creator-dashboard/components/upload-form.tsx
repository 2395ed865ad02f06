import {
  chosenMediaKind,
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  formatPaise,
  LOCALE_TAGS,
  type Locale,
  MAX_UPLOAD_BYTES,
  MIN_PRICE_PAISE,
  UNLOCK_WINDOW_DAYS,
  UPLOAD_ATTESTATION_TEXT,
} from '@kholo/contracts';
import { CircleAlert, CircleCheck, ImagePlus, Upload, X } from 'lucide-react';
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
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useMe } from '../../accounts/index.ts';
import { UPLOAD_PAUSED } from '../api/resumable-file.ts';
import { useUploadContent, type UploadContentInput } from '../api/upload-content.ts';
import { PriceInput } from './price-input.tsx';
import {
  chosenFileProblem,
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

function sizeText(bytes: number, locale: Locale): string {
  const tag = LOCALE_TAGS[locale];
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toLocaleString(tag, { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(tag)} KB`;
}

/**
 * The Upload tab (SPEC §2, §4, §5), phone first (issue 26): the photo or video is picked first
 * (a big tap target) and previewed, then title and price, an optional description, the 18+
 * switch and the attestation. The file goes resumably (tus, ADR 028): a dropped connection is
 * retried by itself, and after a reload the same file picks up where it stopped ("Resuming from
 * 65 %"). Idle → a progress bar with bytes and percent, and Cancel → a green banner and a
 * toast, or the server's message ('Upload failed.' when it gave none).
 */
export function UploadForm({ onShowContent }: { onShowContent: () => void }) {
  const { t, tm, tRich, locale } = useT();
  const id = useId();
  const fieldId = (name: FieldPath<UploadFormValues>) => `${id}-${name}`;
  const { maxPricePaise } = getPublicConfig();
  const accountId = useMe().data?.account?.id ?? 'signed-out';
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
    // Focus is given below, in the form's order.
    shouldFocusError: false,
  });
  const { field: fileField } = useController({ control, name: 'file' });
  const file = fileField.value;
  const description = useWatch({ control, name: 'description' });
  const formError = errors.root?.form?.message;
  // Messages are kept as they came (English rules, the server's words) and said in her language here.
  const fieldError = (name: FieldPath<UploadFormValues>) => {
    const message = errors[name]?.message;
    return message === undefined ? undefined : tm(message);
  };

  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [sent, setSent] = useState<{ bytes: number; total: number }>({ bytes: 0, total: 0 });
  const [resumedFrom, setResumedFrom] = useState<number | null>(null);
  const [uploadedTitle, setUploadedTitle] = useState<string | null>(null);

  const fileRef = useRef<HTMLInputElement | null>(null);
  // The object URL on screen, so it can be revoked when the file changes and when the form goes.
  const previewRef = useRef<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const focusAfterRender = useRef<UploadFieldName | null>(null);
  // The chosen file once it is whole on the server: if the item is refused (a field the server
  // checks), pressing Upload again makes it from the same bytes instead of sending them again.
  const uploadedRef = useRef<{ file: File; uploadId: string } | null>(null);

  const replacePreview = (url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreviewUrl(url);
  };

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
      // Leaving the dashboard mid-upload pauses it: the same file resumes later. Only Cancel deletes.
      abortRef.current?.abort(UPLOAD_PAUSED);
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

  // Closing the tab mid-upload pauses it (the same file resumes later): ask first all the same.
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
    // Checked before any byte is sent: a 73 MB video is told its size and how to shrink it now.
    const problem = chosen ? chosenFileProblem(chosen) : null;
    if (problem) setError('file', { type: 'validate', message: problem });
    else clearErrors('file');
    replacePreview(chosen && !problem ? URL.createObjectURL(chosen) : null);
  };

  const send = async (input: UploadContentInput) => {
    setSent({ bytes: 0, total: input.file.size });
    setResumedFrom(null);
    const controller = new AbortController();
    abortRef.current = controller;
    let sentFraction = 0;
    try {
      const uploaded = await upload.mutateAsync({
        input,
        options: {
          accountId,
          signal: controller.signal,
          onProgress: (bytes, total) => {
            sentFraction = total > 0 ? bytes / total : 0;
            setSent({ bytes, total });
          },
          onResume: setResumedFrom,
          uploadId: uploadedRef.current?.file === input.file ? uploadedRef.current.uploadId : undefined,
          onUploaded: (uploadId) => {
            uploadedRef.current = { file: input.file, uploadId };
          },
        },
      });
      uploadedRef.current = null;
      reset(EMPTY_FORM);
      replacePreview(null);
      if (fileRef.current) fileRef.current.value = '';
      setUploadedTitle(uploaded.title);
      toast.success(tm(CONTENT_MESSAGES.uploadSuccessful));
    } catch (error) {
      if (controller.signal.aborted) return;
      // Gone (swept after a day, or used): the next try sends the file anew.
      if (error instanceof ApiError && error.status === 404) uploadedRef.current = null;
      if (!(error instanceof ApiError)) {
        setError(FORM_ERROR, { type: 'server', message: CONTENT_MESSAGES.uploadFailed });
        return;
      }
      if (error.code === 'NETWORK_ERROR' && sentFraction > 0) {
        // What arrived stays on the server: the same file picks up from there.
        const message = `${tm(CONTENT_MESSAGES.uploadFailed)} ${t('dashboardUpload.connectionDropped', { percent: formatPercent(sentFraction) })}`;
        setError(FORM_ERROR, { type: 'server', message });
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

  const cancel = () => {
    uploadedRef.current = null;
    abortRef.current?.abort();
    upload.reset();
  };

  const fraction = sent.total > 0 ? Math.min(1, sent.bytes / sent.total) : 0;
  const percent = Math.round(fraction * 100);
  // Announced in quarters, not every percent, so a screen reader isn't flooded.
  const announcedPercent = Math.floor(percent / 25) * 25;
  // By its name when the browser gives no type (a .MOV or .HEIC on some phones).
  const fileIsVideo = file !== null && chosenMediaKind(file) === 'video';

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={formError ? `${id}-form-error` : undefined}>
      <p className="mt-1 max-w-2xl leading-7 text-ink-muted">
        {t('dashboardUpload.lead', { days: UNLOCK_WINDOW_DAYS })}
      </p>

      {/* Not a live region: the 'Upload Successful!' toast is the announcement, once. */}
      {uploadedTitle ? (
        <div className="mt-5">
          <div className="flex flex-col gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-3 text-sm leading-6">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              <span>
                <strong className="font-bold">{tm(CONTENT_MESSAGES.uploadSuccessful)}</strong>{' '}
                <span className="break-words">{t('dashboardUpload.onPageNow', { title: uploadedTitle })}</span>
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={onShowContent} className="self-start sm:self-auto">
              {t('dashboardUpload.seeContent')}
            </Button>
          </div>
        </div>
      ) : null}

      <fieldset
        disabled={busy}
        className="mt-6 grid min-w-0 gap-6 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1fr)] lg:gap-8"
      >
        <legend className="sr-only">{t('dashboardUpload.legend')}</legend>
        <div className="min-w-0 space-y-3">
          <MediaPicker
            id={fieldId('file')}
            file={file}
            previewUrl={previewUrl}
            isVideo={fileIsVideo}
            error={fieldError('file')}
            inputRef={(element) => {
              fileRef.current = element;
              fileField.ref(element);
            }}
            name={fileField.name}
            onBlur={fileField.onBlur}
            onChoose={chooseFile}
          />
        </div>

        <div className="min-w-0 space-y-5">
          <Field id={fieldId('title')} label={t('dashboardUpload.title')} error={fieldError('title')}>
            <Input
              id={fieldId('title')}
              autoComplete="off"
              enterKeyHint="next"
              maxLength={CONTENT_LIMITS.titleMax}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('title'), { error: fieldError('title') })}
              {...textField('title')}
            />
          </Field>
          <Field
            id={fieldId('price')}
            label={t('dashboardUpload.price')}
            error={fieldError('price')}
            hint={t('dashboardUpload.priceHint', {
              min: formatPaise(MIN_PRICE_PAISE, locale),
              max: formatPaise(maxPricePaise, locale),
            })}
          >
            <PriceInput
              id={fieldId('price')}
              field={textField('price')}
              error={fieldError('price')}
              placeholder="499"
            />
          </Field>
          <Field
            id={fieldId('description')}
            label={t('dashboardUpload.description')}
            error={fieldError('description')}
            hint={t('dashboardUpload.characters', {
              count: description.length.toLocaleString(LOCALE_TAGS[locale]),
              max: CONTENT_LIMITS.descriptionMax.toLocaleString(LOCALE_TAGS[locale]),
            })}
          >
            <Textarea
              id={fieldId('description')}
              rows={3}
              maxLength={CONTENT_LIMITS.descriptionMax}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('description'), {
                error: fieldError('description'),
                hint: true,
              })}
              className="min-h-28"
              {...textField('description')}
            />
          </Field>
          <AdultSwitch id={fieldId('isAdultContent')} field={register('isAdultContent')} />
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
          <span className="min-w-0 break-words">{tm(formError)}</span>
        </p>
      ) : null}

      {busy ? (
        <div className="mt-6 space-y-2">
          {resumedFrom !== null ? (
            <p className="text-sm font-semibold text-emerald-800">
              {t('dashboardUpload.resumingFrom', { percent: formatPercent(resumedFrom) })}
            </p>
          ) : null}
          <div className="flex items-center justify-between gap-3 text-sm font-semibold text-ink-950">
            <span id={`${id}-progress-label`}>
              {t(percent >= 100 ? 'dashboardUpload.finishing' : 'dashboardUpload.uploadingFile')}
            </span>
            <span aria-hidden="true">{percent}%</span>
          </div>
          <progress
            value={percent}
            max={100}
            aria-labelledby={`${id}-progress-label`}
            className="block h-2.5 w-full overflow-hidden rounded-full bg-ink-100 [&::-moz-progress-bar]:bg-marigold-400 [&::-webkit-progress-bar]:bg-ink-100 [&::-webkit-progress-value]:bg-marigold-400 [&::-webkit-progress-value]:transition-[width]"
          />
          <p className="text-sm text-ink-muted">
            {t('dashboardUpload.sentOf', { sent: sizeText(sent.bytes, locale), total: sizeText(sent.total, locale) })}
          </p>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {busy
          ? `${resumedFrom !== null ? t('dashboardUpload.resumingLive', { percent: formatPercent(resumedFrom) }) : ''}${t('dashboardUpload.uploadedLive', { percent: announcedPercent })}`
          : ''}
      </p>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        {/* aria-disabled rather than disabled keeps keyboard focus on the button while it works;
            the single-flight guard is what refuses a second submit. */}
        <Button type="submit" size="lg" aria-disabled={busy} className="w-full sm:w-auto">
          {busy ? (
            <>
              <ButtonSpinner />
              {t('dashboardUpload.uploading')}
            </>
          ) : (
            <>
              <Upload aria-hidden="true" className="size-4" />
              {t('dashboardUpload.upload')}
            </>
          )}
        </Button>
        {busy ? (
          <Button variant="outline" size="lg" onClick={cancel} className="w-full sm:w-auto">
            <X aria-hidden="true" className="size-4" />
            {t('dashboardUpload.cancel')}
          </Button>
        ) : (
          <p className="text-sm text-ink-muted">
            {tRich('dashboardUpload.termsRich', {
              link: (
                <Link
                  to="/TermsAndConditions"
                  className="font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
                >
                  {t('dashboardUpload.terms')}
                </Link>
              ),
            })}
          </p>
        )}
      </div>
    </form>
  );
}

function formatPercent(fraction: number): string {
  return `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100)} %`;
}

/**
 * The chosen photo, or, where this browser cannot draw it (a HEIC photo in Chrome), a note in its
 * place: the server turns it into a JPEG, so fans will see it either way.
 */
function PhotoPreview({ src, name }: { src: string; name: string }) {
  const { t } = useT();
  const [drawable, setDrawable] = useState(true);
  if (!drawable) {
    return (
      <span className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-ink-100 p-6 text-center text-sm text-ink-muted">
        <ImagePlus aria-hidden="true" className="size-7 text-ink-500" />
        {t('dashboardUpload.noPreview')}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={t('dashboardUpload.previewOf', { name })}
      onError={() => {
        setDrawable(false);
      }}
      className="aspect-video w-full bg-ink-100 object-contain"
    />
  );
}

/**
 * The photo or video, first on the form: the whole box is the tap target (the native input is
 * inside it, so the label, the keyboard and a screen reader all reach the same control), and it
 * turns into the preview once a file is chosen: the picture, or the video's first frame.
 */
function MediaPicker({
  id,
  file,
  previewUrl,
  isVideo,
  error,
  inputRef,
  name,
  onBlur,
  onChoose,
}: {
  id: string;
  file: File | null;
  previewUrl: string | null;
  isVideo: boolean;
  error: string | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
  name: string;
  onBlur: () => void;
  onChoose: (file: File | null) => void;
}) {
  const { t, locale } = useT();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosen = previewUrl !== null && file !== null;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-semibold text-ink-950">
        {t('dashboardUpload.photoOrVideo')}
      </p>
      {/* The whole box is a label, so a tap anywhere on it opens the picker. */}
      <label
        htmlFor={id}
        className={cn(
          'group relative block cursor-pointer overflow-hidden rounded-2xl border-2 border-dashed bg-ink-50/60 transition-colors hover:border-ink-400 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-(--focus-ring)',
          error ? 'border-red-600' : 'border-ink-300',
        )}
      >
        {/* A file input is never controlled: the form holds the chosen File, the input only picks it. */}
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept="image/*,video/*,.heic,.heif,.mov,image/heic,image/heif,video/quicktime"
          onChange={(event) => {
            onChoose(event.target.files?.[0] ?? null);
          }}
          onBlur={onBlur}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          className="sr-only"
        />
        {chosen ? (
          <figure>
            {isVideo ? (
              // The first frame is the poster: `#t=0.001` makes phones draw it before play.
              <video
                src={`${previewUrl}#t=0.001`}
                muted
                playsInline
                preload="metadata"
                aria-label={t('dashboardUpload.previewOf', { name: file.name })}
                className="aspect-video w-full bg-ink-950 object-contain"
              />
            ) : (
              <PhotoPreview key={previewUrl} src={previewUrl} name={file.name} />
            )}
            <figcaption className="flex min-w-0 items-center justify-between gap-3 bg-white px-4 py-2.5 text-sm">
              <span className="min-w-0 truncate font-medium text-ink-950">{file.name}</span>
              <span className="shrink-0 text-ink-muted">
                {sizeText(file.size, locale)} ·{' '}
                <span className="font-semibold text-ink-800 underline decoration-2 underline-offset-4">
                  {t('dashboardUpload.change')}
                </span>
              </span>
            </figcaption>
          </figure>
        ) : (
          <span className="flex min-h-56 flex-col items-center justify-center gap-3 p-6 text-center sm:min-h-64">
            <span className="grid size-14 place-items-center rounded-full bg-ink-950 text-white">
              <ImagePlus aria-hidden="true" className="size-7" />
            </span>
            <span className="text-base font-semibold text-ink-950">{t('dashboardUpload.choose')}</span>
            <span className="text-sm text-ink-muted">{file ? file.name : t('dashboardUpload.chooseHint')}</span>
          </span>
        )}
      </label>
      <p id={hintId} className="text-sm text-ink-muted">
        {t('dashboardUpload.fileTypes', { megabytes: MAX_UPLOAD_MB })}
      </p>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          <span className="min-w-0 break-words">{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The 18+ flag as a switch. On Kholo 18+ means mature, never sexual (DESIGN §7): the Terms forbid
 * sexually explicit content, so the label says so where the choice is made.
 */
function AdultSwitch({ id, field }: { id: string; field: UseFormRegisterReturn<'isAdultContent'> }) {
  const { t } = useT();
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
          {t('dashboardUpload.adult')}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm leading-6 text-ink-muted">
          {t('dashboardUpload.adultHint')}
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
  const { tm } = useT();
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
          {tm(UPLOAD_ATTESTATION_TEXT)}
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
