/**
 * What a form says beside its consent box, apart from any schema so that the forms' pages show it
 * without loading zod (which they load when the form is sent).
 */

/** The text a form shows beside its box. */
export const CONSENT_LABEL = 'I agree that the school keeps these details as the privacy notice explains.';
export const CONSENT_REQUIRED = 'Please tick the box to agree to the privacy notice';
