/**
 * A data file that cannot be used as it is: it does not parse, or it does not hold what the
 * schema says. The server refuses to start on it (and never writes over it): the file is the
 * school's data, and only a person can decide how to get it back.
 */
import { basename } from 'node:path';
import type * as z from 'zod';

export class DamagedDataFileError extends Error {
  readonly file: string;
  /** What is wrong, in a few words. */
  readonly problem: string;

  constructor(file: string, problem: string) {
    super(`${file} is damaged: ${problem}`);
    this.name = 'DamagedDataFileError';
    this.file = file;
    this.problem = problem;
  }

  static unparsable(file: string, text: string, error: unknown): DamagedDataFileError {
    if (text.trim() === '') return new DamagedDataFileError(file, 'it is empty');
    const reason = error instanceof Error ? error.message : String(error);
    // The parser quotes the text around the fault: in alumni.json or messages.json that is someone's
    // personal data, which has no place in the server's output.
    const unquoted = reason.replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '');
    return new DamagedDataFileError(file, `it is not valid JSON (${unquoted})`);
  }

  static invalid(file: string, issues: readonly z.core.$ZodIssue[]): DamagedDataFileError {
    const [first] = issues;
    const where = first && first.path.length > 0 ? `at ${pathText(first.path)}: ` : '';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    return new DamagedDataFileError(
      file,
      `it does not hold valid data (${where}${first?.message ?? 'invalid data'}${more})`,
    );
  }
}

/**
 * What `npm start` says before it stops on a damaged file: which file, what is wrong, that it was
 * left as it is, and how to get the data back.
 */
export function damagedFileReport(error: DamagedDataFileError): string {
  return [
    `The server cannot start: ${error.file} is damaged.`,
    `  What is wrong: ${error.problem}.`,
    '  The file was left exactly as it is; nothing was written over it.',
    ...recoveryAdvice(error.file).map((line) => `  ${line}`),
  ].join('\n');
}

/** How to get a damaged file back: the one place to name a restore command once there is one. */
export function recoveryAdvice(file: string): string[] {
  const name = basename(file);
  const kept = name === 'content.json' ? 'the newest version in the history' : 'the copy kept before its last change';
  return [
    `To recover ${kept}, run: npm run recover -- ${name}`,
    '(with the same DATA_DIR; the damaged file is kept beside it), then run npm start again.',
    `Or put back ${name} from your latest backup (see "Backup" in docs/operating.md), or repair it by hand.`,
  ];
}

/** `events.0.date` as a person reads it: `events[0].date`. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
