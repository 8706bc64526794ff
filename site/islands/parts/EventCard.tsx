import type { SchoolEvent } from '../../contract/content.ts';
import { itemAnchor } from '../../contract/search.ts';
import { dateParts, formatDate, formatTime } from '../../lib/display-format.ts';
import { markdownPlainText } from '../../lib/markdown-text.ts';
import { PREVIEW_LIMITS, previewCharacters } from '../../lib/text-cuts.ts';
import { DetailsImage, ItemThumb, type SizeOf } from './ItemImages.tsx';
import { RichText } from './RichText.tsx';

function DateBlock({ date }: { date: string }) {
  const { day, monthShort, year } = dateParts(date);
  return (
    <time className="date-block" dateTime={date}>
      <span className="date-block-day">{day}</span>
      <span className="date-block-month">{monthShort}</span>
      <span className="date-block-year">{year}</span>
    </time>
  );
}

function EventFacts({ event }: { event: SchoolEvent }) {
  return (
    <p className="facts">
      {event.time && (
        <span className="fact">
          <span className="fact-label">Time:</span> {formatTime(event.time)}
        </span>
      )}
      {event.location && (
        <span className="fact">
          <span className="fact-label">Location:</span> {event.location}
        </span>
      )}
    </p>
  );
}

interface EventCardProps {
  event: SchoolEvent;
  sizeOf: SizeOf;
  onOpen: () => void;
}

/** An event in a list: date block, time, location and the description cut at 100 characters. */
export function EventCard({ event, sizeOf, onOpen }: EventCardProps) {
  return (
    <li className="item-card event-card" id={itemAnchor('event', event._id)}>
      <DateBlock date={event.date} />
      <div className="item-card-text">
        <h3 className="item-title">
          <button type="button" className="item-open" onClick={onOpen}>
            {event.title}
          </button>
        </h3>
        <EventFacts event={event} />
        <p className="item-preview">
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
}: {
  event: SchoolEvent;
  sizeOf: SizeOf;
  headingId: string;
  /** The description's HTML, rendered when the page was built. */
  rendered: string | undefined;
}) {
  return (
    <article>
      <p className="eyebrow">Event</p>
      <h2 id={headingId}>{event.title}</h2>
      <p className="facts">
        <span className="fact">
          <span className="fact-label">Date:</span> {formatDate(event.date)}
        </span>
      </p>
      <EventFacts event={event} />
      <DetailsImage image={event.image} fallback={event.title} sizeOf={sizeOf} />
      <RichText markdown={event.description} html={rendered} />
    </article>
  );
}
