/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one Tab stop, the arrow keys, Home and End move
 * between the buttons, Enter or Space presses one, Escape goes back to the text (Alt+F10 there
 * comes here). Marks and blocks
 * say whether they are on (`aria-pressed`). Pressed with the keyboard, a button leaves the focus
 * where it is, so its new state can be heard; pressed with the mouse, the text keeps the focus.
 */
import type { Editor } from '@tiptap/react';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef, useState } from 'react';

export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  heading2: boolean;
  heading3: boolean;
  heading4: boolean;
  bulletList: boolean;
  orderedList: boolean;
  link: boolean;
  table: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

interface Tool {
  name: string;
  /** What the button shows; its name is `name`. */
  face: ReactNode;
  run: (editor: Editor) => void;
  pressed?: boolean;
  enabled?: boolean;
  keys?: string;
  /** Starts a group: a thin line before it. */
  group?: boolean;
}

function toolsFor(state: ToolbarState, onLink: () => void): Tool[] {
  const heading = (level: 2 | 3 | 4, pressed: boolean): Tool => ({
    name: `Heading ${level}`,
    face: `Heading ${level}`,
    pressed,
    run: (editor) => editor.chain().toggleHeading({ level }).run(),
    group: level === 2,
  });
  const tools: Tool[] = [
    heading(2, state.heading2),
    heading(3, state.heading3),
    heading(4, state.heading4),
    {
      name: 'Bold',
      face: <b>B</b>,
      pressed: state.bold,
      keys: 'Control+B',
      run: (e) => e.chain().toggleBold().run(),
      group: true,
    },
    {
      name: 'Italic',
      face: <i>I</i>,
      pressed: state.italic,
      keys: 'Control+I',
      run: (e) => e.chain().toggleItalic().run(),
    },
    {
      name: 'Bulleted list',
      face: 'Bulleted list',
      pressed: state.bulletList,
      run: (e) => e.chain().toggleBulletList().run(),
      group: true,
    },
    {
      name: 'Numbered list',
      face: 'Numbered list',
      pressed: state.orderedList,
      run: (e) => e.chain().toggleOrderedList().run(),
    },
    { name: 'Link', face: 'Link', pressed: state.link, keys: 'Control+K', run: onLink, group: true },
    {
      name: 'Insert table',
      face: 'Table',
      enabled: !state.table,
      run: (e) => e.chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
  ];
  if (state.table)
    tools.push(
      { name: 'Add row', face: '+ Row', run: (e) => e.chain().addRowAfter().run() },
      { name: 'Add column', face: '+ Column', run: (e) => e.chain().addColumnAfter().run() },
      { name: 'Remove row', face: '− Row', run: (e) => e.chain().deleteRow().run() },
      { name: 'Remove column', face: '− Column', run: (e) => e.chain().deleteColumn().run() },
      { name: 'Remove table', face: '× Table', run: (e) => e.chain().deleteTable().run() },
    );
  tools.push(
    {
      name: 'Undo',
      face: '↶ Undo',
      enabled: state.canUndo,
      keys: 'Control+Z',
      run: (e) => e.chain().undo().run(),
      group: true,
    },
    {
      name: 'Redo',
      face: '↷ Redo',
      enabled: state.canRedo,
      keys: 'Control+Shift+Z',
      run: (e) => e.chain().redo().run(),
    },
  );
  return tools;
}

export function EditorToolbar({
  editor,
  state,
  label,
  describedBy,
  disabled,
  onLink,
}: {
  editor: Editor;
  state: ToolbarState;
  label: string;
  /** The field's label: which text the toolbar formats. */
  describedBy: string;
  disabled: boolean;
  onLink: () => void;
}) {
  const tools = toolsFor(state, onLink);
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const stop = Math.min(current, tools.length - 1);

  function move(to: number) {
    const index = (to + tools.length) % tools.length;
    setCurrent(index);
    buttons.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const next: Record<string, number> = {
      ArrowRight: stop + 1,
      ArrowDown: stop + 1,
      ArrowLeft: stop - 1,
      ArrowUp: stop - 1,
      Home: 0,
      End: tools.length - 1,
    };
    if (event.key in next) {
      event.preventDefault();
      move(next[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
    }
  }

  function press(tool: Tool, index: number, event: MouseEvent) {
    setCurrent(index);
    if (disabled || tool.enabled === false) return;
    // A click made with Enter or Space has no pointer position (detail 0): the focus stays here.
    const byKeyboard = event.detail === 0;
    if (tool.name === 'Link') return tool.run(editor);
    if (!byKeyboard) editor.commands.focus();
    tool.run(editor);
    if (byKeyboard) buttons.current[index]?.focus();
  }

  return (
    <div
      className="editor-toolbar"
      role="toolbar"
      aria-label={label}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
    >
      {tools.map((tool, index) => (
        <button
          key={tool.name}
          ref={(button) => {
            buttons.current[index] = button;
          }}
          type="button"
          className={tool.group && index > 0 ? 'tool tool-group' : 'tool'}
          tabIndex={index === stop ? 0 : -1}
          aria-label={tool.face === tool.name ? undefined : tool.name}
          aria-pressed={tool.pressed}
          aria-disabled={disabled || tool.enabled === false || undefined}
          aria-keyshortcuts={tool.keys}
          title={tool.keys ? `${tool.name} (${tool.keys.replace('Control', 'Ctrl')})` : tool.name}
          // The text keeps its selection while the mouse presses a button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => press(tool, index, event)}
        >
          {tool.face}
        </button>
      ))}
    </div>
  );
}
