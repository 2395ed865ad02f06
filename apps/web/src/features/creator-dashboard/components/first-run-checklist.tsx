import { translate, withShareSource, type CreatorProfile, type Locale } from '@kholo/contracts';
import { Check, Copy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { copyToClipboard } from '../../../components/share/share-buttons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useMarkInstagramBioDone } from '../api/mark-instagram-bio-done.ts';
import { useStudioContents } from '../api/get-studio-contents.ts';
import { profileUrl } from './share-link.tsx';

export type ChecklistTab = 'upload' | 'profile';

export interface ChecklistStep {
  key: 'photo' | 'bio' | 'upload' | 'instagram';
  label: string;
  done: boolean;
}

/**
 * The first-run steps in order, from what the dashboard already has: her profile and her item
 * count. Null while the count is unknown (loading, or failed), so the list never shows a step as
 * undone that is done.
 */
export function checklistSteps(
  creator: CreatorProfile,
  contentCount: number | undefined,
  locale: Locale = 'en',
): ChecklistStep[] | null {
  if (contentCount === undefined) return null;
  return [
    { key: 'photo', label: translate(locale, 'dashboard.checklist.photo'), done: creator.avatarUrl !== null },
    { key: 'bio', label: translate(locale, 'dashboard.checklist.bio'), done: Boolean(creator.bio?.trim()) },
    { key: 'upload', label: translate(locale, 'dashboard.checklist.upload'), done: contentCount > 0 },
    {
      key: 'instagram',
      label: translate(locale, 'dashboard.checklist.instagram'),
      done: creator.instagramBioDone,
    },
  ];
}

/**
 * "Get your page ready": photo, bio, first upload, link in her Instagram bio. Each step leads to
 * where it is done; the last she ticks herself (kept on the server, so it follows her to any
 * phone). Gone once all four are done.
 */
export function FirstRunChecklist({ creator, onGo }: { creator: CreatorProfile; onGo: (tab: ChecklistTab) => void }) {
  const { t, locale } = useT();
  const id = useId();
  const contents = useStudioContents();
  const steps = checklistSteps(creator, contents.data?.summary.contentCount, locale);
  if (steps === null || steps.every((step) => step.done)) return null;
  const doneCount = steps.filter((step) => step.done).length;
  const titleId = `${id}-title`;

  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-3xl bg-white p-5 shadow-card ring-1 ring-ink-950/5 sm:p-6"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-base font-bold text-ink-950">
          {t('dashboard.checklist.title')}
        </h2>
        <p className="shrink-0 text-sm font-semibold text-ink-muted">
          {t('dashboard.checklist.progress', { done: doneCount, total: steps.length })}
        </p>
      </div>
      <div aria-hidden="true" className="mt-3 grid grid-cols-4 gap-1.5">
        {steps.map((step) => (
          <span key={step.key} className={cn('h-1.5 rounded-full', step.done ? 'bg-emerald-600' : 'bg-ink-100')} />
        ))}
      </div>
      <ol className="mt-4 divide-y divide-ink-950/8">
        {steps.map((step, index) => (
          <li key={step.key} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
            <StepMark done={step.done} number={index + 1} />
            <p
              className={cn('min-w-0 flex-1 font-semibold', step.done ? 'text-ink-muted line-through' : 'text-ink-950')}
            >
              {step.label}
              <span className="sr-only">
                {t(step.done ? 'dashboard.checklist.stepDone' : 'dashboard.checklist.stepToDo')}
              </span>
            </p>
            {step.done ? null : <StepAction step={step} creator={creator} onGo={onGo} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepMark({ done, number }: { done: boolean; number: number }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold',
        done ? 'bg-emerald-600 text-white' : 'bg-marigold-100 text-marigold-800',
      )}
    >
      {done ? <Check className="size-4" /> : number}
    </span>
  );
}

function StepAction({
  step,
  creator,
  onGo,
}: {
  step: ChecklistStep;
  creator: CreatorProfile;
  onGo: (tab: ChecklistTab) => void;
}): ReactNode {
  const { t } = useT();
  switch (step.key) {
    case 'photo':
      return (
        <GoButton
          label={t('dashboard.checklist.addPhoto')}
          onClick={() => {
            onGo('profile');
          }}
        />
      );
    case 'bio':
      return (
        <GoButton
          label={t('dashboard.checklist.writeBio')}
          onClick={() => {
            onGo('profile');
          }}
        />
      );
    case 'upload':
      return (
        <GoButton
          label={t('dashboard.checklist.goUpload')}
          onClick={() => {
            onGo('upload');
          }}
        />
      );
    case 'instagram':
      return <InstagramStep handle={creator.handle} />;
  }
}

function GoButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" className="ml-10 sm:ml-0" onClick={onClick}>
      {label}
    </Button>
  );
}

/** Copy the link tagged for Instagram (`?src=ig`), then say it is done. */
function InstagramStep({ handle }: { handle: string }) {
  const { t, tm } = useT();
  const mark = useMarkInstagramBioDone();
  const { run } = useSingleFlight(mark.isPending);
  if (!handle) return null;
  const link = withShareSource(profileUrl(handle), 'ig');

  const done = () =>
    run(async () => {
      try {
        await mark.mutateAsync();
        toast.success(t('dashboard.checklist.instagramDone'));
      } catch (error) {
        toast.error(t('dashboard.checklist.saveFailed'), {
          description: tm(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE),
        });
      }
    });

  return (
    <div className="ml-10 flex basis-full flex-wrap gap-2 sm:ml-10">
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          void copyToClipboard(link);
        }}
      >
        <Copy aria-hidden="true" className="size-4" />
        {t('dashboard.checklist.copyForInstagram')}
      </Button>
      <Button
        variant="dark"
        size="sm"
        aria-disabled={mark.isPending}
        onClick={() => {
          void done();
        }}
      >
        <Check aria-hidden="true" className="size-4" />
        {t(mark.isPending ? 'dashboard.checklist.saving' : 'dashboard.checklist.doneIt')}
      </Button>
    </div>
  );
}
