import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '../account/LoginPage';
import { RegisterPage } from '../account/RegisterPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { NewPostPage } from '../posts/NewPostPage';
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
      { path: '/new/:type', element: <NewPostPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
