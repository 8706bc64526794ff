/**
 * What a form says beside its consent box, in English: the forms show their page's language's
 * (site/i18n/messages, `form.consent`, `form.consentRequired`).
 */
import english from '../i18n/messages/en.json' with { type: 'json' };

/** The text a form shows beside its box. */
export const CONSENT_LABEL = english['form.consent'];
export const CONSENT_REQUIRED = english['form.consentRequired'];
