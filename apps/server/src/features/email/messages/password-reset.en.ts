/** The password reset link (accounts). */
export const passwordResetEn = {
  'passwordReset.subject': 'Reset your Kholo password',
  'passwordReset.preview': 'Reset your Kholo password. The link works for {minutes} minutes.',
  'passwordReset.heading': 'Reset your password',
  'passwordReset.body':
    'Someone (hopefully you) asked to reset the password of your Kholo account. Choose a new password with the button below. The link works once, for the next {minutes} minutes.',
  'passwordReset.action': 'Choose a new password',
  'passwordReset.footnote':
    'If you did not ask for this, ignore this email: your password stays as it is. Never share this link with anyone, not even Kholo support.',
} as const;
