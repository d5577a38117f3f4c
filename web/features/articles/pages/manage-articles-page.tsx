// /articleeditor, Manage Articles (docs/product.md, Articles): every article with search, filters and
// paging; writing and editing in ArticleForm; 'Draft with AI'. The list state lives in the URL
// (?q=&kind=&status=&page=), the open article too (?edit=<id> or ?edit=new).
import { useCallback, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { BLOG_DEFAULTS, MESSAGES } from '../../../../shared/constants/messages';
import { Dialog } from '../../../components/ui/dialog';
import { PageHero } from '../../../components/ui/page-hero';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pagination } from '../../../components/ui/pagination';
import { SearchingOverlay } from '../../../components/ui/searching-overlay';
import { useAppSelector } from '../../../app/store';
import { failureMessage } from '../../../lib/api';
import { formatDate } from '../../../../shared/lib/formats';
import { toast } from '../../../lib/toast';
import type { AdminArticle } from '../../../../shared/schemas/article-editor';
import { useDraftArticleWithAiMutation } from '../api/draft-article-with-ai';
import { useArticleAiStatusQuery } from '../api/get-ai-status';
import { useAdminArticleQuery } from '../api/get-article';
import { useAdminArticlesQuery } from '../api/get-articles';
import { ArticleForm } from '../components/article-form';
import '../article-editor.css';
import { FormError } from '../../../components/ui/form-error';

const DEFAULT_PAGE_SIZE = 20;

function AiDraftDialog({ open, onClose, onDrafted }: { open: boolean; onClose: () => void; onDrafted: (article: AdminArticle) => void }) {
  const [topic, setTopic] = useState('');
  const [draftWithAi, { isLoading: busy }] = useDraftArticleWithAiMutation();
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (topic.trim().length < 3) return setError('Describe the topic in a few words.');
    setError('');
    try {
      const data = await draftWithAi(topic.trim()).unwrap();
      setTopic('');
      onDrafted(data);
    } catch (failure) {
      setError(failureMessage(failure, MESSAGES.serverDisconnected));
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
        <FormError>{error}</FormError>
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

  const [keyword, setKeyword] = useState(q);
  const [aiOpen, setAiOpen] = useState(false);
  // A form session starts with each ?edit=; saving a new article (?edit=new -> ?edit=12) keeps the same form.
  const [form, setForm] = useState<{ edit: string | null; session: number; savedAs?: string }>({ edit, session: 0 });
  if (form.edit !== edit) setForm({ edit, session: edit !== null && edit === form.savedAs ? form.session : form.session + 1 });

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

  const aiStatus = useArticleAiStatusQuery();
  const ai = aiStatus.isError ? { enabled: false, message: 'The AI draft status could not be loaded.' } : aiStatus.data;
  // The list is asked again whenever it shows; while an article is open it is not asked at all.
  const listArgs = { search: q, kind, published: status === '' ? undefined : status === 'published', page, pageSize };
  const articles = useAdminArticlesQuery(listArgs, { skip: Boolean(edit), refetchOnMountOrArgChange: true });
  const list = articles.data;
  const loading = articles.isFetching;
  const listError = articles.isError ? failureMessage(articles.error, MESSAGES.serverDisconnected) : '';
  const openId = edit && edit !== 'new' ? Number(edit) : undefined;
  const opened = useAdminArticleQuery(openId ?? 0, { skip: openId === undefined });

  const search = (event: FormEvent) => {
    event.preventDefault();
    // The same search again asks again (another administrator may have changed the articles).
    if (keyword.trim() === q && page === 1) void articles.refetch();
    else update({ q: keyword.trim(), page: undefined });
  };

  if (edit) {
    if (openId !== undefined && opened.isError) {
      return (
        <section className="container narrow not-found">
          <h1>Article not available</h1>
          <p>{failureMessage(opened.error, MESSAGES.serverDisconnected)}</p>
          <button type="button" className="button button-primary" onClick={() => update({ edit: undefined })}>
            All articles
          </button>
        </section>
      );
    }
    const article = openId === undefined ? undefined : opened.data;
    if (openId !== undefined && (!article || article.id !== openId)) return <PageLoader />;
    return (
      <ArticleForm
        key={form.session}
        article={article}
        reviewerName={reviewer}
        onSaved={(saved) => {
          // The saved article is already in the cache (api/get-article.ts): the same form shows it under its address.
          if (edit !== String(saved.id)) {
            setForm((current) => ({ ...current, savedAs: String(saved.id) }));
            update({ edit: String(saved.id) }, true);
          }
        }}
        onDeleted={() => update({ edit: undefined })}
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
            {loading && <SearchingOverlay />}
            {listError && (
              <div className="empty-state" role="alert">
                <p>{listError}</p>
                <button type="button" className="button" onClick={() => void articles.refetch()}>
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
          update({ edit: String(article.id) });
        }}
      />
    </>
  );
}
