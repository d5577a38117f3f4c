// The article body editor (Tiptap): headings, lists, links, quotes and uploaded images. It is
// loaded only by /articleeditor (React.lazy), so no other page pays for it. Every control is a
// real button in a toolbar; Tiptap's own shortcuts (Ctrl+B, Ctrl+Shift+8 ...) work too.
import { useState, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { ApiError } from '../../../lib/api-client';
import { editorApi } from '../api/editor-api';

interface RichTextEditorProps {
  /** Initial HTML; later changes come from the editor itself. */
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}

/** A toolbar button whose visible word is its accessible name (WCAG 2.5.3); pressed state for marks and blocks. */
function ToolButton({ label, active, onClick, disabled }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      className={`tool-button tool-${label.toLowerCase().replace(/\s+/g, '-')}${active ? ' active' : ''}`}
      aria-pressed={active === undefined ? undefined : active}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </button>
  );
}

/** Enter applies, Escape cancels. NOTE: these panels sit inside the article's <form>, so they are not forms themselves. */
const panelKeys = (submit: () => void, cancel: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    submit();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    cancel();
  }
};

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [href, setHref] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [error, setError] = useState('');
  const submit = () => {
    const value = href.trim();
    if (value === '' || value === 'https://') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return onDone();
    }
    if (!/^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s]+)$/i.test(value)) return setError('Enter an address starting with https://, http:// or mailto:.');
    editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    onDone();
  };
  return (
    <div className="tool-panel" role="group" aria-label="Link">
      <label className="field">
        <span>Link address</span>
        <input
          autoFocus
          value={href}
          onChange={(e) => setHref(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'link-error' : undefined}
          onKeyDown={panelKeys(submit, onDone)}
        />
      </label>
      {error && (
        <p id="link-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="tool-panel-actions">
        <button type="button" className="button button-primary" onClick={submit}>
          Apply link
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function ImageForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const [file, setFile] = useState<File>();
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async () => {
    if (!file) return setError('Choose a JPEG, PNG or WebP image.');
    if (!alt.trim()) return setError('Describe the image for readers who cannot see it.');
    setBusy(true);
    setError('');
    try {
      const { data } = await editorApi.uploadImage(file, 'inline');
      editor.chain().focus().setImage({ src: data.url, alt: alt.trim(), width: data.width, height: data.height }).run();
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The image could not be uploaded. Try again.');
      setBusy(false);
    }
  };
  return (
    <div className="tool-panel" role="group" aria-label="Image">
      <label className="field">
        <span>Image file (JPEG, PNG or WebP, up to 5 MB)</span>
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(e) => setFile(e.target.files?.[0])} />
      </label>
      <label className="field">
        <span>Image description (alt text)</span>
        <input value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={300} onKeyDown={panelKeys(() => void submit(), onDone)} />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="tool-panel-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void submit()}>
          {busy ? 'Uploading…' : 'Insert image'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export default function RichTextEditor({ value, onChange, labelledBy }: RichTextEditorProps) {
  const [panel, setPanel] = useState<'link' | 'image' | undefined>();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null } },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editorProps: { attributes: { class: 'prose article-contents rich-text-area', role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelledBy } },
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
  return (
    <div className="rich-text">
      <div className="toolbar" role="toolbar" aria-label="Formatting">
        <ToolButton label="Heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
        <ToolButton label="Subheading" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
        <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()} />
        <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()} />
        <ToolButton label="Bulleted list" active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
        <ToolButton label="Quote" active={state.quote} onClick={() => chain().toggleBlockquote().run()} />
        <ToolButton label="Link" active={state.link} onClick={() => setPanel(panel === 'link' ? undefined : 'link')} />
        <ToolButton label="Image" onClick={() => setPanel(panel === 'image' ? undefined : 'image')} />
        <ToolButton label="Undo" onClick={() => chain().undo().run()} disabled={!state.canUndo} />
        <ToolButton label="Redo" onClick={() => chain().redo().run()} disabled={!state.canRedo} />
      </div>
      {panel === 'link' && <LinkForm editor={editor} onDone={() => setPanel(undefined)} />}
      {panel === 'image' && <ImageForm editor={editor} onDone={() => setPanel(undefined)} />}
      <EditorContent editor={editor} />
    </div>
  );
}
