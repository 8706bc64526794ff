/**
 * Which items of the content use each image and document (the media library's "where it is
 * used"), found once per committed content document.
 */
import {
  imageField,
  LEADERSHIP_ROLES,
  LEADERSHIP_TITLES,
  linkedDocumentIds,
  type SiteContent,
} from '../../site/contract/content.ts';
import type { MediaUse } from '../../site/contract/media.ts';

export interface ContentMedia {
  /** Image id → the items showing it. */
  images: Map<string, MediaUse[]>;
  /** Document id → the items naming or linking it. */
  documents: Map<string, MediaUse[]>;
  /** File id → the name an item gave it when it was uploaded. */
  names: Map<string, string>;
}

const DASHBOARD = '/admin/dashboard';
/** The dashboard view of an item: its section, and the item's id for the section to open it. */
export const whereIs = (section: string, id?: string) => `${DASHBOARD}#${section}${id ? `/${id}` : ''}`;

const found = new WeakMap<SiteContent, ContentMedia>();

export function contentMedia(content: SiteContent): ContentMedia {
  let media = found.get(content);
  if (!media) {
    media = findMedia(content);
    found.set(content, media);
  }
  return media;
}

function findMedia(content: SiteContent): ContentMedia {
  const media: ContentMedia = { images: new Map(), documents: new Map(), names: new Map() };
  const add = (map: Map<string, MediaUse[]>, fileId: string, use: MediaUse) => {
    const uses = map.get(fileId);
    if (uses) uses.push(use);
    else map.set(fileId, [use]);
  };
  const image = (imageId: string, name: string | undefined, use: MediaUse) => {
    add(media.images, imageId, use);
    if (name && !media.names.has(imageId)) media.names.set(imageId, name);
  };
  const links = (value: unknown, use: MediaUse) => {
    for (const documentId of linkedDocumentIds(value)) add(media.documents, documentId, use);
  };

  for (const logo of content.logos) {
    image(logo.imageId, logo.originalName, {
      kind: 'logo',
      id: logo._id,
      title: 'School logo',
      where: whereIs('site'),
    });
  }
  // A photo of the galleries keeps no file name: its caption names it, unless another item names the file.
  const captions = new Map<string, string>();
  for (const kind of ['gallery', 'homegallery'] as const) {
    for (const photo of content[kind]) {
      if (!captions.has(photo.imageId)) captions.set(photo.imageId, photo.caption);
      image(photo.imageId, undefined, {
        kind,
        id: photo._id,
        title: photo.caption,
        where: whereIs('galleries', photo._id),
      });
    }
  }
  for (const [kind, section] of [
    ['event', 'events'],
    ['news', 'news'],
  ] as const) {
    for (const item of kind === 'event' ? content.events : content.news) {
      const use: MediaUse = { kind, id: item._id, title: item.title, where: whereIs(section, item._id) };
      if (item.image) image(item.image.imageId, item.image.originalName, use);
      links(item.description, use);
    }
  }
  for (const role of LEADERSHIP_ROLES) {
    const photo = content[imageField(role)];
    if (photo) {
      const use: MediaUse = { kind: 'leader', id: role, title: LEADERSHIP_TITLES[role], where: whereIs('leadership') };
      image(photo.imageId, photo.originalName, use);
    }
  }
  for (const circular of content.circulars) {
    const use: MediaUse = {
      kind: 'circular',
      id: circular._id,
      title: circular.title,
      where: whereIs('circulars', circular._id),
    };
    if (circular.document) {
      add(media.documents, circular.document.documentId, use);
      if (circular.document.originalName && !media.names.has(circular.document.documentId)) {
        media.names.set(circular.document.documentId, circular.document.originalName);
      }
    }
    for (const documentId of linkedDocumentIds(circular.description)) {
      if (documentId !== circular.document?.documentId) add(media.documents, documentId, use);
    }
  }
  for (const page of content.pages) {
    links(page, { kind: 'page', id: page.slug, title: page.title, where: whereIs('pages', page.slug) });
  }
  links(content.settings, { kind: 'text', id: 'settings', title: 'School details', where: whereIs('site') });
  for (const [imageId, caption] of captions) if (!media.names.has(imageId)) media.names.set(imageId, caption);
  return media;
}
