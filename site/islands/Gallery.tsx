import { type KeyboardEvent, useId, useState } from 'react';
import { itemAnchor } from '../contract/search.ts';
import { type IslandWords, islandMessages } from '../i18n/catalogue.ts';
import { fallbackLang, type InLanguage } from '../lib/fallback-lang.ts';
import { captionRepeatsAlt } from '../lib/image-alt.ts';
import { type ImageSize, imageUrl } from '../lib/image-sources.ts';
import { CloseButton, Modal } from './parts/Modal.tsx';
import { StoredImage } from './parts/StoredImage.tsx';
import './gallery.css';

export interface GalleryPhoto extends InLanguage {
  _id: string;
  imageId: string;
  caption: string;
  /** Its text alternative (site/lib/image-alt.ts: the photo's, the library's, else its caption). */
  alt: string;
  size: ImageSize | null;
}

/** Photos shown before the visitor scrolls: loaded at once, the rest lazily. */
const EAGER_PHOTOS = 4;

interface GalleryProps {
  /** The photos of this page of the gallery. */
  photos: GalleryPhoto[];
  /** How many photos the whole gallery has. */
  total: number;
  /** The page's words (`photos.*`). */
  words: IslandWords;
}

/**
 * One page of /gallery: the photo grid and its lightbox, which steps through this page's photos
 * (previous/next wrap around, arrow keys, Escape).
 */
export default function Gallery({ photos, total: galleryTotal, words }: GalleryProps) {
  const [current, setCurrent] = useState<number | null>(null);
  const captionId = useId();
  const total = photos.length;
  const { t, plural } = islandMessages(words);
  const captionLang = (item: GalleryPhoto) => fallbackLang(item, 'caption', words.language, words.defaultLanguage);

  if (total === 0) return <p className="empty-state">{t('photos.empty')}</p>;

  const step = (by: number) => setCurrent((index) => (index === null ? null : (index + by + total) % total));
  const photo = current === null ? null : photos[current];

  function onKeyDown(event: KeyboardEvent) {
    if (total < 2) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  }

  return (
    <>
      <p className="gallery-count">{plural('photos.count', galleryTotal)}</p>
      <ul className="gallery-grid">
        {photos.map((item, index) => (
          <li key={item._id} id={itemAnchor('photo', item._id)}>
            <a
              className="gallery-thumb"
              href={imageUrl(item.imageId)}
              onClick={(event) => {
                event.preventDefault();
                setCurrent(index);
              }}
            >
              <StoredImage
                imageId={item.imageId}
                alt={item.alt}
                size={item.size}
                sizes="(min-width: 72rem) 18rem, (min-width: 56rem) 33vw, (min-width: 36rem) 50vw, 100vw"
                eager={index < EAGER_PHOTOS}
              />
              <span
                className="gallery-caption"
                lang={captionLang(item)}
                aria-hidden={captionRepeatsAlt(item.alt, item.caption) || undefined}
              >
                {item.caption}
              </span>
            </a>
          </li>
        ))}
      </ul>
      <Modal
        open={photo !== null && photo !== undefined}
        onClose={() => setCurrent(null)}
        labelledBy={captionId}
        className="lightbox"
        onKeyDown={onKeyDown}
      >
        {photo && (
          <figure className="lightbox-figure">
            <CloseButton onClose={() => setCurrent(null)} label={t('photos.close')} />
            <StoredImage
              key={photo._id}
              className="lightbox-image"
              imageId={photo.imageId}
              alt={photo.alt}
              size={photo.size}
              sizes="(min-width: 64rem) 60rem, 100vw"
              eager
            />
            <figcaption className="lightbox-bar">
              <span id={captionId} className="lightbox-caption" lang={captionLang(photo)}>
                {photo.caption}
              </span>
              {total > 1 && (
                <span className="lightbox-nav">
                  <button
                    type="button"
                    className="lightbox-step"
                    aria-label={t('photos.previous')}
                    onClick={() => step(-1)}
                  >
                    <span aria-hidden="true">‹</span>
                  </button>
                  <span className="lightbox-counter" aria-live="polite">
                    {current! + 1} / {total}
                  </span>
                  <button type="button" className="lightbox-step" aria-label={t('photos.next')} onClick={() => step(1)}>
                    <span aria-hidden="true">›</span>
                  </button>
                </span>
              )}
            </figcaption>
          </figure>
        )}
      </Modal>
    </>
  );
}
