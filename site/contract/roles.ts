/**
 * The roles of the accounts and what each may do: the one table the server enforces on every call
 * and the dashboard follows to show only what the signed-in role may use.
 */
import * as z from 'zod';

export const ROLES = ['administrator', 'editor', 'contributor', 'office'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  administrator: 'Administrator',
  editor: 'Editor',
  contributor: 'Contributor',
  office: 'Office',
};

/** What each role is for, in the words the Accounts section shows beside it. */
export const ROLE_DUTIES: Readonly<Record<Role, string>> = {
  administrator: 'Everything, including accounts, the audit log and backups',
  editor: 'All public content: writes, publishes, approves drafts, restores the history',
  contributor: 'Drafts of news, events, circulars and photos, sent for review',
  office: 'Personal data: the inbox, alumni registrations and their exports',
};

export const RoleField = z.enum(ROLES, { error: `The role must be one of ${ROLES.join(', ')}` });

/**
 * What a role may do, and the roles that may. `drafts` is a Contributor's share of the content
 * (news, events, circulars and photos, their own drafts only); `content` is all of it.
 */
export const PERMISSIONS = {
  signedIn: { roles: ROLES, doing: 'use the dashboard' },
  drafts: {
    roles: ['administrator', 'editor', 'contributor'],
    doing: 'write news, events, circulars and photos',
  },
  content: { roles: ['administrator', 'editor'], doing: 'change the public content' },
  publish: { roles: ['administrator', 'editor'], doing: 'publish, schedule, approve or return a draft' },
  history: { roles: ['administrator', 'editor'], doing: 'see or restore the history' },
  personalData: {
    roles: ['administrator', 'office'],
    doing: 'see personal data (the inbox and the alumni registrations)',
  },
  accounts: { roles: ['administrator'], doing: 'manage accounts and roles, read the audit log or make backups' },
  retention: { roles: ['administrator'], doing: 'change how long personal data is kept' },
} as const satisfies Record<string, { roles: readonly Role[]; doing: string }>;
export type Permission = keyof typeof PERMISSIONS;

export function may(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** "Only Administrator or Editor accounts can publish, schedule, approve or return a draft." */
export function refusal(permission: Permission): string {
  return `Only ${rolesText(PERMISSIONS[permission].roles)} accounts can ${PERMISSIONS[permission].doing}.`;
}

/** "Administrator, Editor or Contributor" */
export function rolesText(roles: readonly Role[]): string {
  const names = roles.map((role) => ROLE_NAMES[role]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}
