import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadFailed } from '../page/PageMessage';
import { Button } from './Button';

type Pages = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage' | 'isFetchNextPageError' | 'error' | 'refetch'>;

/**
 * The end of a paged list: "Load more" while there is more, and the error of a failed next page
 * under the list (the pages already shown stay).
 */
export function LoadMore({ pages, className, errorClassName }: { pages: Pages; className?: string; errorClassName?: string }) {
  return (
    <>
      {pages.hasNextPage && (
        <Button variant="secondary" className={className} disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {pages.isFetchNextPageError && (
        <p role="alert" className={errorClassName}>
          {pages.error?.message}
        </p>
      )}
    </>
  );
}

/** A list whose first page failed: the reason, and Try again when it could help. */
export const FirstPageFailed = ({ pages }: { pages: Pages }) => <LoadFailed error={pages.error} onRetry={pages.refetch} />;
