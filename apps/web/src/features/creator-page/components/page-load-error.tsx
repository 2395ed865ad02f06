import { RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../lib/i18n/index.ts';

/** A page whose data could not be loaded for a reason other than "not found": say so and offer a retry. */
export function PageLoadError({
  title,
  message,
  retrying,
  onRetry,
}: {
  title: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useT();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${title} · Kholo`}</title>
      <h1 className="text-2xl font-extrabold tracking-tight text-ink-950 sm:text-3xl">{title}</h1>
      <p className="mt-3 text-lg leading-8 text-ink-muted">{message}</p>
      <Button variant="dark" className="mt-8" aria-disabled={retrying} onClick={retrying ? undefined : onRetry}>
        <RotateCw aria-hidden="true" className="size-4" />
        {retrying ? t('ui.tryingAgain') : t('ui.tryAgain')}
      </Button>
    </div>
  );
}
