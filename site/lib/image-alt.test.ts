import { describe, expect, it } from 'vitest';
import { chosenAlt, imageAlt, withLibraryAlt } from './image-alt.ts';

const imageId = 'a'.repeat(32) + '.png';
const library = { [imageId]: 'The school choir on stage' };

describe('imageAlt', () => {
  it("takes the item's own alt first, even decorative", () => {
    expect(imageAlt({ imageId, alt: 'Choir, front row' }, library, 'Caption')).toBe('Choir, front row');
    expect(imageAlt({ imageId, alt: '' }, library, 'Caption')).toBe('');
  });

  it("then the library's, then the fallback", () => {
    expect(imageAlt({ imageId }, library, 'Caption')).toBe('The school choir on stage');
    expect(imageAlt({ imageId: `b${imageId.slice(1)}` }, library, 'Caption')).toBe('Caption');
    expect(imageAlt({ imageId }, undefined, '')).toBe('');
  });

  it('says when nobody chose one', () => {
    expect(chosenAlt({ imageId }, {})).toBeUndefined();
    expect(chosenAlt({ imageId }, { [imageId]: '' })).toBeUndefined();
  });

  it("fills the library's alt into an image for an island, leaving its own alone", () => {
    expect(withLibraryAlt({ imageId, originalName: 'choir.jpg' }, library)).toEqual({
      imageId,
      originalName: 'choir.jpg',
      alt: 'The school choir on stage',
    });
    const own = { imageId, alt: '' };
    expect(withLibraryAlt(own, library)).toBe(own);
    expect(withLibraryAlt(null, library)).toBeNull();
  });
});
