import { LANE_TEXT, type SafetyLane } from '@kholo/contracts';
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
 * What happens next, from the ticket's lane: "We review reports like this within 2 hours." The
 * server says whether the item is out of view meanwhile (a page never is, nor an item whose
 * earlier report was dismissed lately).
 */
export function reviewWithinText(lane: SafetyLane, held: boolean): string {
  const within = `We review reports like this within ${LANE_TEXT[lane]}.`;
  return held ? `${within} The item is hidden while we look.` : within;
}

/** For a reporter whose email Kholo has: her account's, or the one she added. */
export function outcomeEmailText(email: string): string {
  return `We will email you the outcome at ${email}.`;
}
