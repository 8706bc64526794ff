import { type Hono, Hono as Router } from 'hono';
import type { AppDeps } from '../app-deps.ts';
import { preferredEncoding } from '../http/accept-encoding.ts';
import { openApiDocument } from '../openapi/document.ts';
import { operations } from '../openapi/operation.ts';
import { kept, readBundle, renderPage, SCALAR_VERSION } from '../openapi/reference-page.ts';

/**
 * The API described: GET /openapi.json, the OpenAPI 3.1 document generated from the routes of
 * `app()` (the whole application, known once it is made), made on the first call and kept; and
 * GET /docs, the interactive reference of that document (Scalar), readable without signing in,
 * with its script served from here (GET /docs/scalar.js) under a policy of its own
 * (`referencePolicy` of http/security-headers.ts).
 */
export function referenceRoutes(deps: AppDeps, app: () => Hono) {
  const op = operations(deps);
  let document: ReturnType<typeof openApiDocument> | undefined;
  const bundle = kept(readBundle);
  const page = kept(renderPage);

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
          'This document shown as a page (Scalar), where each call can be tried against this server: ' +
          'paste a token of `POST /api/admin/login` into its Authentication section for the calls that need one.',
        answers: { 200: { description: 'The reference page.', media: 'text/html' } },
      }),
      async (c) => {
        // The page asks for the script next: it is made ready meanwhile (a failure is the script's).
        bundle().catch(() => {});
        const { html, scriptHashes } = await page();
        c.set('referenceScripts', scriptHashes);
        return c.html(html);
      },
    )
    .get(
      '/docs/scalar.js',
      op({
        tag: 'Reference',
        summary: 'The script of the interactive reference',
        description: `Scalar's API reference (@scalar/api-reference ${SCALAR_VERSION}), its standalone browser bundle. The reference page asks for it as \`scalar.js?v=<version>\`, which may be kept for a year.`,
        answers: { 200: { description: 'The script.', media: 'text/javascript' } },
      }),
      async (c) => {
        const forms = await bundle();
        const encoding = preferredEncoding(c.req.header('accept-encoding'));
        const current = c.req.query('v') === SCALAR_VERSION;
        return c.body(forms[encoding], 200, {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
          Vary: 'Accept-Encoding',
          ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
        });
      },
    );
}
