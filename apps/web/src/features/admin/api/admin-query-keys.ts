/** Every admin query sits under ['admin'], so an action can reload exactly what it changed. */
export const adminQueryKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  payments: ['admin', 'payments'] as const,
  contents: ['admin', 'contents'] as const,
  creators: ['admin', 'creators'] as const,
  logs: ['admin', 'logs'] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  messages: ['admin', 'messages'] as const,
  jobs: ['admin', 'jobs'] as const,
  problemReports: ['admin', 'problem-reports'] as const,
  disputes: ['admin', 'disputes'] as const,
  reports: ['admin', 'reports'] as const,
  refundPreview: (contentId: string) => ['admin', 'refund-preview', contentId] as const,
};

/**
 * The admin wants what is true now: a tab asks the server again each time it opens, showing
 * what it had meanwhile.
 */
export const ADMIN_QUERY_OPTIONS = { staleTime: 0, refetchOnMount: 'always' } as const;
