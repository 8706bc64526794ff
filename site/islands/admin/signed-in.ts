import { createContext, useContext } from 'react';
import type { Author } from '../../contract/publication.ts';
import { may, type Permission, type Role } from '../../contract/roles.ts';

/** Who is signed in: every section shows only what this role may do (the server checks it again). */
export interface SignedIn {
  username: string;
  role: Role;
}

export const SignedInAccount = createContext<SignedIn>({ username: '', role: 'administrator' });

export function useSignedIn() {
  const account = useContext(SignedInAccount);
  return {
    ...account,
    may: (permission: Permission) => may(account.role, permission),
    /** Whether this account may change an item: any, for those who edit all content; its own drafts otherwise. */
    mayChange: (item: { status: string; author?: Author | undefined }) =>
      may(account.role, 'content') ||
      (item.status !== 'published' && item.author?.username.toLowerCase() === account.username.toLowerCase()),
  };
}
