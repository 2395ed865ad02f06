import { Lightbulb } from 'lucide-react';
import { useId, type RefObject } from 'react';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { useT } from '../../../lib/i18n/index.ts';

export interface VisitorFieldsProps {
  email: string;
  name: string;
  emailError: string | null;
  nameError: string | null;
  /** The address she probably meant (email-typo.ts), or null. */
  suggestion: string | null;
  onEmailChange: (email: string) => void;
  onEmailBlur: () => void;
  onNameChange: (name: string) => void;
  onUseSuggestion: () => void;
  emailRef: RefObject<HTMLInputElement | null>;
  suggestionRef: RefObject<HTMLButtonElement | null>;
}

/**
 * A visitor's only step before paying (ADR 022): her email, where the sign-in code and the receipt
 * go, and her name if she likes. No password: the code proves the email after she pays.
 */
export function VisitorFields({
  email,
  name,
  emailError,
  nameError,
  suggestion,
  onEmailChange,
  onEmailBlur,
  onNameChange,
  onUseSuggestion,
  emailRef,
  suggestionRef,
}: VisitorFieldsProps) {
  const { t, tm, tRich } = useT();
  const id = useId();
  const emailProblem = emailError === null ? undefined : tm(emailError);
  const nameProblem = nameError === null ? undefined : tm(nameError);
  const emailId = `${id}-email`;
  const nameId = `${id}-name`;
  const suggestionId = `${id}-suggestion`;
  const emailDescribedBy = [
    fieldDescribedBy(emailId, { error: emailError ?? undefined, hint: true }),
    suggestion ? suggestionId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="mt-5">
      <Field id={emailId} label={t('ui.email')} error={emailProblem} hint={t('payments.emailHint')}>
        <Input
          ref={emailRef}
          id={emailId}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          value={email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailDescribedBy}
          onChange={(event) => {
            onEmailChange(event.target.value);
          }}
          onBlur={onEmailBlur}
        />
      </Field>
      {/* Always in the page, so a suggestion is announced when it appears. */}
      <div aria-live="polite">
        {suggestion ? (
          <p
            id={suggestionId}
            className="mt-2 flex items-start gap-2 rounded-xl bg-marigold-50 px-3.5 py-2.5 text-sm leading-6 text-ink-800 ring-1 ring-marigold-200"
          >
            <Lightbulb aria-hidden="true" className="mt-1 size-4 shrink-0 text-marigold-700" />
            <span className="min-w-0">
              {tRich('payments.didYouMean', {
                suggestion: (
                  <button
                    ref={suggestionRef}
                    type="button"
                    onClick={onUseSuggestion}
                    className="rounded font-bold [overflow-wrap:anywhere] text-ink-950 underline decoration-2 underline-offset-4"
                  >
                    {suggestion}
                  </button>
                ),
              })}
            </span>
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        <Field id={nameId} label={t('payments.yourName')} error={nameProblem}>
          <Input
            id={nameId}
            name="name"
            type="text"
            autoComplete="name"
            value={name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={fieldDescribedBy(nameId, { error: nameError ?? undefined })}
            onChange={(event) => {
              onNameChange(event.target.value);
            }}
          />
        </Field>
      </div>
    </div>
  );
}
