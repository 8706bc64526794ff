import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** The public forms' schemas: they import zod/mini (site/contract/form-fields.ts). */
const FORM_SCHEMAS = /\/site\/contract\/(?:form-fields|contact-form|alumni-form)\.ts$/;
const COPY = '?forms-zod';

/**
 * In the browser, the public forms' schemas get a copy of zod's modules of their own. The bundler
 * keeps one copy of a module for all the pages that load it, with every part of it any of them
 * uses: zod's core as the dashboard's zod uses it is 15 KB (gzip -9) of a form page's JS, where the
 * forms' schemas use 6 KB of it. The copy's modules are zod's files under another name.
 */
export function formsOwnZod(): Plugin {
  return {
    name: 'school-forms-own-zod',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      const inCopy = importer?.endsWith(COPY);
      if (!importer || !(inCopy || (FORM_SCHEMAS.test(importer) && /^zod(?:\/|$)/.test(source)))) return null;
      const from = inCopy ? importer.slice(0, -COPY.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      return resolved && !resolved.external ? { ...resolved, id: `${resolved.id}${COPY}` } : resolved;
    },
    async load(id) {
      if (!id.endsWith(COPY)) return null;
      return { code: await readFile(id.slice(0, -COPY.length), 'utf8'), moduleType: 'js' };
    },
  };
}
