/**
 * The interactive API reference (Swagger UI) as this server serves it: a page of ours, Swagger
 * UI's browser bundle and style sheet read from its package (`swagger-ui-dist`), and a small script
 * of ours that starts it, each kept compressed under an address named by its content, so that
 * nothing is loaded from another host and no script of the page is inline.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from '../http/accept-encoding.ts';
import { API_INFO } from './document.ts';

const swaggerUi = (file: string) => new URL(import.meta.resolve(`swagger-ui-dist/${file}`));
export const SWAGGER_UI_VERSION: string = JSON.parse(readFileSync(swaggerUi('package.json'), 'utf8')).version;

/**
 * How the reference is set up: the document comes from this server and "Try it out" sends each
 * call from the page to this origin (the document names no other server), with the token a
 * person pastes into "Authorize" (kept in the page only, never stored). Nothing reaches another
 * host: no badge from Swagger's validator, and a link's `?url=` cannot load another document.
 */
const SETTINGS = {
  url: '/api/openapi.json',
  dom_id: '#reference',
  validatorUrl: null,
  queryConfigEnabled: false,
  persistAuthorization: false,
  deepLinking: true,
  filter: true,
  displayRequestDuration: true,
};
const START_SCRIPT = `window.ui = SwaggerUIBundle({ ...${JSON.stringify(SETTINGS)}, presets: [SwaggerUIBundle.presets.apis] });\n`;

const JAVASCRIPT = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** The style sheet without its source map's address: the map is not served. */
async function styleSheet(): Promise<string> {
  const text = await readFile(swaggerUi('swagger-ui.css'), 'utf8');
  return text.replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');
}

/** The files the page loads, by their name under /api/docs/assets/: their type and text. */
const SOURCES = {
  'swagger-ui.css': { type: CSS, text: styleSheet },
  'swagger-ui-bundle.js': { type: JAVASCRIPT, text: () => readFile(swaggerUi('swagger-ui-bundle.js'), 'utf8') },
  'reference.js': { type: JAVASCRIPT, text: async () => START_SCRIPT },
} satisfies Record<string, { type: string; text: () => Promise<string> }>;

export type AssetName = keyof typeof SOURCES;
export const ASSET_NAMES = Object.keys(SOURCES) as [AssetName, ...AssetName[]];

/** A file of the page, named by its content: a browser may keep it while its address stays. */
export interface Asset {
  type: string;
  version: string;
  /** The file as the browser accepts it, compressed on the first call and kept. */
  form: (encoding: Encoding) => Promise<Uint8Array<ArrayBuffer>>;
}
export type Assets = Record<AssetName, Asset>;

async function compress(identity: Buffer<ArrayBuffer>) {
  const [br, gzipped] = await Promise.all([
    promisify(brotliCompress)(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    promisify(gzip)(identity, { level: 9 }),
  ]);
  return { br, gzip: gzipped };
}

async function readAsset(name: AssetName): Promise<Asset> {
  const { type, text } = SOURCES[name];
  const identity = Buffer.from(await text());
  const compressed = kept(() => compress(identity));
  return {
    type,
    version: createHash('sha256').update(identity).digest('hex').slice(0, 16),
    form: async (encoding) => (encoding === 'identity' ? identity : (await compressed())[encoding]),
  };
}

/** The page's files, read once (compressing them waits for the first request of each form). */
export async function readAssets(): Promise<Assets> {
  const read = await Promise.all(ASSET_NAMES.map(async (name) => [name, await readAsset(name)] as const));
  return Object.fromEntries(read) as Assets;
}

const address = (assets: Assets, name: AssetName) => `/api/docs/assets/${name}?v=${assets[name].version}`;

/** The reference page: Swagger UI draws the document into `<main>`. */
export function renderPage(assets: Assets): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${API_INFO.title} reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${address(assets, 'swagger-ui.css')}">
<script src="${address(assets, 'swagger-ui-bundle.js')}" defer></script>
<script src="${address(assets, 'reference.js')}" defer></script>
</head>
<body>
<main id="reference"></main>
<noscript><p>The reference needs JavaScript. The same description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
</body>
</html>
`;
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
