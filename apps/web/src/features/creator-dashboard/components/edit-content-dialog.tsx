import {
  CONTENT_LIMITS,
  contentUpdateInput,
  formatPaise,
  MIN_PRICE_PAISE,
  parseRupees,
  type ContentUpdateInput,
  type StudioContent,
} from '@kholo/contracts';
import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Input, Textarea } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { useUpdateContent } from '../api/update-content.ts';
import { PriceInput } from './price-input.tsx';

type FieldName = 'title' | 'description' | 'price';
type FieldErrors = Partial<Record<FieldName, string | undefined>>;
const FIELD_ORDER: readonly FieldName[] = ['title', 'description', 'price'];
const FORM_FIELD: Record<string, FieldName> = { title: 'title', description: 'description', pricePaise: 'price' };

export const CONTENT_SAVED_MESSAGE = 'Changes saved';

/** 49950 → "499.50", 50000 → "500": the price as a person would type it. */
function rupeesInput(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/** Edits an item's title, description and price with the contracts' rules (contentUpdateInput). */
export function EditContentDialog({ item, onClose }: { item: StudioContent; onClose: () => void }) {
  const id = useId();
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const priceRef = useRef<HTMLInputElement>(null);
  const fieldRefs = { title: titleRef, description: descriptionRef, price: priceRef };
  const { maxPricePaise } = getPublicConfig();
  const update = useUpdateContent();
  const { run } = useSingleFlight(update.isPending);

  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description);
  const [price, setPrice] = useState(rupeesInput(item.pricePaise));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The Dialog opens itself in its own (earlier) effect; then focus goes to the first field.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  const close = () => dialogRef.current?.close();

  const showErrors = (fieldErrors: FieldErrors, message: string | null) => {
    setErrors(fieldErrors);
    setFormError(message);
    const first = FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first) fieldRefs[first].current?.focus();
  };

  const clearError = (name: FieldName) => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    setFormError(null);
  };

  const save = async () => {
    const parsedPrice = parseRupees(price, maxPricePaise);
    if ('error' in parsedPrice) {
      showErrors({ price: parsedPrice.error }, null);
      return;
    }
    // Only what changed is sent.
    const changes: ContentUpdateInput = {};
    if (title.trim() !== item.title) changes.title = title;
    if (description.trim() !== item.description) changes.description = description;
    if (parsedPrice.paise !== item.pricePaise) changes.pricePaise = parsedPrice.paise;
    if (Object.keys(changes).length === 0) {
      close();
      return;
    }
    const checked = contentUpdateInput.safeParse(changes);
    if (!checked.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const name = FORM_FIELD[String(issue.path[0])];
        if (name) fieldErrors[name] ??= issue.message;
      }
      showErrors(fieldErrors, Object.keys(fieldErrors).length > 0 ? null : (checked.error.issues[0]?.message ?? null));
      return;
    }
    setErrors({});
    setFormError(null);
    try {
      await update.mutateAsync({ id: item.id, input: checked.data });
      close();
      toast.success(CONTENT_SAVED_MESSAGE);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        showErrors({}, UNEXPECTED_ERROR_MESSAGE);
        return;
      }
      const fieldErrors: FieldErrors = {};
      for (const [key, message] of Object.entries(error.fields)) {
        const name = FORM_FIELD[key];
        if (name) fieldErrors[name] ??= message;
      }
      showErrors(fieldErrors, error.message);
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(save);
  };

  const busy = update.isPending;
  const titleId = `${id}-heading`;
  const descriptionId = `${id}-intro`;

  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="pt-1.5 text-2xl font-extrabold tracking-tight text-ink-950">
            Edit item
          </h2>
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <p id={descriptionId} className="mt-2 leading-7 text-ink-muted">
          A new price applies to the next unlock; fans who already paid keep their access.
        </p>
        <div className="mt-6 space-y-5">
          <Field id={fieldId('title')} label="Title" error={errors.title}>
            <Input
              ref={titleRef}
              id={fieldId('title')}
              name="title"
              autoComplete="off"
              maxLength={CONTENT_LIMITS.titleMax}
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                clearError('title');
              }}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('title'), { error: errors.title })}
            />
          </Field>
          <Field id={fieldId('description')} label="Description" error={errors.description}>
            <Textarea
              ref={descriptionRef}
              id={fieldId('description')}
              name="description"
              rows={4}
              maxLength={CONTENT_LIMITS.descriptionMax}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                clearError('description');
              }}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId('description'), { error: errors.description })}
            />
          </Field>
          <Field
            id={fieldId('price')}
            label="Price (₹)"
            error={errors.price}
            hint={`From ${formatPaise(MIN_PRICE_PAISE)} to ${formatPaise(maxPricePaise)}.`}
          >
            <PriceInput
              id={fieldId('price')}
              inputRef={priceRef}
              value={price}
              error={errors.price}
              onChange={(value) => {
                setPrice(value);
                clearError('price');
              }}
            />
          </Field>
          {formError ? (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {formError}
            </p>
          ) : null}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="dark" aria-disabled={busy}>
            {busy ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
