import {
  CONTENT_LIMITS,
  contentUpdateInput,
  formatPaise,
  MIN_PRICE_PAISE,
  parseRupees,
  rupeesInputText,
  translate,
  type ContentUpdateInput,
  type StudioContent,
} from '@kholo/contracts';
import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useRef, type SubmitEvent } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Input, Textarea } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { useUpdateContent } from '../api/update-content.ts';
import { PriceInput } from './price-input.tsx';

interface EditFormValues {
  title: string;
  description: string;
  /** In rupees, as typed. */
  price: string;
}
type FieldName = keyof EditFormValues;

/** The server names the price `pricePaise`; the form's field is in rupees. */
const SERVER_FIELDS = { title: 'title', description: 'description', pricePaise: 'price' } as const satisfies Record<
  string,
  FieldName
>;
/** Where a message for the whole form lives among its errors (the server's goes there too). */
const FORM_ERROR = 'root.form';

export const CONTENT_SAVED_MESSAGE = translate('en', 'dashboardContent.editDialog.saved');

/**
 * The price in rupees first, then only what changed, through the contracts' contentUpdateInput.
 * The output is the PATCH body; an empty one means nothing changed.
 */
function editResolver(
  item: StudioContent,
  maxPricePaise: number,
): Resolver<EditFormValues, unknown, ContentUpdateInput> {
  return ({ title, description, price }) => {
    const parsedPrice = parseRupees(price, maxPricePaise);
    if ('error' in parsedPrice) {
      return { values: {}, errors: { price: { type: 'validate', message: parsedPrice.error } } };
    }
    const changes: ContentUpdateInput = {};
    if (title.trim() !== item.title) changes.title = title;
    if (description.trim() !== item.description) changes.description = description;
    if (parsedPrice.paise !== item.pricePaise) changes.pricePaise = parsedPrice.paise;
    if (Object.keys(changes).length === 0) return { values: {}, errors: {} };
    const checked = contentUpdateInput.safeParse(changes);
    if (checked.success) return { values: checked.data, errors: {} };
    const errors: FieldErrors<EditFormValues> = {};
    for (const issue of checked.error.issues) {
      const name = (SERVER_FIELDS as Record<string, FieldName | undefined>)[String(issue.path[0])];
      if (name) errors[name] ??= { type: 'validate', message: issue.message };
    }
    if (Object.keys(errors).length === 0) {
      errors.root = { form: { type: 'validate', message: checked.error.issues[0]?.message ?? '' } };
    }
    return { values: {}, errors };
  };
}

/** Edits an item's title, description and price with the contracts' rules (contentUpdateInput). */
export function EditContentDialog({ item, onClose }: { item: StudioContent; onClose: () => void }) {
  const { t, tm, locale } = useT();
  const id = useId();
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { maxPricePaise } = getPublicConfig();
  const update = useUpdateContent();
  const { run } = useSingleFlight(update.isPending);

  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<EditFormValues, unknown, ContentUpdateInput>({
    resolver: editResolver(item, maxPricePaise),
    defaultValues: { title: item.title, description: item.description, price: rupeesInputText(item.pricePaise) },
    // A field's message stays until it is changed (and goes then): the checks run on save.
    reValidateMode: 'onSubmit',
  });
  const formError = errors.root?.form?.message;
  const fieldError = (name: FieldName) => {
    const message = errors[name]?.message;
    return message === undefined ? undefined : tm(message);
  };

  // The Dialog opens itself in its own (earlier) effect; then focus goes to the first field.
  useEffect(() => {
    setFocus('title');
  }, [setFocus]);

  const close = () => dialogRef.current?.close();

  /** A field's registration: changing it takes its message and the form's away. */
  const field = <Name extends FieldName>(name: Name) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        clearErrors(FORM_ERROR);
      },
    });

  const save = async (changes: ContentUpdateInput) => {
    // Only what changed is sent.
    if (Object.keys(changes).length === 0) {
      close();
      return;
    }
    try {
      await update.mutateAsync({ id: item.id, input: changes });
      close();
      toast.success(t('dashboardContent.editDialog.saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setError(FORM_ERROR, { type: 'server', message: UNEXPECTED_ERROR_MESSAGE });
        return;
      }
      setServerFieldErrors(setError, error, SERVER_FIELDS);
      setError(FORM_ERROR, { type: 'server', message: error.message });
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => handleSubmit(save)());
  };

  const busy = update.isPending;
  const titleId = `${id}-heading`;
  const descriptionId = `${id}-intro`;

  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="pt-1.5 text-2xl font-extrabold tracking-tight text-ink-950">
            {t('dashboardContent.editDialog.title')}
          </h2>
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <p id={descriptionId} className="mt-2 leading-7 text-ink-muted">
          {t('dashboardContent.editDialog.lead')}
        </p>
        <div className="mt-6 space-y-5">
          <Field id={fieldId('title')} label={t('dashboardContent.editDialog.titleField')} error={fieldError('title')}>
            <Input
              id={fieldId('title')}
              autoComplete="off"
              maxLength={CONTENT_LIMITS.titleMax}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('title'), { error: fieldError('title') })}
              {...field('title')}
            />
          </Field>
          <Field
            id={fieldId('description')}
            label={t('dashboardContent.editDialog.description')}
            error={fieldError('description')}
          >
            <Textarea
              id={fieldId('description')}
              rows={4}
              maxLength={CONTENT_LIMITS.descriptionMax}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('description'), { error: fieldError('description') })}
              {...field('description')}
            />
          </Field>
          <Field
            id={fieldId('price')}
            label={t('dashboardContent.editDialog.price')}
            error={fieldError('price')}
            hint={t('dashboardContent.editDialog.priceHint', {
              min: formatPaise(MIN_PRICE_PAISE, locale),
              max: formatPaise(maxPricePaise, locale),
            })}
          >
            <PriceInput id={fieldId('price')} field={field('price')} error={fieldError('price')} />
          </Field>
          {formError ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {tm(formError)}
            </p>
          ) : null}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            {t('dashboardContent.editDialog.cancel')}
          </Button>
          <Button type="submit" variant="dark" aria-disabled={busy}>
            {t(busy ? 'dashboardContent.editDialog.saving' : 'dashboardContent.editDialog.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
