// Asking a signed-in account to accept the Terms and Privacy Policy in force when they changed
// (issue 24 §6). Mounted once at the app's root; its dialog is a chunk of its own.
export { PolicyConsentGate } from './policy-consent-gate.tsx';
