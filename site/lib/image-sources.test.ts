import { describe, expect, it } from 'vitest';
import { imageSources, imageUrl } from './image-sources.ts';

const id = '0123456789abcdef0123456789abcdef.jpg';

describe('imageSources', () => {
  it('offers every rendition of an image wider than the largest one', () => {
    const { src, srcset } = imageSources(id, { width: 2560, height: 1440 });
    expect(src).toBe(imageUrl(id, 640));
    expect(srcset).toBe([320, 640, 960, 1280].map((w) => `/images/${id}-${w}.webp ${w}w`).join(', '));
  });

  it('never describes a rendition as wider than the image', () => {
    const { src, srcset } = imageSources(id, { width: 500, height: 400 });
    expect(srcset).toBe(`/images/${id}-320.webp 320w, /images/${id}-640.webp 500w`);
    expect(src).toBe(`/images/${id}-640.webp`);
  });

  it('offers every rendition when the size is unknown', () => {
    expect(imageSources(id).srcset.split(', ')).toHaveLength(4);
  });
});
