import { useId, useState } from 'react';
import { CloseButton, Modal } from './parts/Modal.tsx';

interface LeadershipMessageProps {
  title: string;
  name: string;
  message: string;
}

/** 'Read More' for a leadership message longer than its preview: the full message in a window. */
export default function LeadershipMessage({ title, name, message }: LeadershipMessageProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <>
      <button type="button" className="button button-outline read-more" onClick={() => setOpen(true)}>
        Read More<span className="visually-hidden">: message from the {title}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy={headingId}>
        <CloseButton onClose={() => setOpen(false)} />
        <h2 id={headingId}>{title}</h2>
        <p className="leader-name">{name}</p>
        <p className="modal-text">{message}</p>
      </Modal>
    </>
  );
}
