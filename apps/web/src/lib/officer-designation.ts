import { SAMPLE_LEGAL_DETAILS } from '@kholo/contracts';
import { useT } from './i18n/index.ts';

/**
 * The Grievance Officer's designation in the page's language. The default is the role's own
 * name, so it is said as the footer says it; an operator's own designation stays as written.
 */
export function useOfficerDesignation(designation: string): string {
  const { t } = useT();
  return designation === SAMPLE_LEGAL_DETAILS.grievanceOfficer.designation ? t('site.footer.grievance') : designation;
}
