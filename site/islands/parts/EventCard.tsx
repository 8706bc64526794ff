import type { SchoolEvent } from '../../contract/content.ts';
import { itemAnchor } from '../../contract/search.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import { PREVIEW_LIMITS, previewCharacters } from '../../lib/text-cuts.ts';
import { DetailsImage, ItemThumb, type SizeOf } from './ItemImages.tsx';
import type { ItemWords } from './item-words.ts';
import { RichText } from './RichText.tsx';

function DateBlock({ date, words }: { date: string; words: ItemWords }) {
  const { day, monthShort, year } = words.dateParts(date);
  return (
    <time className="date-block" dateTime={date}>
      <span className="date-block-day">{day}</span>
      <span className="date-block-month">{monthShort}</span>
      <span className="date-block-year">{year}</span>
    </time>
  );
}

function EventFacts({ event, words }: { event: SchoolEvent; words: ItemWords }) {
  const { t } = words;
  return (
    <p className="facts">
      {event.time && (
        <span className="fact">
          <span className="fact-label">{t('item.time')}</span> {words.formatTime(event.time)}
        </span>
      )}
      {event.location && (
        <span className="fact">
          <span className="fact-label">{t('item.location')}</span> <Location event={event} words={words} />
        </span>
      )}
    </p>
  );
}

function Location({ event, words }: { event: SchoolEvent; words: ItemWords }) {
  const lang = words.langOf(event, 'location');
  return lang ? <span lang={lang}>{event.location}</span> : event.location;
}

interface EventCardProps {
  event: SchoolEvent;
  sizeOf: SizeOf;
  onOpen: () => void;
  words: ItemWords;
}

/** An event in a list: date block, time, location and the description cut at 100 characters. */
export function EventCard({ event, sizeOf, onOpen, words }: EventCardProps) {
  return (
    <li className="item-card event-card" id={itemAnchor('event', event._id)}>
      <DateBlock date={event.date} words={words} />
      <div className="item-card-text">
        <h3 className="item-title" lang={words.langOf(event, 'title')}>
          <button type="button" className="item-open" onClick={onOpen}>
            {event.title}
          </button>
        </h3>
        <EventFacts event={event} words={words} />
        <p className="item-preview" lang={words.langOf(event, 'description')}>
          {previewCharacters(markdownPlainText(event.description), PREVIEW_LIMITS.eventCharacters).text}
        </p>
      </div>
      <ItemThumb image={event.image} sizeOf={sizeOf} />
    </li>
  );
}

/** The popup: everything about the event. */
export function EventDetails({
  event,
  sizeOf,
  headingId,
  rendered,
  words,
}: {
  event: SchoolEvent;
  sizeOf: SizeOf;
  headingId: string;
  /** The description's HTML, rendered when the page was built. */
  rendered: string | undefined;
  words: ItemWords;
}) {
  const { t } = words;
  return (
    <article>
      <p className="eyebrow">{t('item.event')}</p>
      <h2 id={headingId} lang={words.langOf(event, 'title')}>
        {event.title}
      </h2>
      <p className="facts">
        <span className="fact">
          <span className="fact-label">{t('item.date')}</span> {words.formatDate(event.date)}
        </span>
      </p>
      <EventFacts event={event} words={words} />
      <DetailsImage image={event.image} fallback={event.title} sizeOf={sizeOf} />
      <RichText markdown={event.description} html={rendered} lang={words.langOf(event, 'description')} />
    </article>
  );
}
