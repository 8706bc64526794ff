import { Hono } from 'hono';
import { VersionField } from '../../site/contract/publication.ts';
import { SettingsInput, withInput } from '../../site/contract/settings.ts';
import type { AppDeps } from '../app-deps.ts';
import { permissions } from '../auth/require-admin.ts';
import { readJsonBody, validate } from '../http/json-body.ts';
import { contentWriter } from '../store/content-writer.ts';
import { publicView } from '../store/public-view.ts';
import { refuseStale, sentVersion, versionTag } from '../workflow/versions.ts';

/**
 * The school's settings: anyone reads them (with their version as ETag); Administrators and
 * Editors change any subset of them, refused (412) when they changed since the version sent.
 */
export function settingsRoutes(deps: AppDeps) {
  const allow = permissions(deps);
  const write = contentWriter(deps);
  return new Hono()
    .get('/settings', (c) =>
      c.json(publicView(deps.stores).settings, 200, { ETag: versionTag(deps.stores.content.data.settings) }),
    )
    .put('/settings', allow('content'), async (c) => {
      const raw = await readJsonBody(c);
      const input = validate(SettingsInput, raw);
      const version = sentVersion(c, validate(VersionField, raw));
      const saved = await write((draft) => {
        refuseStale(deps.stores.content.data.settings, version, 'the school details', draft.settings.timeZone);
        draft.settings = withInput(draft.settings, input);
      });
      return c.json(saved.settings, 200, { ETag: versionTag(saved.settings) });
    });
}
