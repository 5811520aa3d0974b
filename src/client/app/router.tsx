import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { DashboardPage } from '../dashboard/DashboardPage';
import { PostFormRoute } from '../posts/PostFormRoute';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { PageMessage } from './PageMessage';

/**
 * Pages a person opens now and then load as their own chunks, so the dashboard shell stays
 * small; the dashboard (and the post form route over it) come with the first load.
 */
function page<T>(load: () => Promise<T>, name: keyof T) {
  const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType })));
  return (
    <Suspense fallback={<PageMessage busy>Loading…</PageMessage>}>
      <Page />
    </Suspense>
  );
}

// Made once: a lazy component made during render would remount (and reload) on every render.
const loginPage = page(() => import('../account/LoginPage'), 'LoginPage');
const registerPage = page(() => import('../account/RegisterPage'), 'RegisterPage');
const blogPage = page(() => import('../feed/BlogPage'), 'BlogPage');
const draftsPage = page(() => import('../feed/BlogPostsPage'), 'BlogDraftsPage');
const queuePage = page(() => import('../feed/BlogPostsPage'), 'BlogQueuePage');
const settingsPage = page(() => import('../user/SettingsPage'), 'SettingsPage');
const followingPage = page(() => import('../follows/FollowingPage'), 'FollowingPage');
const adminReportsPage = page(() => import('../moderation/AdminReportsPage'), 'AdminReportsPage');
const followPage = page(() => import('../follows/FollowPage'), 'FollowPage');
const blogSettingsPage = page(() => import('../blogs/settings/BlogSettingsPage'), 'BlogSettingsPage');
const activityPage = page(() => import('../activity/ActivityPage'), 'ActivityPage');
const verifyEmailPage = page(() => import('../account/VerifyEmailPage'), 'VerifyEmailPage');

/** Every page of the site. Declarative routes: the data-router APIs are not used, and stay out of the bundle. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="/login" element={loginPage} />
        <Route path="/register" element={registerPage} />
        <Route path="/verify-email" element={verifyEmailPage} />
        <Route path="/dashboard" element={<DashboardPage />} />
        {/* The post form opens over the dashboard (spec 1 §2). */}
        <Route path="/new/:type" element={<PostFormRoute mode="new" />} />
        <Route path="/edit/:postId" element={<PostFormRoute mode="edit" />} />
        <Route path="/reblog/:reblogId/:reblogKey" element={<PostFormRoute mode="reblog" />} />
        <Route path="/blog/:name" element={blogPage} />
        <Route path="/blog/:name/drafts" element={draftsPage} />
        <Route path="/blog/:name/drafts/new/:type" element={<PostFormRoute mode="new" under={draftsPage} />} />
        <Route path="/blog/:name/queue" element={queuePage} />
        <Route path="/blog/:name/activity" element={activityPage} />
        <Route path="/blog/:name/queue/new/:type" element={<PostFormRoute mode="new" under={queuePage} />} />
        <Route path="/settings" element={settingsPage} />
        <Route path="/following" element={followingPage} />
        <Route path="/admin/reports" element={adminReportsPage} />
        <Route path="/follow/:name" element={followPage} />
        <Route path="/blog/:name/settings" element={blogSettingsPage} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
