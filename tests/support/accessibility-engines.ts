/**
 * Two accessibility engines run on the page as it is now, in the browser: axe-core (every rule it
 * runs by default: WCAG 2.0/2.1 A and AA and its best practices) and HTML_CodeSniffer at WCAG2AA
 * (the 2.0 and 2.1 A and AA success criteria). Each finds things the other misses: HTMLCS checks
 * the contrast of every text node and the heading order, axe the ARIA roles and landmarks.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const resolve = createRequire(import.meta.url).resolve;
const axeSource = readFileSync(resolve('axe-core/axe.min.js'), 'utf8');
const htmlcsSource = readFileSync(resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

export interface EngineFinding {
  engine: 'axe' | 'HTMLCS';
  /** The axe rule id, or the HTMLCS message code (standard.principle.guideline.criterion.technique). */
  rule: string;
  /** A CSS selector (axe) or a short description (HTMLCS) of the element. */
  element: string;
  message: string;
}

/** What HTMLCS could not decide (its warnings), kept apart: only its errors fail a page. */
export interface EngineReport {
  failures: EngineFinding[];
  undecided: EngineFinding[];
}

/**
 * Loads both engines into every document the context opens, before the page's own scripts: the
 * browser then compiles them once and reuses its code cache (evaluating them after each navigation
 * costs a fifth of a second a page). Through the DevTools protocol, so the page's
 * Content-Security-Policy does not apply to them.
 */
export async function loadEngines(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: `${axeSource};\n${htmlcsSource};\n(${aliasAutocompleteMessages})();` });
}

/** Both engines on the page as it is now (loaded now if `loadEngines` did not). */
export async function runEngines(page: Page, options: { undecided?: RegExp } = {}): Promise<EngineReport> {
  const loaded = await page.evaluate(() => 'axe' in window && 'HTMLCS' in window);
  if (!loaded) {
    await page.evaluate(axeSource);
    await page.evaluate(htmlcsSource);
    await page.evaluate(aliasAutocompleteMessages);
  }
  const found = await page.evaluate(
    async ({ undecided }) => {
      type AxeNode = { target: unknown[]; failureSummary?: string };
      type AxeResult = { id: string; help: string; nodes: AxeNode[] };
      type HtmlcsMessage = { type: number; code: string; msg: string; element: Element | Document };
      const win = window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeResult[] }> };
        HTMLCS: {
          process: (standard: string, context: Document, done: () => void) => void;
          getMessages: () => HtmlcsMessage[];
        };
      };
      const describe = (element: Element | Document): string => {
        if (!(element instanceof Element)) return 'document';
        const id = element.id ? `#${element.id}` : '';
        const classes = [...element.classList].map((name) => `.${name}`).join('');
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
        const parent = element.parentElement ? `${element.parentElement.tagName.toLowerCase()} > ` : '';
        return `${parent}${element.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
      };
      // Only the violations are read: collecting the passes too takes nearly twice as long.
      const axe = (await win.axe.run(document, { resultTypes: ['violations'] })).violations.flatMap((violation) =>
        violation.nodes.map((node) => ({
          engine: 'axe' as const,
          rule: violation.id,
          element: node.target.map(String).join(' '),
          message: `${violation.help}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
        })),
      );
      await new Promise<void>((done) => win.HTMLCS.process('WCAG2AA', document, done));
      const messages = win.HTMLCS.getMessages();
      const htmlcs = (type: number) =>
        messages
          .filter((message) => message.type === type)
          .map((message) => ({
            engine: 'HTMLCS' as const,
            rule: message.code,
            element: describe(message.element),
            message: message.msg,
          }));
      const warnings = undecided ? htmlcs(2).filter((warning) => new RegExp(undecided).test(warning.rule)) : [];
      return { failures: [...axe, ...htmlcs(1)], undecided: warnings };
    },
    { undecided: options.undecided?.source },
  );
  return found;
}

/**
 * HTMLCS 2.5.1 reports an autocomplete token that does not fit its control under the key
 * `1_3_5_H98.InvalidAutoComplete_…` while its translations spell it `InvalidAutocomplete_…`: the
 * lookup fails and the whole run throws instead of reporting that error
 * (github.com/squizlabs/HTML_CodeSniffer/issues/296). The messages are copied under the spelling
 * the sniff asks for, so the error is reported like any other.
 */
function aliasAutocompleteMessages() {
  const languages = (window as unknown as { translation: Record<string, Record<string, string>> }).translation;
  for (const messages of Object.values(languages)) {
    for (const [key, text] of Object.entries(messages)) {
      if (key.includes('InvalidAutocomplete_'))
        messages[key.replace('InvalidAutocomplete_', 'InvalidAutoComplete_')] = text;
    }
  }
}

/** One line per finding, for a failure message a person can act on. */
export const describeFinding = (where: string, finding: EngineFinding) =>
  `${where} — ${finding.engine} ${finding.rule} at ${finding.element}: ${finding.message}`;
