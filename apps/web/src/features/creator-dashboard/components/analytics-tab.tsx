import { translate } from '@kholo/contracts';
import { useEffect, useState, type ComponentType } from 'react';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { createChunkLoader } from '../../../lib/chunk-loader.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { AnalyticsSkeleton } from './analytics-skeleton.tsx';

export const ANALYTICS_CODE_FAILED_MESSAGE = translate('en', 'dashboardAnalytics.codeFailed');

interface AnalyticsPanelProps {
  handle: string;
}

// The Analytics tab is a chunk of its own, fetched when the tab opens, so the dashboard's first
// load does not carry its charts. Loaded by hand (not React.lazy) so a failed fetch can be retried.
const panelChunk = createChunkLoader<ComponentType<AnalyticsPanelProps>>(() =>
  import('./analytics-panel.tsx').then((module) => module.AnalyticsPanel),
);

export function AnalyticsTab({ handle }: AnalyticsPanelProps) {
  const { t } = useT();
  const [Panel, setPanel] = useState<ComponentType<AnalyticsPanelProps> | undefined>(() => panelChunk.loaded);
  const [failed, setFailed] = useState(false);
  const [retrying, setRetrying] = useState(false);

  const load = () => {
    panelChunk.load().then(
      (component) => {
        setPanel(() => component);
      },
      () => {
        setFailed(true);
        setRetrying(false);
      },
    );
  };

  useEffect(() => {
    if (!panelChunk.loaded) load();
  }, []);

  if (Panel) return <Panel handle={handle} />;
  if (failed) {
    return (
      <LoadFailedAlert
        title={t('dashboardAnalytics.codeFailed')}
        error={new ApiError('NETWORK_ERROR', NETWORK_ERROR_MESSAGE, 0)}
        retrying={retrying}
        onRetry={() => {
          setRetrying(true);
          load();
        }}
        spinIcon
      />
    );
  }
  return <AnalyticsSkeleton />;
}
