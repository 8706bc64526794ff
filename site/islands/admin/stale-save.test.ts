import { describe, expect, it } from 'vitest';
import { changedFields } from './stale-save.tsx';

describe('changedFields', () => {
  it('labels the fields that differ, each translation as a text of its own', () => {
    const theirs = { title: 'Sports day', translations: { hi: { title: 'खेल दिवस', description: 'दौड़' } } };
    const yours = { title: 'Sports day', translations: { hi: { title: 'खेल उत्सव', description: 'दौड़' } } };
    expect(changedFields(theirs, yours)).toEqual([{ label: 'Title (Hindi)', theirs: 'खेल दिवस', yours: 'खेल उत्सव' }]);
  });

  it('says a translation one side lacks, and the default fields as before', () => {
    const theirs = { publishDate: '2026-05-01' };
    const yours = { publishDate: '2026-05-02', translations: { ar: { title: 'يوم الرياضة' } } };
    expect(changedFields(theirs, yours)).toEqual([
      { label: 'Publish date', theirs: '2026-05-01', yours: '2026-05-02' },
      { label: 'Title (Arabic)', theirs: '', yours: 'يوم الرياضة' },
    ]);
  });
});
