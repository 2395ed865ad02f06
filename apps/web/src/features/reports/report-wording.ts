import { LANE_TEXT, laneHoldsItem, type SafetyLane } from '@kholo/contracts';
import type { ReportSubject } from './hooks/use-report-dialog.ts';

/** The Report button's accessible name: `Report “Monsoon”`, `Report Priya Sharma’s page`. */
export function reportButtonLabel(subject: ReportSubject): string {
  return subject.type === 'content' ? `Report “${subject.title}”` : `Report ${subject.name}’s page`;
}

/** "Report sent — ticket R-1042": the receipt's heading. */
export function reportSentText(ticket: string): string {
  return `Report sent — ticket ${ticket}`;
}

/**
 * What happens next, from the ticket's lane: "We review reports like this within 2 hours." An item
 * reported in the urgent or unlawful lane is out of view from the moment the report is in
 * (laneHoldsItem); a creator's page is not.
 */
export function reviewWithinText(lane: SafetyLane, subject: ReportSubject['type']): string {
  const within = `We review reports like this within ${LANE_TEXT[lane]}.`;
  return subject === 'content' && laneHoldsItem(lane) ? `${within} The item is hidden while we look.` : within;
}

/** For a reporter whose email Kholo has: her account's, or the one she added. */
export function outcomeEmailText(email: string): string {
  return `We will email you the outcome at ${email}.`;
}
