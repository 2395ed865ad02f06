import {
  decideTicketInput,
  SAFETY_LIMITS,
  type MessageKey,
  type SafetyTicket,
  type TicketAction,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ButtonVariant } from '../../../components/ui/button.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { useT, type Translator } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useDecideReport } from '../api/decide-report.ts';
import { ActionDialog } from './admin-dialogs.tsx';
import { adminErrorMessage } from './admin-query-view.tsx';

// Short: the field's hint says who gets it. The English the tests know; shown by key
// (adminSafety.noteRequired, adminSafety.answerRequired) in the admin's language.
export const NOTE_REQUIRED_MESSAGE = 'Please write the reason.';
export const ANSWER_REQUIRED_MESSAGE = 'Please write your answer.';

/**
 * Why a note is required, or null when it may be left out: as the server rules (docs/api-safety.md),
 * every decision but dismiss and restore says why, since the note is what the email tells.
 */
export function noteRequiredKey(action: TicketAction): MessageKey | null {
  switch (action) {
    case 'remove':
    case 'suspend':
    case 'keep':
      return 'adminSafety.noteRequired';
    case 'close':
      return 'adminSafety.answerRequired';
    case 'dismiss':
    case 'restore':
      return null;
  }
}

type Say = Translator['t'];

interface ActionWords {
  /** The button in the row. */
  label: (ticket: SafetyTicket, t: Say) => string;
  title: (ticket: SafetyTicket, t: Say) => string;
  description: (ticket: SafetyTicket, t: Say) => string;
  confirmLabel: MessageKey;
  busyLabel: MessageKey;
  variant: ButtonVariant;
  rowVariant: ButtonVariant;
  /** Who is told, under the note field. */
  noteHint: MessageKey;
}

/** "Remove “Title”?", "Remove Asha’s page?" or "Remove ticket R-1?": the action's title for what the ticket is about. */
function aboutTitle(
  ticket: SafetyTicket,
  t: Say,
  keys: { item: MessageKey; page: MessageKey; ticket: MessageKey },
): string {
  const { subject } = ticket;
  if (subject === null) return t(keys.ticket, { ticket: ticket.ticket });
  return subject.type === 'content' ? t(keys.item, { title: subject.title }) : t(keys.page, { name: subject.name });
}

function suspendTitle(ticket: SafetyTicket, t: Say): string {
  const { subject } = ticket;
  if (subject === null) return t('adminSafety.suspendCreatorTitle');
  return t('adminSafety.suspendTitle', { name: subject.type === 'content' ? subject.creatorName : subject.name });
}

export const ACTION_WORDS: Record<TicketAction, ActionWords> = {
  remove: {
    label: (_ticket, t) => t('adminSafety.remove'),
    title: (ticket, t) =>
      aboutTitle(ticket, t, {
        item: 'adminSafety.removeItemTitle',
        page: 'adminSafety.removePageTitle',
        ticket: 'adminSafety.removeTicketTitle',
      }),
    description: (_ticket, t) => t('adminSafety.removeDescription'),
    confirmLabel: 'adminSafety.remove',
    busyLabel: 'adminSafety.removing',
    variant: 'danger',
    rowVariant: 'danger-ghost',
    noteHint: 'adminSafety.toldBoth',
  },
  dismiss: {
    label: (_ticket, t) => t('adminSafety.dismiss'),
    title: (ticket, t) => t('adminSafety.dismissTitle', { ticket: ticket.ticket }),
    description: (ticket, t) =>
      t(ticket.heldItem ? 'adminSafety.dismissHeldDescription' : 'adminSafety.dismissDescription'),
    confirmLabel: 'adminSafety.dismiss',
    busyLabel: 'adminSafety.dismissing',
    variant: 'dark',
    rowVariant: 'outline',
    noteHint: 'adminSafety.toldBoth',
  },
  suspend: {
    label: (_ticket, t) => t('adminSafety.suspendCreator'),
    title: suspendTitle,
    description: (ticket, t) =>
      t(ticket.subject?.type === 'content' ? 'adminSafety.suspendItemDescription' : 'adminSafety.suspendDescription'),
    confirmLabel: 'adminSafety.suspend',
    busyLabel: 'adminSafety.suspending',
    variant: 'danger',
    rowVariant: 'danger-ghost',
    noteHint: 'adminSafety.toldBoth',
  },
  restore: {
    label: (_ticket, t) => t('adminSafety.restoreItem'),
    title: (ticket, t) =>
      aboutTitle(ticket, t, {
        item: 'adminSafety.restoreItemTitle',
        page: 'adminSafety.restorePageTitle',
        ticket: 'adminSafety.restoreTicketTitle',
      }),
    description: (_ticket, t) => t('adminSafety.restoreDescription'),
    confirmLabel: 'adminSafety.restore',
    busyLabel: 'adminSafety.restoring',
    variant: 'dark',
    rowVariant: 'dark',
    noteHint: 'adminSafety.toldCreator',
  },
  keep: {
    label: (_ticket, t) => t('adminSafety.keepRemoved'),
    title: (ticket, t) =>
      aboutTitle(ticket, t, {
        item: 'adminSafety.keepItemTitle',
        page: 'adminSafety.keepPageTitle',
        ticket: 'adminSafety.keepTicketTitle',
      }),
    description: (_ticket, t) => t('adminSafety.keepDescription'),
    confirmLabel: 'adminSafety.keepRemoved',
    busyLabel: 'adminSafety.saving',
    variant: 'dark',
    rowVariant: 'outline',
    noteHint: 'adminSafety.toldCreator',
  },
  close: {
    label: (ticket, t) => t(ticket.kind === 'grievance' ? 'adminSafety.answer' : 'adminSafety.close'),
    title: (ticket, t) =>
      t(ticket.kind === 'grievance' ? 'adminSafety.answerTitle' : 'adminSafety.closeTitle', { ticket: ticket.ticket }),
    description: (ticket, t) =>
      t(ticket.kind === 'grievance' ? 'adminSafety.answerDescription' : 'adminSafety.closeDescription'),
    confirmLabel: 'adminSafety.sendAnswer',
    busyLabel: 'adminSafety.sending',
    variant: 'dark',
    rowVariant: 'dark',
    noteHint: 'adminSafety.toldWriter',
  },
};

const noteForm = z.object({ note: z.string().max(SAFETY_LIMITS.noteMax) });
type NoteValues = z.infer<typeof noteForm>;

/**
 * Decides a ticket: what the action does, and the note that goes with it (required to remove or
 * suspend). The server's refusals (decided already, an action that no longer applies) show in
 * the dialog; the queue reloads either way.
 */
export function DecideDialog({
  ticket,
  action,
  onDecided,
  onClose,
}: {
  ticket: SafetyTicket;
  action: TicketAction;
  onDecided: (decided: SafetyTicket) => void;
  onClose: () => void;
}) {
  const id = useId();
  const fieldId = `${id}-note`;
  const { t, tm } = useT();
  const words = ACTION_WORDS[action];
  const requiredKey = noteRequiredKey(action);
  const required = requiredKey !== null;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const decide = useDecideReport();
  const { busy, run } = useSingleFlight(decide.isPending);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useForm<NoteValues>({
    resolver: zodResolver(
      noteForm.superRefine((value, ctx) => {
        if (requiredKey !== null && value.note.trim() === '') {
          ctx.addIssue({ code: 'custom', path: ['note'], message: t(requiredKey) });
        }
      }),
    ),
    defaultValues: { note: '' },
    reValidateMode: 'onSubmit',
  });
  // The required note's words are already the admin's; a server's field error comes in English.
  const fieldError = errors.note?.message === undefined ? undefined : tm(errors.note.message);

  const send = async ({ note }: NoteValues) => {
    const body = decideTicketInput.parse(note.trim() === '' ? { action } : { action, note });
    try {
      const decided = await decide.mutateAsync({ ticket: ticket.ticket, body });
      onDecided(decided);
      dialogRef.current?.close();
    } catch (failure) {
      if (!setServerFieldErrors(setFieldError, failure, { note: 'note' })) setError(adminErrorMessage(failure));
    }
  };

  return (
    <ActionDialog
      title={words.title(ticket, t)}
      description={words.description(ticket, t)}
      confirmLabel={t(words.confirmLabel)}
      busyLabel={t(words.busyLabel)}
      confirmVariant={words.variant}
      onClose={onClose}
      dialogRef={dialogRef}
      busy={busy}
      run={run}
      error={error}
      setError={setError}
      onSubmit={() => handleSubmit(send)()}
    >
      <div className="mt-5">
        <Field
          id={fieldId}
          label={t(
            action === 'close'
              ? 'adminSafety.field.answer'
              : required
                ? 'adminSafety.field.reason'
                : 'adminSafety.field.note',
          )}
          error={fieldError}
          hint={t(words.noteHint)}
        >
          <Textarea
            id={fieldId}
            autoFocus
            required={required}
            maxLength={SAFETY_LIMITS.noteMax}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldDescribedBy(fieldId, { error: fieldError, hint: true })}
            className="min-h-28"
            {...register('note', {
              onChange: () => {
                clearErrors('note');
              },
            })}
          />
        </Field>
      </div>
    </ActionDialog>
  );
}
