import { useMemo, useState } from 'react';
import type { News, SchoolEvent } from '../contract/content.ts';
import type { IslandWords } from '../i18n/catalogue.ts';
import type { ImageSize } from '../lib/image-sources.ts';
import type { RenderedTexts } from '../lib/rendered-texts.ts';
import { EventCard, EventDetails } from './parts/EventCard.tsx';
import { itemWords } from './parts/item-words.ts';
import { CloseButton, Modal } from './parts/Modal.tsx';
import { NewsCard, NewsDetails } from './parts/NewsCard.tsx';
import './events-news.css';

export type ArchiveListProps = ({ kind: 'events'; items: SchoolEvent[] } | { kind: 'news'; items: News[] }) & {
  /** What the list is, for screen readers: "Past events of 2025". */
  label: string;
  /** Sizes of the images the build could measure, by image id. */
  imageSizes: Record<string, ImageSize>;
  /** The descriptions' HTML, by their Markdown, rendered when the page was built. */
  rendered: RenderedTexts;
  /** The page's words (`item.*`). */
  words: IslandWords;
};

/** One page of an events or news archive (/eventsnews/…): the cards of that page and their popups. */
export default function ArchiveList(props: ArchiveListProps) {
  const [opened, setOpened] = useState<string | null>(null);
  const words = useMemo(() => itemWords(props.words), [props.words]);
  const sizeOf = (imageId: string) => props.imageSizes[imageId] ?? null;
  const close = () => setOpened(null);
  const event = props.kind === 'events' ? props.items.find((item) => item._id === opened) : undefined;
  const news = props.kind === 'news' ? props.items.find((item) => item._id === opened) : undefined;

  return (
    <>
      <ul className="card-list" aria-label={props.label}>
        {props.kind === 'events'
          ? props.items.map((item) => (
              <EventCard key={item._id} event={item} sizeOf={sizeOf} onOpen={() => setOpened(item._id)} words={words} />
            ))
          : props.items.map((item) => (
              <NewsCard key={item._id} news={item} sizeOf={sizeOf} onOpen={() => setOpened(item._id)} words={words} />
            ))}
      </ul>
      <Modal open={Boolean(event ?? news)} onClose={close} labelledBy="details-title" className="details">
        <CloseButton onClose={close} label={words.t('item.close')} />
        {event && (
          <EventDetails
            event={event}
            sizeOf={sizeOf}
            headingId="details-title"
            rendered={props.rendered[event.description]}
            words={words}
          />
        )}
        {news && (
          <NewsDetails
            news={news}
            sizeOf={sizeOf}
            headingId="details-title"
            rendered={props.rendered[news.description]}
            words={words}
          />
        )}
      </Modal>
    </>
  );
}
