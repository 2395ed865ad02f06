/** Admin values with no zod in them, shared by the server's lists and the panel's labels. */

export const ORDER_STATUSES_FOR_ADMIN = ['CREATED', 'ACTIVE', 'FAILED', 'EXPIRED', 'PAID'] as const;

/** Messages the admin panel and its routes share. */
export const ADMIN_MESSAGES = {
  hidden: 'This item is hidden by Kholo for breaking the Terms.',
  suspended: 'Your creator account is suspended. Please contact support.',
  creatorUnavailable: 'This creator’s page is not available.',
} as const;
