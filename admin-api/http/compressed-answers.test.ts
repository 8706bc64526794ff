import { describe, expect, it } from 'vitest';
import { CompressedAnswers } from './compressed-answers.ts';

/** A compression that counts its runs and makes `size` bytes. */
function counted(size = 100) {
  const made = { runs: 0 };
  const compress = async () => {
    made.runs++;
    return Buffer.alloc(size, made.runs);
  };
  return { made, compress };
}

describe('CompressedAnswers', () => {
  it('compresses an answer once per ETag, for every request at once too', async () => {
    const answers = new CompressedAnswers(1000);
    const { made, compress } = counted();
    const [a, b] = await Promise.all([answers.body('k', '"1"', compress), answers.body('k', '"1"', compress)]);
    expect(await answers.body('k', '"1"', compress)).toBe(a);
    expect(b).toBe(a);
    expect(made.runs).toBe(1);

    const next = await answers.body('k', '"2"', compress);
    expect(made.runs).toBe(2);
    expect(next).not.toEqual(a);
    expect(answers.bytes).toBe(100);
  });

  it('keeps at most its bytes, dropping the least recently used', async () => {
    const answers = new CompressedAnswers(250);
    const { made, compress } = counted();
    for (const key of ['a', 'b', 'c']) await answers.body(key, '"1"', compress);
    expect(answers.bytes).toBe(200);
    expect(made.runs).toBe(3);
    await answers.body('b', '"1"', compress);
    expect(made.runs).toBe(3);
    await answers.body('c', '"1"', compress);
    expect(made.runs).toBe(3);
    await answers.body('a', '"1"', compress);
    expect(made.runs).toBe(4);
  });

  it('keeps no failed compression', async () => {
    const answers = new CompressedAnswers(1000);
    await expect(answers.body('k', '"1"', () => Promise.reject(new Error('no memory')))).rejects.toThrow('no memory');
    const { made, compress } = counted();
    await answers.body('k', '"1"', compress);
    expect(made.runs).toBe(1);
  });
});
