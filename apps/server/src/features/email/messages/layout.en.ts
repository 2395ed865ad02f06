/** The words every email shares: the layout's own, and the greeting. */
export const layoutEn = {
  'layout.buttonFallback': 'If the button does not work, copy this link into your browser:',
  'layout.questions': 'Questions? Write to',
  'layout.hello': 'Hello,',
  'layout.helloName': 'Hello {name},',
} as const;
