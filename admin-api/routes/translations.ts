import { Hono } from 'hono';
import * as z from 'zod';
import { defaultLanguage } from '../../site/contract/languages.ts';
import type { Publication } from '../../site/contract/publication.ts';
import { may } from '../../site/contract/roles.ts';
import { TranslationReport, translationGaps } from '../../site/contract/translation-report.ts';
import type { AppDeps } from '../app-deps.ts';
import type { AdminEnv } from '../auth/require-admin.ts';
import { HttpError } from '../http/errors.ts';
import { requestedLanguage } from '../http/language-query.ts';
import { operations } from '../openapi/operation.ts';
import { contributorSees } from './content.ts';

const LANGUAGE_NEEDED = "Send ?lang= with one of the site's languages other than its default";

/** What is left to translate into one of the site's languages (site/contract/translation-report.ts). */
export function translationRoutes(deps: AppDeps) {
  const { stores } = deps;
  const op = operations(deps);
  return new Hono<AdminEnv>().get(
    '/admin/translations',
    op({
      tag: 'Content',
      summary: 'What is left to translate into a language',
      description:
        'Each text a visitor reads whose translation into `lang` is missing, or outdated: the default language’s text changed after the translation was saved. Texts with nothing to translate (an empty location, an image with no text alternative) and notices that have ended are left out. A Contributor gets what is published and its own items, as in `GET /api/admin/content`.',
      permission: 'drafts',
      query: z.object({
        lang: z
          .string()
          .describe('One of the site’s languages (`settings.languages`) other than the default (the first).'),
      }),
      answers: {
        200: {
          description:
            'The texts to translate, in the order of the dashboard’s sections; `[]` when all are translated.',
          schema: TranslationReport,
          example: [
            {
              kind: 'news',
              id: '5504d938-6ff5-4fd0-8b23-9e3e3ecd0fee',
              field: 'title',
              state: 'outdated',
              name: 'Sports day',
            },
          ],
        },
      },
    }),
    (c) => {
      const content = stores.content.data;
      const language = requestedLanguage(c, content.settings.languages);
      if (language === null || language === defaultLanguage(content.settings))
        throw new HttpError(400, LANGUAGE_NEEDED);
      const admin = c.get('admin');
      const includes = may(admin.role, 'content')
        ? undefined
        : (item: object) => !('status' in item) || contributorSees(item as Publication, admin._id);
      return c.json(translationGaps(content, language, { includes }), 200, { 'Cache-Control': 'no-cache' });
    },
  );
}
