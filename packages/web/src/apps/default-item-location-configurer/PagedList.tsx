import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

interface PagedQuery {
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A list read a page at a time: a spinner until the first page, then the table and "load more" while pages follow. */
export function PagedList({ query, children }: { query: PagedQuery; children: ReactNode }) {
  const { t } = useTranslation(['setup', 'common']);
  if (query.isPending) return <Spinner size="sm" role="status" aria-label={t('common:loading')} />;
  return (
    <>
      {children}
      {query.hasNextPage ? (
        <Button
          variant="outline-secondary"
          className="mt-2"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          data-testid="configurer-load-more"
        >
          {t('setup:defaults.more')}
        </Button>
      ) : null}
    </>
  );
}
