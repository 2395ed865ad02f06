import { z } from 'zod';

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** POST /api/contact. The same schema checks the form in the browser and the body on the server. */
export const contactMessageInput = z.object({
  name: z
    .string({ error: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(CONTACT_LIMITS.nameMax, `Please keep your name under ${CONTACT_LIMITS.nameMax} characters.`),
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .min(1, 'Please enter your email address.')
    .max(CONTACT_LIMITS.emailMax, 'That email address is too long.')
    .pipe(z.email({ error: 'Please enter a valid email address, like name@example.com.' })),
  message: z
    .string({ error: 'Please write a message.' })
    .trim()
    .min(1, 'Please write a message.')
    .min(CONTACT_LIMITS.messageMin, `Please tell us a little more (at least ${CONTACT_LIMITS.messageMin} characters).`)
    .max(
      CONTACT_LIMITS.messageMax,
      `Please keep your message under ${CONTACT_LIMITS.messageMax.toLocaleString('en-IN')} characters.`,
    ),
});

export type ContactMessageInput = z.infer<typeof contactMessageInput>;

export const contactMessageCreated = z.object({
  id: z.string(),
  createdAt: z.number().int(),
});

export type ContactMessageCreated = z.infer<typeof contactMessageCreated>;

/** GET /api/admin/messages (admin only), newest first. */
export const contactMessageList = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      message: z.string(),
      createdAt: z.number().int(),
    }),
  ),
});

export type ContactMessageList = z.infer<typeof contactMessageList>;
