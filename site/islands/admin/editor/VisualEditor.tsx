/**
 * The visual editor of a long text (Tiptap): the toolbar, the text as it will look, and the link
 * form. It reads and gives Markdown, so the form, the API and the pages keep their Markdown. Loaded
 * only when a form with a long text opens (MarkdownField imports it lazily).
 */
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { EditorToolbar } from './EditorToolbar.tsx';
import { editorExtensions } from './extensions.ts';
import { LinkForm } from './LinkForm.tsx';
import { cleanPastedHtml } from './pasted-html.ts';
import '../../../styles/markdown.css';
import './editor.css';

export interface VisualEditorProps {
  /** The editable area's id: the field's, so a page's tests and labels find it. */
  id: string;
  labelId: string;
  value: string;
  onChange: (markdown: string) => void;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  lineBreaks: boolean;
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
}

/** The editor's Markdown without the empty paragraphs a document may end with. */
export function markdownOf(editor: Editor): string {
  return editor
    .getMarkdown()
    .replace(/(\s*&nbsp;)+\s*$/, '')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
}

export default function VisualEditor({
  id,
  labelId,
  value,
  onChange,
  disabled = false,
  required = false,
  invalid = false,
  describedBy,
  lineBreaks,
  lang,
  dir,
}: VisualEditorProps) {
  const [linking, setLinking] = useState(false);
  // The Markdown this editor last gave the form: a value that differs came from elsewhere.
  const given = useRef(value);
  const change = useRef(onChange);
  change.current = onChange;
  const extensions = useMemo(() => editorExtensions({ lineBreaks }), [lineBreaks]);

  const editor = useEditor({
    extensions,
    content: value,
    contentType: 'markdown',
    // The dashboard's policy allows no inline style element: editor.css has what Tiptap would inject.
    injectCSS: false,
    editable: !disabled,
    // useEditor hands the editor these options again at each render: the attributes follow the props.
    editorProps: {
      attributes: {
        id,
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(disabled ? { 'aria-disabled': 'true' } : {}),
        ...(lang ? { lang } : {}),
        ...(dir ? { dir } : {}),
        class: 'visual-editor-text markdown',
      },
      transformPastedHTML: cleanPastedHtml,
      handleKeyDown: (_view, event) => {
        if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return false;
        event.preventDefault();
        setLinking(true);
        return true;
      },
    },
    onUpdate: ({ editor: updated }) => {
      const markdown = markdownOf(updated);
      if (markdown === given.current) return;
      given.current = markdown;
      change.current(markdown);
    },
  });

  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);

  // The form changed the text (another page chosen, someone else's version taken): show it. A layout
  // effect, run in the same task as the render: a passive one could run after the next keystroke
  // and take the value of the render before it for a change from elsewhere, undoing that keystroke.
  useLayoutEffect(() => {
    if (value === given.current) return;
    given.current = value;
    editor.commands.setContent(value, { contentType: 'markdown', emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      heading4: current.isActive('heading', { level: 4 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      table: current.isActive('table'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  function toToolbar(event: KeyboardEvent<HTMLElement>) {
    if (!event.altKey || event.key !== 'F10') return;
    event.preventDefault();
    event.currentTarget.querySelector<HTMLElement>('[role="toolbar"] [tabindex="0"]')?.focus();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Alt+F10 from the text to the toolbar, as in other editors (Tab indents in lists and moves in tables)
    <div className="visual-editor" onKeyDown={toToolbar}>
      <EditorToolbar
        editor={editor}
        state={state}
        label="Formatting"
        describedBy={labelId}
        disabled={disabled}
        onLink={() => setLinking(true)}
      />
      {linking && <LinkForm editor={editor} idPrefix={id} onClose={() => setLinking(false)} />}
      <EditorContent editor={editor} />
    </div>
  );
}
