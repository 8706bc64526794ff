/**
 * The interactive API reference (Scalar) as this server serves it: the page, rendered once by
 * Scalar's Hono middleware with the hashes of its inline scripts, and Scalar's standalone bundle,
 * read from its package and kept compressed, so that nothing is loaded from another host.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import type { Encoding } from '../http/accept-encoding.ts';
import { API_INFO } from './document.ts';

/** The Scalar API reference's standalone browser bundle, as its package ships it (one file, no chunks). */
const SCALAR_PACKAGE = new URL('../', import.meta.resolve('@scalar/api-reference'));
const SCALAR_BUNDLE = new URL('dist/browser/standalone.js', SCALAR_PACKAGE);
export const SCALAR_VERSION: string = JSON.parse(readFileSync(new URL('package.json', SCALAR_PACKAGE), 'utf8')).version;
/** The bundle's address, named by its version: a browser may keep it until the package changes. */
const BUNDLE_PATH = '/api/docs/scalar.js';
const BUNDLE_URL = `${BUNDLE_PATH}?v=${SCALAR_VERSION}`;

/**
 * How the reference is set up: the document and the script come from this server, and nothing
 * reaches another host: no web fonts, no request proxy, no telemetry, no AI agent, no MCP, no
 * developer tools, no "Open API Client" button (it hands the document's address to Scalar's
 * site). "Test Request" sends the call from the page to this origin, with the token the person
 * pastes into the Authentication section (kept in the page only, never stored).
 */
const REFERENCE = {
  pageTitle: `${API_INFO.title} reference`,
  cdn: BUNDLE_URL,
  url: '/api/openapi.json',
  favicon: '/favicon.svg',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  persistAuth: false,
  documentDownloadType: 'json',
  authentication: { preferredSecurityScheme: 'bearerAuth' },
  defaultHttpClient: { targetKey: 'shell', clientKey: 'curl' },
} as const;

/** `'sha256-…'` of each inline script of `html`, as a Content-Security-Policy names it. */
function inlineScriptHashes(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)];
  return scripts.map(([, text]) => `sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}`);
}

/**
 * The reference page as Scalar's Hono middleware renders it, naming its language (Scalar's names
 * none: the document is in English), with the hashes of its inline scripts. It is the same for
 * every request: rendered once.
 */
export async function renderPage(): Promise<{ html: string; scriptHashes: string[] }> {
  const rendered = await new Hono().get('/', Scalar(REFERENCE)).request('/');
  const html = (await rendered.text()).replace(/^<!doctype html>\s*<html>/i, '<!doctype html>\n<html lang="en">');
  return { html, scriptHashes: inlineScriptHashes(html) };
}

/**
 * Set before the bundle runs: the Zod inside it then validates without first probing whether it
 * may compile code (`Function('')`), which the page's policy refuses, and reports.
 */
const BUNDLE_PREAMBLE = 'globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };\n';

/** The bundle with its compressed forms: it is sent as the browser accepts. */
type Bundle = Record<Encoding, Uint8Array<ArrayBuffer>>;
export async function readBundle(): Promise<Bundle> {
  const identity = Buffer.concat([Buffer.from(BUNDLE_PREAMBLE), await readFile(SCALAR_BUNDLE)]);
  const [br, gzipped] = await Promise.all([
    promisify(brotliCompress)(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    promisify(gzip)(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped };
}

/** `make()` on the first call, its result kept (made again after a failure). */
export function kept<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
