import { describe, expect, it } from 'vitest';
import { PREVIEW_LIMITS, previewCharacters, previewWords } from './text-cuts.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

describe('previewWords', () => {
  it('keeps a message of exactly 25 words whole, without an ellipsis', () => {
    expect(previewWords(words(25), PREVIEW_LIMITS.leadershipWords)).toEqual({ text: words(25), cut: false });
  });

  it('cuts a longer message after its 25th word and adds an ellipsis', () => {
    const preview = previewWords(words(26), PREVIEW_LIMITS.leadershipWords);
    expect(preview).toEqual({ text: `${words(25)}…`, cut: true });
  });

  it('counts words across line breaks and repeated spaces', () => {
    expect(previewWords('  one\n\ntwo   three\tfour ', 3)).toEqual({ text: 'one two three…', cut: true });
  });

  it('answers an empty preview for an empty message', () => {
    expect(previewWords('   ', 25)).toEqual({ text: '', cut: false });
  });
});

describe('previewCharacters', () => {
  it('keeps a description of exactly 120 characters whole', () => {
    const text = 'a'.repeat(120);
    expect(previewCharacters(text, PREVIEW_LIMITS.newsCharacters)).toEqual({ text, cut: false });
  });

  it('cuts a news description at 120 characters and an event description at 100', () => {
    const text = 'b'.repeat(150);
    expect(previewCharacters(text, PREVIEW_LIMITS.newsCharacters)).toEqual({ text: `${'b'.repeat(120)}…`, cut: true });
    expect(previewCharacters(text, PREVIEW_LIMITS.eventCharacters)).toEqual({ text: `${'b'.repeat(100)}…`, cut: true });
  });

  it('does not leave a space before the ellipsis', () => {
    expect(previewCharacters('abc def ghi', 4)).toEqual({ text: 'abc…', cut: true });
  });

  it('never splits an emoji', () => {
    expect(previewCharacters('🎉🎉🎉', 2)).toEqual({ text: '🎉🎉…', cut: true });
  });
});
