/** The sign-in code (accounts): its subject starts with the code, for the phone's notification. */
export const signInCodeEn = {
  'signInCode.subject': '{code} is your Kholo code',
  'signInCode.preview': 'Your Kholo code is {code}. It works for {minutes} minutes.',
  'signInCode.heading': 'Your code: {code}',
  'signInCode.forCheckout': 'Enter it on Kholo once you have paid, to open what you bought.',
  'signInCode.forSignIn': 'Enter it on Kholo to log in.',
  'signInCode.works':
    'It works once, for the next {minutes} minutes. With it you can also see everything you bought on Kholo, on any phone or computer.',
  'signInCode.footnote':
    'If you did not ask for this, ignore this email: nobody can sign in to your account without the code. Never share it with anyone, not even Kholo support.',
} as const;
