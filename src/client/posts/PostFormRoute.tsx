import { lazy, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { PostType } from '../../shared/constants';
import { useUserInfo } from '../api/user';
import { NotFoundPage } from '../page/NotFoundPage';
import { usePageTitle } from '../page/use-page-title';
import { LazyPanel } from '../ui/LazyPanel';
import { DelayedLoader } from '../ui/DelayedLoader';
import { newPostPath, readRouteState, requestFrom, type FormRequest, type FormRouteState } from './form-route';

// The form and its editors (Tiptap, markdown) are their own chunk: the dashboard shell loads
// without them, and they arrive the first time a form opens.
const PostFormModal = lazy(() => import('./PostFormModal').then((module) => ({ default: module.PostFormModal })));

/**
 * /new/{type}, /edit/{postId}, /reblog/{reblogId}/{reblogKey}: the dashboard (or, for
 * {base}/new/{type}, the drafts or queue page) with the post form over it. Each navigation here opens a fresh form (the old one is destroyed first); a type tab
 * only replaces the address and keeps the form.
 */
export function PostFormRoute({ mode, under }: { mode: FormRequest['mode']; under: ReactNode }) {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: info } = useUserInfo();
  const { base, formId: keptId } = readRouteState(location.state, location.pathname);
  const formId = keptId ?? location.key;
  const request = requestFrom(mode, params);
  usePageTitle(!request ? 'Page not found' : request.mode === 'new' ? `New ${request.type} post` : request.mode === 'edit' ? 'Edit post' : 'Reblog');
  if (!request) return <NotFoundPage />;

  const onTypeChange = (type: PostType) => {
    const state: FormRouteState = { base, formId };
    navigate(newPostPath(base, type), { replace: true, state });
  };

  return (
    <>
      {under}
      {info && (
        <LazyPanel name="PostFormModal" fallback={<DelayedLoader label="Loading the post form…" />}>
          <PostFormModal key={formId} request={request} info={info} base={base} onTypeChange={onTypeChange} />
        </LazyPanel>
      )}
    </>
  );
}
