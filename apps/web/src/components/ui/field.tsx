import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/index.ts';

const controlClasses =
  'block w-full rounded-xl border bg-white px-4 text-base text-ink-950 shadow-xs transition-colors placeholder:text-ink-muted/70 hover:border-ink-300 focus-visible:border-ink-600 aria-invalid:border-red-600 aria-invalid:hover:border-red-700';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClasses, 'h-12 border-ink-200', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea className={cn(controlClasses, 'min-h-36 resize-y border-ink-200 py-3 leading-7', className)} {...props} />
  );
}

export interface FieldProps {
  /** The control's id; the label and messages are tied to it. */
  id: string;
  label: string;
  /** Shown under the control and announced with it, when set. */
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** The ids a control should list in aria-describedby for a Field with this id. */
export function fieldDescribedBy(id: string, { error, hint }: { error?: string | undefined; hint?: boolean }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A visible label above its control, with an optional hint and the field's error below. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-950">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A person's name and email, for a form that writes back to her (Contact Us, the grievance form).
 * The controls' ids are `${idPrefix}-name` and `${idPrefix}-email`; `className` lays the two out.
 */
export function NameEmailFields({
  idPrefix,
  name,
  email,
  nameError,
  emailError,
  className,
}: {
  idPrefix: string;
  /** react-hook-form's `register('name')` and `register('email')`. */
  name: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  nameError?: string | undefined;
  emailError?: string | undefined;
  className: string;
}) {
  const { t } = useT();
  const nameId = `${idPrefix}-name`;
  const emailId = `${idPrefix}-email`;
  return (
    <div className={className}>
      <Field id={nameId} label={t('ui.name')} error={nameError}>
        <Input
          id={nameId}
          autoComplete="name"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={fieldDescribedBy(nameId, { error: nameError })}
          {...name}
        />
      </Field>
      <Field id={emailId} label={t('ui.email')} error={emailError}>
        <Input
          id={emailId}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={fieldDescribedBy(emailId, { error: emailError })}
          {...email}
        />
      </Field>
    </div>
  );
}
