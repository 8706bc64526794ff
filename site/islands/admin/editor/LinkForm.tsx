/**
 * The small form under the toolbar that makes, changes or removes a link: its address and its
 * text. An address that would run a script (`javascript:` and the like) is refused, by the rule
 * the public pages' renderer keeps (site/lib/safe-link.ts). It is a fieldset, not a form of its own,
 * as it sits inside the item's form: Enter applies the link rather than saving the item.
 */
import type { Editor } from '@tiptap/react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { linkAddress } from '../../../lib/link-address.ts';

export function LinkForm({ editor, idPrefix, onClose }: { editor: Editor; idPrefix: string; onClose: () => void }) {
  const [initial] = useState(() => {
    if (editor.isActive('link')) editor.chain().extendMarkRange('link').run();
    const { from, to } = editor.state.selection;
    return {
      address: String(editor.getAttributes('link').href ?? ''),
      text: editor.state.doc.textBetween(from, to, ' '),
    };
  });
  const [address, setAddress] = useState(initial.address);
  const [text, setText] = useState(initial.text);
  const [problem, setProblem] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  function close() {
    onClose();
    editor.commands.focus();
  }

  function apply() {
    const href = linkAddress(address);
    if (!href.ok) return setProblem(href.problem);
    const shown = text.trim() || href.address;
    editor
      .chain()
      .focus()
      .insertContent({ type: 'text', text: shown, marks: [{ type: 'link', attrs: { href: href.address } }] })
      .unsetMark('link')
      .run();
    onClose();
  }

  function remove() {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      apply();
    }
  }

  return (
    <fieldset className="link-form" onKeyDown={onKeyDown}>
      <legend className="link-form-legend">Link</legend>
      <div className="field">
        <label htmlFor={`${idPrefix}-link-address`}>Link address</label>
        <input
          ref={first}
          id={`${idPrefix}-link-address`}
          type="text"
          inputMode="url"
          value={address}
          placeholder="https://…"
          onChange={(event) => {
            setAddress(event.target.value);
            setProblem('');
          }}
          aria-invalid={problem !== ''}
          aria-describedby={problem ? `${idPrefix}-link-problem` : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-link-text`}>Link text</label>
        <input
          id={`${idPrefix}-link-text`}
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <p className="field-error" id={`${idPrefix}-link-problem`} role="alert" hidden={!problem}>
        {problem}
      </p>
      <div className="link-form-actions">
        <button type="button" onClick={apply}>
          Apply link
        </button>
        {initial.address && (
          <button type="button" className="secondary" onClick={remove}>
            Remove link
          </button>
        )}
        <button type="button" className="secondary" onClick={close}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
