import { useId, useState } from 'react';
import { type IslandWords, islandMessages } from '../i18n/catalogue.ts';
import { CloseButton, Modal } from './parts/Modal.tsx';

interface LeadershipMessageProps {
  title: string;
  name: string;
  message: string;
  /** The message's language when it is not the page's (site/lib/fallback-lang.ts). */
  messageLang?: string | undefined;
  /** The page's words (`leader.*`). */
  words: IslandWords;
}

/** 'Read More' for a leadership message longer than its preview: the full message in a window. */
export default function LeadershipMessage({ title, name, message, messageLang, words }: LeadershipMessageProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const { t } = islandMessages(words);
  return (
    <>
      <button type="button" className="button button-outline read-more" onClick={() => setOpen(true)}>
        {t('leader.readMore')}
        <span className="visually-hidden">{t('leader.readMoreOf', { title })}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={headingId}>
        <CloseButton onClose={() => setOpen(false)} label={t('leader.close')} />
        <h2 id={headingId}>{title}</h2>
        <p className="leader-name">{name}</p>
        <p className="modal-text" lang={messageLang}>
          {message}
        </p>
      </Modal>
    </>
  );
}
