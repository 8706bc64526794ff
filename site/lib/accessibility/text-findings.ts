/**
 * The checker's rules for a long text (a page, a description, an about text), read from the tokens
 * of the Markdown the pages render: skipped or empty headings, links that say nothing on their own,
 * long runs of capital letters. Pure: the dashboard runs it as an editor types, the server for its
 * report of the whole site.
 */
import type { Finding } from '../../contract/accessibility.ts';
import { markdownTokens } from '../markdown.ts';
import { allCapsMessage, HEADING_EMPTY_MESSAGE, headingSkippedMessage, linkTextMessage, quoted } from './messages.ts';

type Token = ReturnType<typeof markdownTokens>[number];

/** Link texts that say nothing of where the link leads, compared without case or punctuation. */
const VAGUE_LINK_TEXTS = new Set([
  'click here',
  'click',
  'here',
  'read more',
  'more',
  'link',
  'this link',
  'click this link',
  'learn more',
  'more info',
  'more information',
  'details',
  'this',
  'go',
]);

/** 5 words in capitals in a row, or 30 capital letters, are a run; shorter acronyms are not. */
const CAPS_WORDS = 5;
const CAPS_LETTERS = 30;

export function textFindings(markdown: string): Finding[] {
  if (!markdown.trim()) return [];
  const tokens = markdownTokens(markdown);
  return [...headingFindings(tokens), ...tokens.flatMap(inlineFindings)];
}

/** The page's title is its Heading 1, so a text's headings start at 2 and go down one at a time. */
function headingFindings(tokens: Token[]): Finding[] {
  const findings: Finding[] = [];
  let previous = 1;
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const level = Number(token.tag.slice(1));
    const text = plainText(tokens[index + 1]?.children ?? []).trim();
    if (!text) findings.push({ kind: 'heading-empty', target: '', message: HEADING_EMPTY_MESSAGE });
    else if (level > previous + 1) {
      findings.push({ kind: 'heading-skipped', target: text, message: headingSkippedMessage(text, level, previous) });
    }
    previous = level;
  });
  return findings;
}

function inlineFindings(token: Token): Finding[] {
  if (token.type !== 'inline' || !token.children) return [];
  return [...linkFindings(token.children), ...capsRuns(plainText(token.children)).map(capsFinding)];
}

function linkFindings(children: Token[]): Finding[] {
  const findings: Finding[] = [];
  children.forEach((child, index) => {
    if (child.type !== 'link_open') return;
    const close = children.findIndex((other, at) => at > index && other.type === 'link_close');
    const text = plainText(children.slice(index + 1, close < 0 ? undefined : close)).trim();
    const isAddress = looksLikeAddress(text, String(child.attrGet('href') ?? ''));
    if (isAddress || VAGUE_LINK_TEXTS.has(comparable(text))) {
      findings.push({ kind: 'link-text', target: text, message: linkTextMessage(text, isAddress) });
    }
  });
  return findings;
}

const capsFinding = (run: string): Finding => ({ kind: 'all-caps', target: quoted(run), message: allCapsMessage(run) });

/** The runs of words in capitals long enough to be hard to read. */
export function capsRuns(text: string): string[] {
  const runs: string[] = [];
  let run: string[] = [];
  let letters = 0;
  const end = () => {
    if (run.length >= CAPS_WORDS || letters >= CAPS_LETTERS) runs.push(run.join(' '));
    run = [];
    letters = 0;
  };
  for (const word of text.split(/\s+/)) {
    const wordLetters = word.replace(/[^\p{L}]/gu, '');
    // Numbers and dashes neither end a run nor count in it.
    if (!wordLetters) {
      if (run.length) run.push(word);
      continue;
    }
    if (wordLetters === wordLetters.toUpperCase() && wordLetters !== wordLetters.toLowerCase()) {
      run.push(word);
      letters += wordLetters.length;
    } else end();
  }
  end();
  return runs.map((found) => found.trim()).filter(Boolean);
}

/** The text a reader hears of inline tokens: words and code, line breaks as spaces. */
function plainText(children: Token[]): string {
  return children
    .map((child) =>
      child.type === 'text' || child.type === 'code_inline'
        ? child.content
        : child.type === 'softbreak' || child.type === 'hardbreak'
          ? ' '
          : child.type === 'image'
            ? child.content
            : '',
    )
    .join('');
}

const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A link whose text is an address (its own, or any web or mail address). */
function looksLikeAddress(text: string, href: string): boolean {
  const bare = text.replace(/^<|>$/g, '').trim();
  if (!bare) return false;
  return (
    bare === href ||
    /^(https?:\/\/|www\.|mailto:)\S+$/i.test(bare) ||
    /^[\w.-]+\.(com|org|net|edu|gov)\b\S*$/i.test(bare)
  );
}
