import { Hono } from 'hono';
import { SettingsInput, withInput } from '../../site/contract/settings.ts';
import type { AppDeps } from '../app-deps.ts';
import { requireAdmin } from '../auth/require-admin.ts';
import { readJson } from '../http/json-body.ts';
import { contentWriter } from '../store/content-writer.ts';

/** The school's settings: anyone reads them; administrators change any subset of them. */
export function settingsRoutes(deps: AppDeps) {
  const adminOnly = requireAdmin(deps.jwtSecret, deps.stores.admins);
  const write = contentWriter(deps);
  return new Hono()
    .get('/settings', (c) => c.json(deps.stores.content.data.settings))
    .put('/settings', adminOnly, async (c) => {
      const input = await readJson(c, SettingsInput);
      const saved = await write((draft) => {
        draft.settings = withInput(draft.settings, input);
      });
      return c.json(saved.settings);
    });
}
