import { ticketReceipt, type ReviewRequestInput, type StudioContents, type TicketReceipt } from '@kholo/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { studioContentsQueryKey } from './get-studio-contents.ts';

export interface RequestReviewInput {
  contentId: string;
  body: ReviewRequestInput;
}

/**
 * POST /api/studio/contents/{id}/review-request {explanation}: the creator's counter-notice on an
 * item removed after a report; it goes back into the takedown queue. 201 with the ticket; 409 when
 * the item is not removed (or still under review) or a review was asked already.
 */
export function requestReview({ contentId, body }: RequestReviewInput): Promise<TicketReceipt> {
  return apiRequest(`/api/studio/contents/${encodeURIComponent(contentId)}/review-request`, {
    method: 'POST',
    body,
    schema: ticketReceipt,
  });
}

export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReview,
    // The row shows the pending review at once (and no second Ask button) while the list reloads.
    onSuccess: (receipt, { contentId }) => {
      queryClient.setQueryData<StudioContents>(studioContentsQueryKey, (current) =>
        current === undefined
          ? current
          : {
              ...current,
              items: current.items.map((item) =>
                item.id === contentId && item.takedown !== null
                  ? {
                      ...item,
                      takedown: {
                        ...item.takedown,
                        canAskForReview: false,
                        reviewRequest: { ticket: receipt.ticket, status: 'open' },
                      },
                    }
                  : item,
              ),
            },
      );
    },
    // Either way the list has news: the request shows, or the item moved on (409).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: studioContentsQueryKey });
    },
  });
}
