import { describe, expect, it } from 'vitest';
import type { Publication } from '../../site/contract/publication.ts';
import { refusal } from '../../site/contract/roles.ts';
import { HttpError } from '../http/errors.ts';
import { type Actor, editedItem, mayChange, newItem, withStatus } from './publication-rules.ts';

const administrator: Actor = { _id: 'id-admin', username: 'admin', role: 'administrator' };
const editor: Actor = { _id: 'id-editor', username: 'esha', role: 'editor' };
const contributor: Actor = { _id: 'id-ravi', username: 'ravi', role: 'contributor' };
const otherContributor: Actor = { _id: 'id-tara', username: 'tara', role: 'contributor' };

type Item = Publication & { _id: string; title: string };
const written = (state: Partial<Item> = {}): Item => ({
  _id: 'item',
  title: 'Sports day',
  status: 'published',
  publishAt: null,
  ...state,
});
const draftBy = (actor: Actor, state: Partial<Item> = {}) =>
  written({ status: 'draft', author: { id: actor._id, username: actor.username }, ...state });

/** The HTTP status and message `act` is refused with, or null when it is not. */
function refused(act: () => unknown): { status: number; message: string } | null {
  try {
    act();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

const ONLY_PUBLISHERS = { status: 403, message: refusal('publish') };

describe('a new item', () => {
  it('is published at once by an Administrator or an Editor who says nothing about publishing', () => {
    for (const actor of [administrator, editor]) {
      expect(newItem(written(), {}, actor)).toEqual({
        ...written(),
        status: 'published',
        publishAt: null,
        author: { id: actor._id, username: actor.username },
      });
    }
  });

  it('waits as a draft, for review or for its time when a publisher says so', () => {
    expect(newItem(written(), { status: 'draft' }, editor).status).toBe('draft');
    expect(newItem(written(), { status: 'review' }, editor).status).toBe('review');
    const scheduled = newItem(written(), { status: 'published', publishAt: '2030-01-01T08:00' }, editor);
    expect([scheduled.status, scheduled.publishAt]).toEqual(['published', '2030-01-01T08:00']);
    // A time without a status schedules the item.
    expect(newItem(written(), { publishAt: '2030-01-01T08:00' }, administrator).publishAt).toBe('2030-01-01T08:00');
  });

  it("is always a Contributor's draft, or submitted for review", () => {
    expect(newItem(written(), {}, contributor)).toMatchObject({
      status: 'draft',
      publishAt: null,
      author: { id: 'id-ravi', username: 'ravi' },
    });
    expect(newItem(written(), { status: 'review' }, contributor).status).toBe('review');
  });

  it('cannot be published or scheduled by a Contributor', () => {
    expect(refused(() => newItem(written(), { status: 'published' }, contributor))).toEqual(ONLY_PUBLISHERS);
    expect(refused(() => newItem(written(), { publishAt: '2030-01-01T08:00' }, contributor))).toEqual(ONLY_PUBLISHERS);
    expect(refused(() => newItem(written(), { status: 'draft', publishAt: '2030-01-01T08:00' }, contributor))).toEqual(
      ONLY_PUBLISHERS,
    );
    expect(ONLY_PUBLISHERS.message).toMatch(/^Only Administrator or Editor accounts can publish/);
  });
});

describe('an edited item', () => {
  it("stays a Contributor's draft (or in review) while its author edits it", () => {
    const mine = draftBy(contributor);
    expect(editedItem({ ...mine, title: 'New title' }, {}, mine, contributor)).toMatchObject({
      title: 'New title',
      status: 'draft',
      author: mine.author,
    });
    const inReview = draftBy(contributor, { status: 'review' });
    expect(editedItem(inReview, {}, inReview, contributor).status).toBe('review');
    expect(editedItem(mine, { status: 'review' }, mine, contributor).status).toBe('review');
  });

  it("cannot be a Contributor's edit of another's draft or of anything published", () => {
    const theirs = draftBy(otherContributor);
    expect(refused(() => editedItem(theirs, {}, theirs, contributor))?.status).toBe(403);
    const published = draftBy(contributor, { status: 'published' });
    expect(refused(() => editedItem(published, {}, published, contributor))?.status).toBe(403);
    const unknownAuthor = written({ status: 'draft' });
    expect(refused(() => editedItem(unknownAuthor, {}, unknownAuthor, contributor))?.status).toBe(403);
    expect(refused(() => mayChange(theirs, contributor))?.message).toMatch(/Administrator.*Editor/);
    expect(refused(() => mayChange(draftBy(contributor), contributor))).toBeNull();
  });

  it('keeps its author whoever edits it; a publisher editing without a word publishes it', () => {
    const theirs = draftBy(contributor, { reviewNote: 'Add the time' });
    const edited = editedItem({ ...theirs, title: 'Fixed' }, {}, theirs, editor);
    expect(edited.author).toEqual(theirs.author);
    expect(edited.status).toBe('published');
    expect(edited).not.toHaveProperty('reviewNote');
    // Kept as a draft, the note stays with it.
    expect(editedItem(theirs, { status: 'draft' }, theirs, editor).reviewNote).toBe('Add the time');
    // The author sent with the item is not taken.
    const forged = { ...theirs, author: { id: 'id-editor', username: 'esha' } };
    expect(editedItem(forged, { status: 'draft' }, theirs, editor).author).toEqual(theirs.author);
  });
});

describe('a change of state', () => {
  it('lets a Contributor submit its own draft for review, and nothing more', () => {
    const mine = draftBy(contributor);
    expect(withStatus(mine, { status: 'review' }, contributor).status).toBe('review');
    expect(withStatus(mine, { status: 'draft' }, contributor).status).toBe('draft');
    expect(refused(() => withStatus(mine, { status: 'published' }, contributor))).toEqual(ONLY_PUBLISHERS);
    expect(refused(() => withStatus(mine, { status: 'review', publishAt: '2030-01-01T08:00' }, contributor))).toEqual(
      ONLY_PUBLISHERS,
    );
    expect(refused(() => withStatus(draftBy(otherContributor), { status: 'review' }, contributor))?.status).toBe(403);
    // A note is a reviewer's: a Contributor cannot write one, even on its own draft.
    expect(refused(() => withStatus(mine, { status: 'draft', note: 'Looks fine to me' }, contributor))).toEqual(
      ONLY_PUBLISHERS,
    );
  });

  it('lets an Editor return a draft with a note, then approve it (the note goes)', () => {
    const submitted = draftBy(contributor, { status: 'review' });
    const returned = withStatus(submitted, { status: 'draft', note: 'Add the time, please' }, editor);
    expect(returned).toMatchObject({ status: 'draft', reviewNote: 'Add the time, please', author: submitted.author });
    // Submitted again, the note stays for the reviewer to see.
    const again = withStatus(returned, { status: 'review' }, contributor);
    expect(again.reviewNote).toBe('Add the time, please');
    const approved = withStatus(again, { status: 'published' }, editor);
    expect(approved.status).toBe('published');
    expect(approved.publishAt).toBeNull();
    expect(approved).not.toHaveProperty('reviewNote');
  });

  it('lets an Editor schedule an item, and unschedule it', () => {
    const submitted = draftBy(contributor, { status: 'review' });
    const scheduled = withStatus(submitted, { status: 'published', publishAt: '2030-01-01T08:00' }, editor);
    expect([scheduled.status, scheduled.publishAt]).toEqual(['published', '2030-01-01T08:00']);
    const now = withStatus(scheduled, { status: 'published', publishAt: null }, editor);
    expect(now.publishAt).toBeNull();
    const unpublished = withStatus(now, { status: 'draft' }, administrator);
    expect(unpublished.status).toBe('draft');
  });
});
