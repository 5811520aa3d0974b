import { Link } from 'react-router';
import { PageMessage } from './PageMessage';
import { usePageTitle } from './use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <PageMessage>
      <h1>There is nothing here.</h1>
      <p>
        The page may have moved. <Link to="/dashboard">Go to your dashboard</Link>.
      </p>
    </PageMessage>
  );
}
