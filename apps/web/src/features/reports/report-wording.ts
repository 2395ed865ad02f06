import { translate, type MessageKey, type MessageParams, type SafetyLane } from '@kholo/contracts';
import type { ReportSubject } from './hooks/use-report-dialog.ts';

/** A translator (`useT().t`); English when none is given, as tests and other callers expect. */
type T = (key: MessageKey, params?: MessageParams) => string;
const english: T = (key, params) => translate('en', key, params);

/** A lane's deadline in words, "2 hours" or "7 days" (LANE_TEXT in English). */
export function laneTimeText(lane: SafetyLane, t: T = english): string {
  return t(`reports.lane.${lane}`);
}

/** The Report button's accessible name: `Report “Monsoon”`, `Report Priya Sharma’s page`. */
export function reportButtonLabel(subject: ReportSubject, t: T = english): string {
  return subject.type === 'content'
    ? t('reports.buttonLabelContent', { title: subject.title })
    : t('reports.buttonLabelPage', { name: subject.name });
}

/** "Report sent — ticket R-1042": the receipt's heading. */
export function reportSentText(ticket: string, t: T = english): string {
  return t('reports.sent', { ticket });
}

/**
 * What happens next, from the ticket's lane: "We review reports like this within 2 hours." The
 * server says whether the item is out of view meanwhile (a page never is, nor an item whose
 * earlier report was dismissed lately).
 */
export function reviewWithinText(lane: SafetyLane, held: boolean, t: T = english): string {
  const time = laneTimeText(lane, t);
  return held ? t('reports.reviewWithinHeld', { time }) : t('reports.reviewWithin', { time });
}

/** For a reporter whose email Kholo has: her account's, or the one she added. */
export function outcomeEmailText(email: string, t: T = english): string {
  return t('reports.outcomeEmail', { email });
}
