import { Link } from 'react-router';
import { PageMessage } from './PageMessage';

export function NotFoundPage() {
  return (
    <PageMessage>
      <h1>There is nothing here.</h1>
      <p>
        The page may have moved. <Link to="/dashboard">Go to your dashboard</Link>.
      </p>
    </PageMessage>
  );
}
