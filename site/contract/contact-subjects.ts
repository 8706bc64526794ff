/**
 * The contact form's subjects (spec §3) and its hidden field, apart from its schema so a page can
 * use them without zod.
 */
export const CONTACT_SUBJECTS = ['admission', 'academic', 'complaint', 'suggestion', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const SUBJECT_LABELS: Record<ContactSubject, string> = {
  admission: 'Admission',
  academic: 'Academic',
  complaint: 'Complaint',
  suggestion: 'Suggestion',
  other: 'Other',
};

/** A field people never see: only a program filling in every field it finds fills it in. */
export const HONEYPOT_FIELD = 'website';
