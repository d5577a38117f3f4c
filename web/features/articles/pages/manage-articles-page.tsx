// /articleeditor, Manage Articles (docs/product.md, Articles): every article with search, filters and
// paging; writing and editing in ArticleForm; 'Draft with AI'. The list state lives in the URL
// (?q=&kind=&status=&page=), the open article too (?edit=<id> or ?edit=new).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BLOG_DEFAULTS, MESSAGES } from '../../../../shared/constants/messages';
import { Dialog } from '../../../components/ui/dialog';
import { PageHero } from '../../../components/ui/page-hero';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pagination } from '../../../components/ui/pagination';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { editorApi, type AdminArticle, type AdminArticleList, type AiStatus } from '../api/editor-api';
import { ArticleForm } from '../components/article-form';
import '../article-editor.css';

const DEFAULT_PAGE_SIZE = 20;

function AiDraftDialog({ open, onClose, onDrafted }: { open: boolean; onClose: () => void; onDrafted: (article: AdminArticle) => void }) {
  const [topic, setTopic] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (topic.trim().length < 3) return setError('Describe the topic in a few words.');
    setBusy(true);
    setError('');
    try {
      const { data } = await editorApi.aiDraft(topic.trim());
      setTopic('');
      onDrafted(data);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : MESSAGES.serverDisconnected);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} title="Draft with AI" onClose={() => !busy && onClose()}>
      <form onSubmit={submit} className="ai-draft-form">
        <div className="field">
          <label htmlFor="ai-topic">Topic</label>
          <input
            id="ai-topic"
            value={topic}
            maxLength={300}
            placeholder="e.g. Keeping dogs safe on hot pavement"
            onChange={(e) => setTopic(e.target.value)}
            disabled={busy}
            aria-describedby="ai-topic-help"
          />
          <p id="ai-topic-help" className="muted small">
            The draft is saved unpublished. Read and correct it before you publish: readers will see your name as its reviewer.
          </p>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {busy && (
          <p className="ai-busy" role="status">
            <span className="spinner spinner-small" aria-hidden="true" /> Writing a draft… this can take up to a minute.
          </p>
        )}
        <div className="tool-panel-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Drafting…' : 'Write draft'}
          </button>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ArticleRow({ article, onOpen }: { article: AdminArticle; onOpen: () => void }) {
  return (
    <li className="editor-row">
      {article.img_url ? (
        <img className="editor-row-image" src={article.img_url} alt="" width={96} height={48} loading="lazy" />
      ) : (
        <span className="editor-row-image editor-row-empty" aria-hidden="true" />
      )}
      <div className="editor-row-text">
        <button type="button" className="link-button editor-row-title" onClick={onOpen}>
          {article.title}
        </button>
        <span className="editor-row-meta">
          <span className={`badge ${article.published ? 'badge-published' : 'badge-draft'}`}>{article.published ? 'Published' : 'Draft'}</span>
          <span className="badge badge-kind">{article.kind === 'ai' ? 'AI-assisted' : 'Blog'}</span>
          <span>{article.author}</span>
          <span className="muted">Changed {formatDate(article.updated_at)}</span>
        </span>
      </div>
      <button type="button" className="button" onClick={onOpen} aria-label={`Edit ${article.title}`}>
        Edit
      </button>
    </li>
  );
}

export default function ManageArticlesPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kind = params.get('kind') === 'blog' || params.get('kind') === 'ai' ? (params.get('kind') as 'blog' | 'ai') : undefined;
  const status = params.get('status') === 'published' || params.get('status') === 'draft' ? params.get('status')! : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const edit = params.get('edit');
  const pageSize = BLOG_DEFAULTS.pageSizeOptions.find((size) => String(size) === params.get('size')) ?? DEFAULT_PAGE_SIZE;
  const reviewer = useAppSelector((state) => {
    const user = state.auth.user;
    return 'first_name' in user ? `${user.first_name} ${user.last_name}` : '';
  });

  const dispatch = useAppDispatch();
  // Public pages read articles through RTK Query; a change here makes them ask again.
  const changed = (article: AdminArticle) =>
    dispatch(
      api.util.invalidateTags([
        { type: 'Article', id: `${article.kind}-LIST` },
        { type: 'Article', id: `${article.kind}-${article.id}` },
      ]),
    );
  const [keyword, setKeyword] = useState(q);
  const [list, setList] = useState<AdminArticleList>();
  const [listError, setListError] = useState('');
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState<{ id: number | 'new'; article?: AdminArticle; error?: string }>();
  const [ai, setAi] = useState<AiStatus>();
  const [aiOpen, setAiOpen] = useState(false);
  const [formSession, setFormSession] = useState(0);

  const update = useCallback(
    (changes: Record<string, string | undefined>, replace = false) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      setParams(next, { replace });
    },
    [params, setParams],
  );

  useEffect(() => {
    editorApi.aiStatus().then(
      ({ data }) => setAi(data),
      () => setAi({ enabled: false, message: 'The AI draft status could not be loaded.' }),
    );
  }, []);

  useEffect(() => {
    if (edit) return;
    const controller = new AbortController();
    setLoading(true);
    setListError('');
    editorApi
      .list({ search: q, kind, published: status === '' ? undefined : status === 'published', page, pageSize }, controller.signal)
      .then(({ data }) => {
        setList(data);
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if ((failure as Error).name === 'AbortError') return;
        setListError(failure instanceof ApiError ? failure.message : MESSAGES.serverDisconnected);
        setLoading(false);
      });
    return () => controller.abort();
  }, [q, kind, status, page, pageSize, edit, reload]);

  useEffect(() => {
    if (!edit) return setOpen(undefined);
    // A form session starts here; saving a new article (?edit=new -> ?edit=12) keeps the same form.
    if (edit === 'new') {
      setFormSession((n) => n + 1);
      return setOpen({ id: 'new' });
    }
    const id = Number(edit);
    if (open?.id === id && open.article) return;
    setFormSession((n) => n + 1);
    setOpen({ id });
    editorApi.get(id).then(
      ({ data }) => setOpen({ id, article: data }),
      (failure: unknown) => setOpen({ id, error: failure instanceof ApiError ? failure.message : MESSAGES.serverDisconnected }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new ?edit= loads an article
  }, [edit]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ q: keyword.trim(), page: undefined });
    setReload((n) => n + 1);
  };

  if (edit && open) {
    if (open.error) {
      return (
        <section className="container narrow not-found">
          <h1>Article not available</h1>
          <p>{open.error}</p>
          <button type="button" className="button button-primary" onClick={() => update({ edit: undefined })}>
            All articles
          </button>
        </section>
      );
    }
    if (open.id !== 'new' && !open.article) return <PageLoader />;
    return (
      <ArticleForm
        key={formSession}
        article={open.article}
        reviewerName={reviewer}
        onSaved={(article) => {
          changed(article);
          setOpen({ id: article.id, article });
          if (edit !== String(article.id)) update({ edit: String(article.id) }, true);
        }}
        onDeleted={() => {
          if (open.article) changed(open.article);
          update({ edit: undefined });
        }}
        onClose={() => update({ edit: undefined })}
      />
    );
  }

  return (
    <>
      <PageHero eyebrow="Administration" title="Manage Articles" lead="Write, review and publish articles for pet owners." />
      <section className="section editor-list-section">
        <div className="container">
          <div className="editor-list-bar">
            <button type="button" className="button button-primary" onClick={() => update({ edit: 'new' })}>
              New article
            </button>
            <button type="button" className="button" disabled={!ai?.enabled} aria-describedby="ai-status" onClick={() => setAiOpen(true)}>
              Draft with AI
            </button>
            <p id="ai-status" className="muted small ai-status">
              {ai ? ai.message : ''}
            </p>
          </div>
          <form className="editor-filters" role="search" onSubmit={search}>
            <div className="field editor-filter-search">
              <label htmlFor="article-search">Search title, author or text</label>
              <input id="article-search" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="article-kind">Kind</label>
              <select id="article-kind" value={kind ?? ''} onChange={(e) => update({ kind: e.target.value, page: undefined })}>
                <option value="">All kinds</option>
                <option value="blog">Blog</option>
                <option value="ai">AI-assisted</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="article-status">Status</label>
              <select id="article-status" value={status} onChange={(e) => update({ status: e.target.value, page: undefined })}>
                <option value="">Published and drafts</option>
                <option value="published">Published</option>
                <option value="draft">Drafts</option>
              </select>
            </div>
            <button type="submit" className="button button-primary editor-filter-button">
              Search
            </button>
          </form>

          <div className="article-results" aria-busy={loading}>
            {loading && (
              <div className="searching-overlay" role="status">
                <span className="spinner" aria-hidden="true" />
                <span>{MESSAGES.searching}</span>
              </div>
            )}
            {listError && (
              <div className="empty-state" role="alert">
                <p>{listError}</p>
                <button type="button" className="button" onClick={() => setReload((n) => n + 1)}>
                  Try again
                </button>
              </div>
            )}
            {list && !listError && (
              <ul className="editor-rows">
                {list.data.map((article) => (
                  <ArticleRow key={article.id} article={article} onOpen={() => update({ edit: String(article.id) })} />
                ))}
                {list.data.length === 0 && !loading && <li className="empty-state">No articles match. Change the search or filters, or write a new one.</li>}
              </ul>
            )}
            {!list && !listError && <div className="article-grid-placeholder" />}
          </div>
          {list && list.totalCount > 0 && (
            <Pagination page={page} pageSize={pageSize} total={list.totalCount} onChange={(next, size) => update({ page: String(next), size: String(size) })} />
          )}
        </div>
      </section>
      <AiDraftDialog
        open={aiOpen}
        onClose={() => setAiOpen(false)}
        onDrafted={(article) => {
          setAiOpen(false);
          toast.success('The AI draft is saved. Review it before publishing.');
          setOpen({ id: article.id, article });
          update({ edit: String(article.id) });
        }}
      />
    </>
  );
}
