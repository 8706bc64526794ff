import { Hono } from 'hono';
import { type AccessibilityFinding, AccessibilityReport } from '../../site/contract/accessibility.ts';
import type { SiteContent } from '../../site/contract/content.ts';
import { contentReport } from '../accessibility/content-report.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { operations } from '../openapi/operation.ts';

/**
 * The accessibility checker's report of the whole site. One report per content version: every
 * commit makes a new content object (copy-on-write), so a report is kept for as long as its
 * content is the current one, and the texts that did not change are not parsed again.
 */
export function accessibilityRoutes(deps: AppDeps) {
  const { stores, documents } = deps;
  const op = operations(deps);
  const reports = new WeakMap<SiteContent, Promise<AccessibilityFinding[]>>();
  const pdf = async (documentId: string) => {
    const stored = await documents.checked(documentId);
    return stored && { problems: stored.problems, name: stored.originalName };
  };

  return new Hono<AdminEnv>().get(
    '/admin/accessibility',
    op({
      tag: 'Content',
      summary: 'What keeps the content from people with disabilities',
      description:
        'The accessibility checker’s report of all the content an editor can fix, drafts included: skipped or empty headings, links that say nothing on their own (“click here”, a bare address), long runs of capital letters, images with no text alternative that are not marked decorative, and PDFs that are not tagged, have no title or language, or no text at all (a scan). Each finding names its kind, what it is about, the dashboard address of the item to fix and what to do. Clean content gives `[]`.',
      permission: 'content',
      answers: {
        200: {
          description: 'The findings, in the order of the dashboard’s sections.',
          schema: AccessibilityReport,
          example: [
            {
              kind: 'link-text',
              target: 'click here',
              where: '/admin/dashboard#pages/admissions',
              message:
                'This link says only "click here": change its text to say where it leads, such as "Download the fee schedule".',
            },
          ],
        },
      },
    }),
    async (c) => {
      const content = stores.content.data;
      let report = reports.get(content);
      if (!report) {
        report = contentReport(content, pdf);
        reports.set(content, report);
        report.catch(() => reports.delete(content));
      }
      return c.json(await report, 200, { 'Cache-Control': 'no-cache' });
    },
  );
}
