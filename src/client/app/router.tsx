import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PAGE_ROUTES } from '../../shared/routes';
import { PostFormRoute } from '../posts/PostFormRoute';
import { LazyPanel } from '../ui/LazyPanel';
import { Layout } from './Layout';
import { NotFoundPage } from '../page/NotFoundPage';
import pageStyles from '../page/page.module.css';
import { PageMessage } from '../page/PageMessage';

/**
 * Every page loads as its own chunk, the dashboard too: the first load is the shell (header,
 * router, query cache) and the one page asked for, so the login page or a blog's page does not
 * wait for the dashboard's posts and players.
 */
function page<T, P extends object = object>(load: () => Promise<T>, name: keyof T, props?: P) {
  const Page = lazy(() => load().then((module) => ({ default: module[name] as ComponentType<P> })));
  return (
    <LazyPanel name={`page:${String(name)}`} fallback={<PageMessage busy>Loading…</PageMessage>} frame={(failure) => <div className={pageStyles.column}>{failure}</div>}>
      <Page {...(props as P)} />
    </LazyPanel>
  );
}

// Made once: a lazy component made during render would remount (and reload) on every render.
const dashboardPage = page(() => import('../dashboard/DashboardPage'), 'DashboardPage');
const loginPage = page(() => import('../account/LoginPage'), 'LoginPage');
const registerPage = page(() => import('../account/RegisterPage'), 'RegisterPage');
const welcomePage = page(() => import('../account/WelcomePage'), 'WelcomePage');
const blogPage = page(() => import('../feed/BlogPage'), 'BlogPage');
const postPage = page(() => import('../feed/PostPage'), 'PostPage');
const draftsPage = page(() => import('../feed/BlogPostsPage'), 'BlogDraftsPage');
const queuePage = page(() => import('../feed/BlogPostsPage'), 'BlogQueuePage');
const settingsPage = page(() => import('../settings/SettingsPage'), 'SettingsPage');
const followingPage = page(() => import('../follows/FollowingPage'), 'FollowingPage');
const adminReportsPage = page(() => import('../moderation/AdminReportsPage'), 'AdminReportsPage');
const adminFlagsPage = page(() => import('../moderation/AdminFlagsPage'), 'AdminFlagsPage');
const adminFederationPage = page(() => import('../moderation/AdminFederationPage'), 'AdminFederationPage');
const adminAppealsPage = page(() => import('../appeals/AdminAppealsPage'), 'AdminAppealsPage');
const followPage = page(() => import('../follows/FollowPage'), 'FollowPage');
const blogSettingsPage = page(() => import('../blogs/settings/BlogSettingsPage'), 'BlogSettingsPage');
const activityPage = page(() => import('../activity/ActivityPage'), 'ActivityPage');
const verifyEmailPage = page(() => import('../account/VerifyEmailPage'), 'VerifyEmailPage');
const forgotPasswordPage = page(() => import('../account/ForgotPasswordPage'), 'ForgotPasswordPage');
const resetPasswordPage = page(() => import('../account/ResetPasswordPage'), 'ResetPasswordPage');
const insightsPage = page(() => import('../insights/InsightsPage'), 'InsightsPage');
// The pages over the dashboard are given it here: the dashboard shows posts, which import those areas.
const conversationLinkPage = page(() => import('../messaging/ConversationLinkPage'), 'ConversationLinkPage', { under: dashboardPage });
const askPage = page(() => import('../asks/AskPage'), 'AskPage');
const submitPage = page(() => import('../asks/SubmitPage'), 'SubmitPage');
const inboxPage = page(() => import('../asks/InboxPage'), 'InboxPage');
const accountSettingsPage = page(() => import('../settings/AccountSettingsPage'), 'AccountSettingsPage');
const passwordSettingsPage = page(() => import('../settings/PasswordSettingsPage'), 'PasswordSettingsPage');
const tfaSettingsPage = page(() => import('../settings/TfaSettingsPage'), 'TfaSettingsPage');
const notificationSettingsPage = page(() => import('../settings/NotificationSettingsPage'), 'NotificationSettingsPage');
const appsSettingsPage = page(() => import('../settings/AppsSettingsPage'), 'AppsSettingsPage');
const dashboardSettingsPage = page(() => import('../settings/DashboardSettingsPage'), 'DashboardSettingsPage');
const helpPage = page(() => import('../settings/HelpPage'), 'HelpPage');
const searchPage = page(() => import('../search/SearchPage'), 'SearchPage');
const taggedPage = page(() => import('../tags/TaggedPage'), 'TaggedPage');
const likesPage = page(() => import('../likes/LikesPage'), 'LikesPage');
const explorePage = page(() => import('../explore/ExplorePage'), 'ExplorePage');

/**
 * Every page of the site, one per pattern of PAGE_ROUTES (the server answers 404 for any other
 * path from the same list). Declarative routes: the data-router APIs are not used, and stay out of the bundle.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={PAGE_ROUTES.home} element={<Navigate to="/dashboard" replace />} />
        <Route path={PAGE_ROUTES.login} element={loginPage} />
        <Route path={PAGE_ROUTES.register} element={registerPage} />
        <Route path={PAGE_ROUTES.welcome} element={welcomePage} />
        <Route path={PAGE_ROUTES.verifyEmail} element={verifyEmailPage} />
        <Route path={PAGE_ROUTES.forgotPassword} element={forgotPasswordPage} />
        <Route path={PAGE_ROUTES.resetPassword} element={resetPasswordPage} />
        <Route path={PAGE_ROUTES.dashboard} element={dashboardPage} />
        {/* The post form opens over the dashboard (spec 1 §2). */}
        <Route path={PAGE_ROUTES.newPost} element={<PostFormRoute mode="new" under={dashboardPage} />} />
        <Route path={PAGE_ROUTES.editPost} element={<PostFormRoute mode="edit" under={dashboardPage} />} />
        <Route path={PAGE_ROUTES.reblog} element={<PostFormRoute mode="reblog" under={dashboardPage} />} />
        <Route path={PAGE_ROUTES.blog} element={blogPage} />
        <Route path={PAGE_ROUTES.post} element={postPage} />
        <Route path={PAGE_ROUTES.drafts} element={draftsPage} />
        <Route path={PAGE_ROUTES.draftsNewPost} element={<PostFormRoute mode="new" under={draftsPage} />} />
        <Route path={PAGE_ROUTES.queue} element={queuePage} />
        <Route path={PAGE_ROUTES.activity} element={activityPage} />
        <Route path={PAGE_ROUTES.queueNewPost} element={<PostFormRoute mode="new" under={queuePage} />} />
        <Route path={PAGE_ROUTES.settings} element={settingsPage} />
        <Route path={PAGE_ROUTES.settingsAccount} element={accountSettingsPage} />
        <Route path={PAGE_ROUTES.settingsPassword} element={passwordSettingsPage} />
        <Route path={PAGE_ROUTES.settingsTfa} element={tfaSettingsPage} />
        <Route path={PAGE_ROUTES.settingsNotifications} element={notificationSettingsPage} />
        <Route path={PAGE_ROUTES.settingsApps} element={appsSettingsPage} />
        <Route path={PAGE_ROUTES.settingsDashboard} element={dashboardSettingsPage} />
        <Route path={PAGE_ROUTES.help} element={helpPage} />
        <Route path={PAGE_ROUTES.following} element={followingPage} />
        <Route path={PAGE_ROUTES.adminReports} element={adminReportsPage} />
        <Route path={PAGE_ROUTES.adminAppeals} element={adminAppealsPage} />
        <Route path={PAGE_ROUTES.adminFlags} element={adminFlagsPage} />
        <Route path={PAGE_ROUTES.adminFederation} element={adminFederationPage} />
        <Route path={PAGE_ROUTES.follow} element={followPage} />
        <Route path={PAGE_ROUTES.blogSettings} element={blogSettingsPage} />
        <Route path={PAGE_ROUTES.messagingConversation} element={conversationLinkPage} />
        <Route path={PAGE_ROUTES.newConversation} element={conversationLinkPage} />
        <Route path={PAGE_ROUTES.blogAsk} element={askPage} />
        <Route path={PAGE_ROUTES.blogSubmit} element={submitPage} />
        <Route path={PAGE_ROUTES.inbox} element={inboxPage} />
        <Route path={PAGE_ROUTES.search} element={searchPage} />
        <Route path={PAGE_ROUTES.tagged} element={taggedPage} />
        <Route path={PAGE_ROUTES.likes} element={likesPage} />
        <Route path={PAGE_ROUTES.explore} element={explorePage} />
        <Route path={PAGE_ROUTES.insights} element={insightsPage} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
