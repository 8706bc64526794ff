/** The groups of the API reference, in the order it shows them. */
export const TAGS = [
  { name: 'Content', description: 'The whole site content at once, and its settings.' },
  {
    name: 'Lists',
    description: 'Events, news, circulars, urgent notices, logos and the two photo lists, one item at a time.',
  },
  { name: 'Pages', description: 'The Markdown pages (admissions, privacy…) and the leaders’ messages.' },
  { name: 'Files', description: 'Images and PDF documents: uploads, and the files themselves.' },
  { name: 'Visitors', description: 'What visitors send: alumni registrations and contact messages.' },
  { name: 'Sign-in', description: 'Creating the first account, logging in, passwords and two-factor codes.' },
  { name: 'Accounts', description: 'The team’s accounts and roles.' },
  { name: 'Publishing', description: 'Builds, previews and who is editing what.' },
  { name: 'History', description: 'Earlier versions of the content, the audit log and backups.' },
  { name: 'Personal data', description: 'The inbox, registrations, retention and a person’s requests.' },
  { name: 'Reference', description: 'This document and its interactive reference.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];
