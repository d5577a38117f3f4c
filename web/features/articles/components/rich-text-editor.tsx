// The article body editor (Tiptap): headings, lists, links, quotes and uploaded images. It is
// loaded only by /articleeditor (React.lazy), so no other page pays for it. Every control is a
// real button in a toolbar; Tiptap's own shortcuts (Ctrl+B, Ctrl+Alt+2, Ctrl+Shift+8 ...) work too,
// and Ctrl+K opens the link panel. A panel hands focus back to the editor or to its button when it closes.
import { useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { ListItem, ListKeymap } from '@tiptap/extension-list';
import { failureMessage } from '../../../lib/api';
import { useUploadArticleImageMutation } from '../api/upload-article-image';

interface RichTextEditorProps {
  /** Initial HTML; later changes come from the editor itself. */
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}

/** A toolbar button whose visible word is its accessible name (WCAG 2.5.3); pressed state for marks and blocks. */
function ToolButton({
  label,
  active,
  onClick,
  disabled,
  shortcut,
  buttonRef,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
  /** Announced with the button (aria-keyshortcuts) and shown as its tooltip. */
  shortcut?: string;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      title={shortcut ? `${label} (${shortcut.replace(/\+/g, ' + ')})` : undefined}
      aria-keyshortcuts={shortcut}
      className={`tool-button tool-${label.toLowerCase().replace(/\s+/g, '-')}${active ? ' active' : ''}`}
      aria-pressed={active === undefined ? undefined : active}
      // NOTE: a click leaves the focus in the text. Tiptap's focus() gives it back only one animation frame
      // later, and letters typed right after the click went to the button in between (lost on a busy machine).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </button>
  );
}

/** Enter in a text field applies. NOTE: these panels sit inside the article's <form>, so they are not forms themselves. */
const enterApplies = (submit: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    submit();
  }
};

/** Escape anywhere in a panel cancels it. */
const escapeCancels = (cancel: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    cancel();
  }
};

/**
 * Gives the keyboard back to the text. NOTE: Tiptap's focus() command focuses the view one animation
 * frame later, while the panel (which held focus) is already gone; keys pressed in between went to
 * the page and a click in that frame was undone by ProseMirror restoring its old selection.
 */
function returnToText(editor: Editor) {
  editor.view.focus();
}

/**
 * Makes the editor's selection the one the reader sees. NOTE: ProseMirror reads a selection made by the
 * browser (Shift+Home, Shift+arrows) from a later selectionchange event, and ignores it once the focus
 * has moved on; Ctrl+K right after Shift+Home would otherwise link nothing.
 */
function takeDomSelection(editor: Editor) {
  const dom = window.getSelection();
  const root = editor.view.dom;
  if (!dom?.anchorNode || !dom.focusNode || !root.contains(dom.anchorNode) || !root.contains(dom.focusNode)) return;
  const anchor = editor.view.posAtDOM(dom.anchorNode, dom.anchorOffset);
  const head = editor.view.posAtDOM(dom.focusNode, dom.focusOffset);
  const { from, to } = editor.state.selection;
  if (Math.min(anchor, head) !== from || Math.max(anchor, head) !== to)
    editor.commands.setTextSelection({ from: Math.min(anchor, head), to: Math.max(anchor, head) });
}

/** A tool panel's buttons: what it does, and Cancel. */
function PanelActions({ label, busy = false, onApply, onCancel }: { label: string; busy?: boolean; onApply: () => void; onCancel: () => void }) {
  return (
    <div className="tool-panel-actions">
      <button type="button" className="button button-primary" disabled={busy} onClick={onApply}>
        {label}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: (applied: boolean) => void }) {
  const [href, setHref] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [error, setError] = useState('');
  const submit = () => {
    const value = href.trim();
    if (value === '' || value === 'https://') {
      editor.chain().extendMarkRange('link').unsetLink().run();
      returnToText(editor);
      return onDone(true);
    }
    if (!/^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s]+)$/i.test(value)) return setError('Enter an address starting with https://, http:// or mailto:.');
    // The caret goes after the link, outside it: what is typed next (or Enter) does not replace or
    // extend the linked words, which stayed selected before (and vanished with the next Enter).
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked words.
      editor
        .chain()
        .insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] })
        .unsetMark('link')
        .run();
    } else if (editor.chain().extendMarkRange('link').setLink({ href: value }).run()) {
      editor.chain().setTextSelection(editor.state.selection.to).unsetMark('link').run();
    }
    returnToText(editor);
    onDone(true);
  };
  return (
    <div className="tool-panel" role="group" aria-label="Link" onKeyDown={escapeCancels(() => onDone(false))}>
      <label className="field">
        <span>Link address</span>
        <input
          autoFocus
          value={href}
          onChange={(e) => setHref(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'link-error' : undefined}
          onKeyDown={enterApplies(submit)}
        />
      </label>
      {error && (
        <p id="link-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <PanelActions label="Apply link" onApply={submit} onCancel={() => onDone(false)} />
    </div>
  );
}

function ImageForm({ editor, onDone }: { editor: Editor; onDone: (applied: boolean) => void }) {
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [uploadImage] = useUploadArticleImageMutation();
  const submit = async () => {
    if (!file) return setError('Choose a JPEG, PNG or WebP image.');
    if (!alt.trim()) return setError('Describe the image for readers who cannot see it.');
    setBusy(true);
    setError('');
    try {
      const data = await uploadImage({ file, purpose: 'inline' }).unwrap();
      editor.chain().setImage({ src: data.url, alt: alt.trim(), width: data.width, height: data.height }).run();
      returnToText(editor);
      onDone(true);
    } catch (failure) {
      setError(failureMessage(failure, 'The image could not be uploaded. Try again.'));
      setBusy(false);
    }
  };
  return (
    <div className="tool-panel" role="group" aria-label="Image" onKeyDown={escapeCancels(() => onDone(false))}>
      <label className="field">
        <span>Image file (JPEG, PNG or WebP, up to 5 MB)</span>
        <input autoFocus type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0])} />
      </label>
      <label className="field">
        <span>Image description (alt text)</span>
        <input value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={300} onKeyDown={enterApplies(() => void submit())} />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <PanelActions label={busy ? 'Uploading…' : 'Insert image'} busy={busy} onApply={() => void submit()} onCancel={() => onDone(false)} />
    </div>
  );
}

// Tab and Shift+Tab always move between the form's controls: Tiptap's list keys would indent or
// outdent (even move a paragraph into the list above) whenever a keyboard user tabs through the
// text. Ctrl+] and Ctrl+[ change a list item's level instead.
const ListItemWithoutTab = ListItem.extend({
  addKeyboardShortcuts() {
    return {
      Enter: () => this.editor.commands.splitListItem(this.name),
      'Mod-]': () => this.editor.commands.sinkListItem(this.name),
      'Mod-[': () => this.editor.commands.liftListItem(this.name),
    };
  },
});
const ListKeymapWithoutTab = ListKeymap.extend({
  addKeyboardShortcuts() {
    const { Tab: _tab, ...others } = this.parent?.() ?? {};
    return others;
  },
});

// NOTE: created once. useEditor compares its options on every render and, when they differ (new
// extension objects, a new editorProps object), reconfigures the live editor while the user types.
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    listItem: false,
    listKeymap: false,
    codeBlock: false,
    code: false,
    link: { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null } },
  }),
  ListItemWithoutTab,
  ListKeymapWithoutTab,
  Image.configure({ inline: false, allowBase64: false }),
];

/** Shown under the text and read with it (aria-describedby): the shortcuts, as short sentences. */
const KEYBOARD_HELP =
  'Press Ctrl+Alt+2 for a heading. Press Ctrl+B for bold. Press Ctrl+Shift+8 for a bulleted list. ' +
  'Press Ctrl+] or Ctrl+[ to move a list item in or out. Press Ctrl+K to add a link. Press Escape to go back to the toolbar.';

export default function RichTextEditor({ value, onChange, labelledBy }: RichTextEditorProps) {
  const [panel, setPanel] = useState<'link' | 'image' | undefined>();
  const linkButton = useRef<HTMLButtonElement>(null);
  const imageButton = useRef<HTMLButtonElement>(null);
  const [initialContent] = useState(value);
  const editorProps = useMemo(
    () => ({
      attributes: {
        class: 'prose article-contents rich-text-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        'aria-describedby': `${labelledBy}-keys`,
      },
    }),
    [labelledBy],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    immediatelyRender: true,
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const chain = () => editor.chain().focus();
  /** Closing a panel: after a change the text has focus; after Cancel or Escape, the button that opened it. */
  const closePanel = (button: RefObject<HTMLButtonElement | null>) => (applied: boolean) => {
    setPanel(undefined);
    if (!applied) button.current?.focus();
  };
  const headingButton = useRef<HTMLButtonElement>(null);
  const editorKeys = (event: KeyboardEvent) => {
    if (event.target !== editor.view.dom) return;
    // Escape goes from the text back to the toolbar (Shift+Tab too, through the controls in between).
    if (event.key === 'Escape') {
      event.preventDefault();
      headingButton.current?.focus();
    } else if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      takeDomSelection(editor);
      setPanel('link');
    }
  };
  return (
    <div className="rich-text" onKeyDown={editorKeys}>
      <div className="toolbar" role="toolbar" aria-label="Formatting">
        <ToolButton
          label="Heading"
          buttonRef={headingButton}
          shortcut="Control+Alt+2"
          active={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton label="Subheading" shortcut="Control+Alt+3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
        <ToolButton label="Bold" shortcut="Control+B" active={state.bold} onClick={() => chain().toggleBold().run()} />
        <ToolButton label="Italic" shortcut="Control+I" active={state.italic} onClick={() => chain().toggleItalic().run()} />
        <ToolButton label="Bulleted list" shortcut="Control+Shift+8" active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton label="Numbered list" shortcut="Control+Shift+7" active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
        <ToolButton label="Quote" shortcut="Control+Shift+B" active={state.quote} onClick={() => chain().toggleBlockquote().run()} />
        <ToolButton
          label="Link"
          shortcut="Control+K"
          buttonRef={linkButton}
          active={state.link}
          onClick={() => setPanel(panel === 'link' ? undefined : 'link')}
        />
        <ToolButton label="Image" buttonRef={imageButton} onClick={() => setPanel(panel === 'image' ? undefined : 'image')} />
        <ToolButton label="Undo" shortcut="Control+Z" onClick={() => chain().undo().run()} disabled={!state.canUndo} />
        <ToolButton label="Redo" shortcut="Control+Shift+Z" onClick={() => chain().redo().run()} disabled={!state.canRedo} />
      </div>
      {panel === 'link' && <LinkForm editor={editor} onDone={closePanel(linkButton)} />}
      {panel === 'image' && <ImageForm editor={editor} onDone={closePanel(imageButton)} />}
      <EditorContent editor={editor} />
      <p id={`${labelledBy}-keys`} className="muted small rich-text-keys">
        {KEYBOARD_HELP}
      </p>
    </div>
  );
}
