/** The contact form's subjects (spec §3), apart from its schema so a page can list them without zod. */
export const CONTACT_SUBJECTS = ['admission', 'academic', 'complaint', 'suggestion', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const SUBJECT_LABELS: Record<ContactSubject, string> = {
  admission: 'Admission',
  academic: 'Academic',
  complaint: 'Complaint',
  suggestion: 'Suggestion',
  other: 'Other',
};
