import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../account/LoginPage';
import { RegisterPage } from '../account/RegisterPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { BlogDraftsPage, BlogQueuePage } from '../feed/BlogPostsPage';
import { PostFormRoute } from '../posts/PostFormRoute';
import { SettingsPage } from '../user/SettingsPage';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      // The post form opens over the dashboard (spec 1 §2).
      { path: '/new/:type', element: <PostFormRoute mode="new" /> },
      { path: '/edit/:postId', element: <PostFormRoute mode="edit" /> },
      { path: '/reblog/:reblogId/:reblogKey', element: <PostFormRoute mode="reblog" /> },
      { path: '/blog/:name/drafts', element: <BlogDraftsPage /> },
      { path: '/blog/:name/queue', element: <BlogQueuePage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
