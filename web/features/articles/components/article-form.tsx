// Writing one article: title, author and avatar, cover image with its description, summary and the
// rich-text body; save, preview as readers will see it, publish or unpublish, delete.
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '../../../../shared/constants/messages';
import { ARTICLE_LIMITS } from '../../../../shared/constants/articles';
import { Dialog } from '../../../components/ui/dialog';
import { PageLoader } from '../../../components/ui/page-loader';
import { failureField, failureMessage } from '../../../lib/api';
import { formatDate } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import { ArticleContent } from '../../blog';
import type { AdminArticle } from '../../../../shared/schemas/article-editor';
import { useDeleteArticleMutation } from '../api/delete-article';
import { useSetArticlePublishedMutation } from '../api/publish-article';
import { useCreateArticleMutation, useUpdateArticleMutation } from '../api/save-article';
import { ImageField } from './image-field';
import { FormError } from '../../../components/ui/form-error';
import { now } from '../../../lib/clock';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

interface Draft {
  kind: 'blog' | 'ai';
  title: string;
  author: string;
  avatar: string | null;
  img_url: string | null;
  img_alt: string;
  sub_content: string;
  contents: string;
}

const EMPTY: Draft = { kind: 'blog', title: '', author: '', avatar: null, img_url: null, img_alt: '', sub_content: '', contents: '' };

function draftOf(article: AdminArticle | undefined): Draft {
  if (!article) return EMPTY;
  const { kind, title, author, avatar, img_url, img_alt, sub_content, contents } = article;
  return { kind, title, author, avatar, img_url, img_alt, sub_content, contents };
}

interface ArticleFormProps {
  article: AdminArticle | undefined;
  reviewerName: string;
  onSaved: (article: AdminArticle) => void;
  onDeleted: () => void;
  onClose: () => void;
}

export function ArticleForm({ article, reviewerName, onSaved, onDeleted, onClose }: ArticleFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(article));
  const [saved, setSaved] = useState<Draft>(() => draftOf(article));
  const [busy, setBusy] = useState<'save' | 'publish' | 'delete' | undefined>();
  const [error, setError] = useState<{ message: string; field?: string }>();
  const [preview, setPreview] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [createArticle] = useCreateArticleMutation();
  const [updateArticle] = useUpdateArticleMutation();
  const [setPublished] = useSetArticlePublishedMutation();
  const [deleteArticle] = useDeleteArticleMutation();
  // Back from the preview, the keyboard continues where it left: on the Preview button.
  const previewButton = useRef<HTMLButtonElement>(null);
  const previewed = useRef(false);
  useEffect(() => {
    if (preview) previewed.current = true;
    else if (previewed.current) previewButton.current?.focus();
  }, [preview]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  // Unsaved work is not lost silently: the browser asks before closing the tab or reloading.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const close = () => {
    if (dirty && !window.confirm('Leave without saving? Your changes to this article will be lost.')) return;
    onClose();
  };

  const fail = (failure: unknown) => {
    setError({ message: failureMessage(failure, MESSAGES.serverDisconnected), field: failureField(failure) });
  };

  /** Saves the form; answers the stored article (or undefined when saving failed). */
  const save = async (): Promise<AdminArticle | undefined> => {
    setError(undefined);
    if (!draft.title.trim()) return void setError({ message: 'Enter a title.', field: 'title' });
    if (!draft.author.trim()) return void setError({ message: "Enter the author's name.", field: 'author' });
    if (draft.img_url && !draft.img_alt.trim()) return void setError({ message: 'Describe the cover image for readers who cannot see it.', field: 'img_alt' });
    try {
      const body = {
        title: draft.title,
        author: draft.author,
        avatar: draft.avatar,
        img_url: draft.img_url,
        img_alt: draft.img_alt,
        sub_content: draft.sub_content,
        contents: draft.contents,
      };
      const data = await (article ? updateArticle({ id: article.id, ...body }) : createArticle({ kind: draft.kind, ...body })).unwrap();
      const stored = draftOf(data);
      setDraft(stored);
      setSaved(stored);
      onSaved(data);
      return data;
    } catch (failure) {
      fail(failure);
      return undefined;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy('save');
    const stored = await save();
    setBusy(undefined);
    if (stored) toast.success(MESSAGES.saved);
  };

  const togglePublished = async () => {
    if (busy) return;
    setBusy('publish');
    const stored = dirty || !article ? await save() : article;
    if (stored) {
      try {
        const data = await setPublished({ id: stored.id, published: !stored.published }).unwrap();
        onSaved(data);
        toast.success(data.published ? 'The article is published.' : 'The article is no longer published.');
      } catch (failure) {
        fail(failure);
      }
    }
    setBusy(undefined);
  };

  const remove = async () => {
    if (!article) return;
    setBusy('delete');
    try {
      await deleteArticle({ id: article.id, kind: article.kind }).unwrap();
      setConfirmDelete(false);
      toast.success('The article was deleted.');
      onDeleted();
    } catch (failure) {
      setConfirmDelete(false);
      fail(failure);
      setBusy(undefined);
    }
  };

  const invalid = (field: string) => (error?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
  const published = article?.published ?? false;
  /** The cover or the author's avatar: an uploaded image, marked when saving refused it. */
  const imageField = (field: 'img_url' | 'avatar', label: string, kind: 'cover' | 'avatar') => (
    <ImageField label={label} purpose={kind} shape={kind} value={draft[field]} onChange={(url) => set(field, url)} invalid={invalid(field)} />
  );

  if (preview) {
    const shown = {
      ...draft,
      title: draft.title || 'Untitled article',
      author: draft.author || 'Author',
      created_at: article?.published_at ?? now().toISOString(),
      reviewed_by: article?.reviewed_by ?? (draft.kind === 'ai' ? reviewerName : null),
    };
    return (
      <section aria-label="Preview">
        <div className="editor-bar container">
          <p className="notice editor-preview-note">Preview: this is how readers will see the article{published ? '' : ' once it is published'}.</p>
          <button type="button" className="button button-primary" autoFocus onClick={() => setPreview(false)}>
            Back to editing
          </button>
        </div>
        <div className="editor-preview">
          <ArticleContent article={shown} eyebrow={draft.kind === 'ai' ? 'Articles' : 'Blog article'} />
        </div>
      </section>
    );
  }

  return (
    <form className="container article-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <div className="editor-bar">
        <button type="button" className="button button-quiet" onClick={close}>
          ← All articles
        </button>
        <h1 id={`${id}-heading`} className="editor-heading">
          {article ? 'Edit article' : 'New article'}
        </h1>
        <span className={`badge ${published ? 'badge-published' : 'badge-draft'}`}>
          {published ? `Published ${formatDate(article!.published_at!)}` : 'Draft'}
        </span>
        {draft.kind === 'ai' && <span className="badge">AI-assisted</span>}
        {dirty && <span className="muted unsaved">Unsaved changes</span>}
      </div>

      <FormError id={`${id}-error`}>{error?.message}</FormError>

      <div className="editor-grid">
        <div className="editor-main">
          <div className="field">
            <label htmlFor={`${id}-title`}>Title</label>
            <input
              id={`${id}-title`}
              value={draft.title}
              maxLength={ARTICLE_LIMITS.title}
              required
              onChange={(e) => set('title', e.target.value)}
              {...invalid('title')}
            />
          </div>
          <div className="field">
            <span className="field-label" id={`${id}-contents`}>
              Article text
            </span>
            <Suspense fallback={<PageLoader label="Loading the editor…" />}>
              <RichTextEditor value={draft.contents} onChange={(html) => set('contents', html)} labelledBy={`${id}-contents`} />
            </Suspense>
          </div>
          <div className="field">
            <label htmlFor={`${id}-summary`}>Summary (shown on the article cards; left empty, it is taken from the text)</label>
            <textarea
              id={`${id}-summary`}
              rows={3}
              value={draft.sub_content}
              maxLength={ARTICLE_LIMITS.subContent}
              onChange={(e) => set('sub_content', e.target.value)}
              {...invalid('sub_content')}
            />
          </div>
        </div>

        <aside className="editor-side">
          {!article && (
            <div className="field">
              <label htmlFor={`${id}-kind`}>Kind</label>
              <select id={`${id}-kind`} value={draft.kind} onChange={(e) => set('kind', e.target.value as Draft['kind'])}>
                <option value="blog">Blog article</option>
                <option value="ai">AI-assisted article</option>
              </select>
            </div>
          )}
          {imageField('img_url', 'Cover image', 'cover')}
          <div className="field">
            <label htmlFor={`${id}-alt`}>Cover image description (alt text)</label>
            <input id={`${id}-alt`} value={draft.img_alt} maxLength={300} onChange={(e) => set('img_alt', e.target.value)} {...invalid('img_alt')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-author`}>Author</label>
            <input
              id={`${id}-author`}
              value={draft.author}
              maxLength={ARTICLE_LIMITS.author}
              required
              onChange={(e) => set('author', e.target.value)}
              {...invalid('author')}
            />
          </div>
          {imageField('avatar', 'Author avatar', 'avatar')}
          {draft.kind === 'ai' && (
            <p className="muted small">
              {article?.ai_topic ? `Drafted with AI on the topic “${article.ai_topic}”. ` : ''}Publishing records you as its reviewer; readers see an
              'AI-assisted' note with your name.
            </p>
          )}
        </aside>
      </div>

      <div className="editor-actions">
        {/* NOTE: aria-disabled, not disabled, while working: a disabled button drops the keyboard focus to the page. */}
        <button type="submit" className="button" aria-disabled={busy !== undefined}>
          {busy === 'save' ? 'Saving…' : published ? 'Save changes' : 'Save draft'}
        </button>
        <button ref={previewButton} type="button" className="button" onClick={() => setPreview(true)}>
          Preview
        </button>
        <button type="button" className="button button-primary" aria-disabled={busy !== undefined} onClick={() => void togglePublished()}>
          {busy === 'publish' ? 'Working…' : published ? 'Unpublish' : dirty || !article ? 'Save and publish' : 'Publish'}
        </button>
        {article && (
          <button type="button" className="button button-danger" disabled={busy !== undefined} onClick={() => setConfirmDelete(true)}>
            Delete
          </button>
        )}
      </div>

      <Dialog
        open={confirmDelete}
        title="Delete this article?"
        onClose={() => setConfirmDelete(false)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
              Keep it
            </button>
            <button type="button" className="button button-danger" disabled={busy === 'delete'} onClick={() => void remove()}>
              {busy === 'delete' ? 'Deleting…' : 'Delete for good'}
            </button>
          </>
        }
      >
        <p>“{article?.title}” will be removed from the site and from this list. This cannot be undone; to hide it for now, unpublish it instead.</p>
      </Dialog>
    </form>
  );
}
