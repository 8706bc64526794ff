import * as z from 'zod';

export const AdminAccount = z.object({
  _id: z.string(),
  username: z.string().min(1).max(100),
  passwordHash: z.string().min(1),
  createdAt: z.iso.datetime(),
  /** Tokens issued before this moment are no longer accepted. */
  passwordChangedAt: z.iso.datetime(),
});
export type AdminAccount = z.infer<typeof AdminAccount>;

/** `DATA_DIR/admins.json`: the administrator accounts. Never part of any public answer. */
export const AdminAccounts = z.object({ admins: z.array(AdminAccount).default([]) });
export type AdminAccounts = z.infer<typeof AdminAccounts>;
