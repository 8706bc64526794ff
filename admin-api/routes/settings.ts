import { Hono } from 'hono';
import { VersionField } from '../../site/contract/publication.ts';
import { Settings, SettingsInput, withInput } from '../../site/contract/settings.ts';
import { inLanguage } from '../../site/contract/translations.ts';
import type { AppDeps } from '../app-deps.ts';
import { readJsonBody, validate } from '../http/json-body.ts';
import { LanguageQuery, requestedLanguage } from '../http/language-query.ts';
import { operations } from '../openapi/operation.ts';
import { publicView } from '../store/public-view.ts';
import { contentWriter } from '../workflow/content-writer.ts';
import { refuseStale, sentVersion, versionTag } from '../workflow/versions.ts';

const VERSIONED = { ETag: 'The version of the settings: send it back as `version` or `If-Match` with a change.' };

/**
 * The school's settings: anyone reads them (with their version as ETag); Administrators and
 * Editors change any subset of them, refused (412) when they changed since the version sent.
 */
export function settingsRoutes(deps: AppDeps) {
  const op = operations(deps);
  const write = contentWriter(deps);
  return new Hono()
    .get(
      '/settings',
      op({
        tag: 'Content',
        summary: 'The school details',
        query: LanguageQuery,
        answers: { 200: { description: 'The settings.', schema: Settings, headers: VERSIONED } },
      }),
      (c) => {
        const { settings } = publicView(deps.stores);
        const language = requestedLanguage(c, settings.languages);
        const answer = language ? inLanguage(settings, language) : settings;
        return c.json(answer, 200, { ETag: versionTag(deps.stores.content.data.settings) });
      },
    )
    .put(
      '/settings',
      op({
        tag: 'Content',
        summary: 'Change the school details',
        description: 'Send any subset of the settings; the others stay as they are.',
        permission: 'content',
        body: SettingsInput.extend(VersionField.shape),
        example: { phone: '+91 80 4000 1234', officeHours: [{ days: 'Monday–Friday', hours: '8:00–16:00' }] },
        answers: { 200: { description: 'The settings as saved.', schema: Settings, headers: VERSIONED } },
        refusals: { 412: 'The settings changed since the version sent: the answer says who changed them and when.' },
      }),
      async (c) => {
        const raw = await readJsonBody(c);
        const input = validate(SettingsInput, raw);
        const version = sentVersion(c, validate(VersionField, raw));
        const saved = await write((draft) => {
          refuseStale(deps.stores.content.data.settings, version, 'the school details', draft.settings.timeZone);
          draft.settings = withInput(draft.settings, input);
        });
        return c.json(saved.settings, 200, { ETag: versionTag(saved.settings) });
      },
    );
}
