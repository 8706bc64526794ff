import { type Hono, Hono as Router } from 'hono';
import * as z from 'zod';
import type { AppDeps } from '../app-deps.ts';
import { preferredEncoding } from '../http/accept-encoding.ts';
import { HttpError } from '../http/errors.ts';
import { openApiDocument } from '../openapi/document.ts';
import { operations } from '../openapi/operation.ts';
import {
  ASSET_NAMES,
  type AssetName,
  kept,
  readAssets,
  renderPage,
  SWAGGER_UI_VERSION,
} from '../openapi/reference-page.ts';

const NO_SUCH_FILE = 'There is no such file of the reference.';

/**
 * The API described: GET /openapi.json, the OpenAPI 3.1 document generated from the routes of
 * `app()` (the whole application, known once it is made), made on the first call and kept; and
 * GET /docs, the interactive reference of that document (Swagger UI), readable without signing
 * in, with its script and styles served from here (GET /docs/assets/…) under a policy of its own
 * (`REFERENCE_POLICY` of http/security-headers.ts).
 */
export function referenceRoutes(deps: AppDeps, app: () => Hono) {
  const op = operations(deps);
  let document: ReturnType<typeof openApiDocument> | undefined;
  const assets = kept(readAssets);

  return new Router()
    .get(
      '/openapi.json',
      op({
        tag: 'Reference',
        summary: 'This OpenAPI document',
        description: 'Every call of the API, generated from the schemas the server validates with.',
        answers: { 200: { description: 'The OpenAPI 3.1 document.' } },
      }),
      // About 350 KB of JSON: compressed as every JSON answer of the API (http/compress-json.ts).
      async (c) => {
        document ??= openApiDocument(app());
        return c.json(await document);
      },
    )
    .get(
      '/docs',
      op({
        tag: 'Reference',
        summary: 'The interactive API reference',
        description:
          'This document shown as a page (Swagger UI), where each call can be tried against this server: ' +
          'paste a token of `POST /api/admin/login` into its "Authorize" dialog for the calls that need one.',
        answers: { 200: { description: 'The reference page.', media: 'text/html' } },
      }),
      async (c) => {
        const all = await assets();
        // The browser asks for the files next: they are compressed meanwhile (a failure is theirs).
        for (const asset of Object.values(all)) asset.form('br').catch(() => {});
        c.set('referencePage', true);
        return c.html(renderPage(all));
      },
    )
    .get(
      '/docs/assets/:name',
      op({
        tag: 'Reference',
        summary: 'A file of the interactive reference',
        description: `Swagger UI's browser bundle and style sheet (swagger-ui-dist ${SWAGGER_UI_VERSION}) and the script that starts it. The reference page asks for each as \`<name>?v=<version>\`, the version named by its content, which may be kept for a year.`,
        params: { name: { description: 'Which file of the page.', schema: z.enum(ASSET_NAMES) } },
        answers: { 200: { description: 'The file.', media: ['text/javascript', 'text/css'] } },
        refusals: { 404: NO_SUCH_FILE },
      }),
      async (c) => {
        const all = await assets();
        const name = c.req.param('name');
        if (!Object.hasOwn(all, name)) throw new HttpError(404, NO_SUCH_FILE);
        const { type, version, form } = all[name as AssetName];
        const encoding = preferredEncoding(c.req.header('accept-encoding'));
        return c.body(await form(encoding), 200, {
          'Content-Type': type,
          'Cache-Control': c.req.query('v') === version ? 'public, max-age=31536000, immutable' : 'no-cache',
          Vary: 'Accept-Encoding',
          ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
        });
      },
    );
}
