import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultContent } from '../store/default-content.ts';
import { ContentHistory } from './content-history.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'content-history-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const renamed = (name: string) => {
  const content = defaultContent();
  return { ...content, settings: { ...content.settings, schoolName: name } };
};

describe('ContentHistory.record', () => {
  it('keeps a version once its answer has left, in the order of the changes', async () => {
    const first = defaultContent();
    const history = await ContentHistory.open(dataDir, first);
    const answers = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
    const second = renamed('Second');
    const third = renamed('Third');
    const recorded = [
      history.record(second, first, 'ana', 'Second', answers[0]!.promise),
      history.record(third, second, 'ben', 'Third', answers[1]!.promise),
    ];
    // The later change was answered first: it waits for the earlier one.
    answers[1]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(history.list().map((entry) => entry.summary)).toEqual(['The content when history began']);
    answers[0]!.resolve();
    await Promise.all(recorded);
    expect(history.list().map((entry) => entry.summary)).toEqual(['Third', 'Second', 'The content when history began']);
  });

  it('keeps the versions still waiting for their answer when asked to settle', async () => {
    const first = defaultContent();
    const history = await ContentHistory.open(dataDir, first);
    void history.record(renamed('Restored'), first, 'ana', 'Restored version 1', new Promise(() => {}));
    await history.settled();
    expect(history.list()[0]?.summary).toBe('Restored version 1');
  });
});
