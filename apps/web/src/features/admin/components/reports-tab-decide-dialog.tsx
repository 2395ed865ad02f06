import { decideTicketInput, SAFETY_LIMITS, type SafetyTicket, type TicketAction } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ButtonVariant } from '../../../components/ui/button.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useDecideReport } from '../api/decide-report.ts';
import { ActionDialog } from './admin-dialogs.tsx';
import { adminErrorMessage } from './admin-query-view.tsx';

// Short: the field's hint says who gets it.
export const NOTE_REQUIRED_MESSAGE = 'Please write the reason.';
export const ANSWER_REQUIRED_MESSAGE = 'Please write your answer.';

/**
 * Why a note is required, or null when it may be left out: as the server rules (docs/api-safety.md),
 * every decision but dismiss and restore says why, since the note is what the email tells.
 */
export function noteRequiredMessage(action: TicketAction): string | null {
  switch (action) {
    case 'remove':
    case 'suspend':
    case 'keep':
      return NOTE_REQUIRED_MESSAGE;
    case 'close':
      return ANSWER_REQUIRED_MESSAGE;
    case 'dismiss':
    case 'restore':
      return null;
  }
}

interface ActionWords {
  /** The button in the row. */
  label: (ticket: SafetyTicket) => string;
  title: (ticket: SafetyTicket) => string;
  description: (ticket: SafetyTicket) => string;
  confirmLabel: string;
  busyLabel: string;
  variant: ButtonVariant;
  rowVariant: ButtonVariant;
  /** Who is told, under the note field. */
  noteHint: string;
}

function subjectName(ticket: SafetyTicket): string {
  const { subject } = ticket;
  if (subject === null) return `ticket ${ticket.ticket}`;
  return subject.type === 'content' ? `“${subject.title}”` : `${subject.name}’s page`;
}

function creatorName(ticket: SafetyTicket): string {
  const { subject } = ticket;
  if (subject === null) return 'the creator';
  return subject.type === 'content' ? subject.creatorName : subject.name;
}

const TOLD_BOTH = 'The creator and the reporter get it by email, and it is kept in the audit log.';

export const ACTION_WORDS: Record<TicketAction, ActionWords> = {
  remove: {
    label: () => 'Remove',
    title: (t) => `Remove ${subjectName(t)}?`,
    description: () =>
      'It is taken down for good. Fans whose access is still running are refunded and told why. The creator may ask for a review.',
    confirmLabel: 'Remove',
    busyLabel: 'Removing…',
    variant: 'danger',
    rowVariant: 'danger-ghost',
    noteHint: TOLD_BOTH,
  },
  dismiss: {
    label: () => 'Dismiss',
    title: (t) => `Dismiss ${t.ticket}?`,
    description: (t) =>
      t.heldItem
        ? 'The report is wrong: the item held for review comes back on the creator’s page.'
        : 'The report is wrong: nothing is taken down.',
    confirmLabel: 'Dismiss',
    busyLabel: 'Dismissing…',
    variant: 'dark',
    rowVariant: 'outline',
    noteHint: TOLD_BOTH,
  },
  suspend: {
    label: () => 'Suspend creator',
    title: (t) => `Suspend ${creatorName(t)}?`,
    description: (t) =>
      `Her page goes out of view and she cannot upload until you reinstate her (Creators tab).${
        t.subject?.type === 'content' ? ' The reported item is removed too, and its fans refunded.' : ''
      }`,
    confirmLabel: 'Suspend',
    busyLabel: 'Suspending…',
    variant: 'danger',
    rowVariant: 'danger-ghost',
    noteHint: TOLD_BOTH,
  },
  restore: {
    label: () => 'Restore item',
    title: (t) => `Restore ${subjectName(t)}?`,
    description: () => 'The creator’s review request is upheld: the item comes back on her page.',
    confirmLabel: 'Restore',
    busyLabel: 'Restoring…',
    variant: 'dark',
    rowVariant: 'dark',
    noteHint: 'The creator gets it by email, and it is kept in the audit log.',
  },
  keep: {
    label: () => 'Keep removed',
    title: (t) => `Keep ${subjectName(t)} removed?`,
    description: () => 'The creator’s review request is refused: the item stays removed.',
    confirmLabel: 'Keep removed',
    busyLabel: 'Saving…',
    variant: 'dark',
    rowVariant: 'outline',
    noteHint: 'The creator gets it by email, and it is kept in the audit log.',
  },
  close: {
    label: (t) => (t.kind === 'grievance' ? 'Answer' : 'Close'),
    title: (t) => (t.kind === 'grievance' ? `Answer ${t.ticket}` : `Close ${t.ticket}?`),
    description: (t) =>
      t.kind === 'grievance'
        ? 'Closes the grievance with your answer.'
        : 'Its creator deleted the item, so there is nothing left to take down: this closes the report.',
    confirmLabel: 'Send answer',
    busyLabel: 'Sending…',
    variant: 'dark',
    rowVariant: 'dark',
    noteHint: 'Emailed to the person who wrote in, and kept in the audit log.',
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
  const words = ACTION_WORDS[action];
  const requiredMessage = noteRequiredMessage(action);
  const required = requiredMessage !== null;
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
        if (requiredMessage !== null && value.note.trim() === '') {
          ctx.addIssue({ code: 'custom', path: ['note'], message: requiredMessage });
        }
      }),
    ),
    defaultValues: { note: '' },
    reValidateMode: 'onSubmit',
  });
  const fieldError = errors.note?.message;

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
      title={words.title(ticket)}
      description={words.description(ticket)}
      confirmLabel={words.confirmLabel}
      busyLabel={words.busyLabel}
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
          label={action === 'close' ? 'Answer' : required ? 'Reason' : 'Note (optional)'}
          error={fieldError}
          hint={words.noteHint}
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
