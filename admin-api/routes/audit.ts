import { Hono } from 'hono';
import * as z from 'zod';
import { AUDIT_LIMITS, AuditEntry, AuditQuery } from '../../site/contract/api.ts';
import { PERSONAL_DATA_LOOKS } from '../../site/contract/personal-data.ts';
import type { AppDeps } from '../app-deps.ts';
import { HttpError } from '../http/errors.ts';
import { operations } from '../openapi/operation.ts';

const LOOKS: ReadonlySet<string> = new Set(PERSONAL_DATA_LOOKS);

/**
 * GET /api/admin/audit: the newest entries of the audit log, newest first; `?kind=personal-data`:
 * only the looks at personal data.
 */
export function auditRoutes(deps: AppDeps) {
  const { audit } = deps;
  const op = operations(deps);
  return new Hono().get(
    '/admin/audit',
    op({
      tag: 'History',
      summary: 'The audit log',
      description:
        'Who did what and when, newest first: every change, every login (and failed one), every look at personal data. Never the data itself.',
      permission: 'accounts',
      query: AuditQuery,
      answers: { 200: { description: 'The newest entries, newest first.', schema: z.array(AuditEntry) } },
    }),
    async (c) => {
      const kind = c.req.query('kind');
      if (kind !== undefined && kind !== 'personal-data') throw new HttpError(400, 'kind must be personal-data');
      const keep = kind ? (entry: { action: string }) => LOOKS.has(entry.action) : undefined;
      return c.json(await audit.newest(limitOf(c.req.query('limit')), keep));
    },
  );
}

function limitOf(value: string | undefined): number {
  if (value === undefined) return AUDIT_LIMITS.default;
  const limit = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
  if (!(limit >= 1 && limit <= AUDIT_LIMITS.max)) {
    throw new HttpError(400, `limit must be a whole number from 1 to ${AUDIT_LIMITS.max}`);
  }
  return limit;
}
