import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { useConfig } from '../features/config';
import { LegalText, legalPageForPath, useLegalPage } from '../features/site';
import { errorMessage } from '../lib/api-client';

function formatDate(iso: string, locale: string | undefined, timeZone: string | undefined): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
  } catch {
    return date.toLocaleDateString();
  }
}

// A card from the small breakpoint up; on a phone the text uses the whole width.
const TEXT_PANEL =
  'mt-6 sm:mt-8 sm:rounded-2xl sm:border sm:border-neutral-200 sm:bg-white sm:p-10 sm:shadow-sm';

const SKELETON_LINES = ['w-full', 'w-11/12', 'w-full', 'w-3/4', 'w-1/3', 'w-full', 'w-10/12', 'w-2/3'];

function LegalTextSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-3">
      {SKELETON_LINES.map((width, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list
          key={index}
          className={`h-4 animate-pulse rounded bg-neutral-200 ${width} ${index === 4 ? 'mt-4 h-6' : ''}`}
        />
      ))}
    </div>
  );
}

/**
 * `/terms`, `/privacy-policy`, `/refund-policy` and `/delivery-policy`: the restaurant's text (or the
 * built-in one) with its date. The privacy policy's cookies section is the `#cookies` anchor.
 */
export function LegalPage() {
  const { pathname, hash } = useLocation();
  const info = legalPageForPath(pathname);
  const page = useLegalPage(info.key);
  const config = useConfig();

  // The text arrives after the first render, so the browser cannot jump to `#section` by itself.
  useEffect(() => {
    if (!page.data || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView();
  }, [page.data, hash]);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title={info.title} />
      <h1 className="text-3xl font-semibold tracking-tight text-balance text-neutral-950 sm:text-4xl">
        {info.title}
      </h1>
      {page.data ? (
        <>
          <p className="mt-3 text-sm text-neutral-500">
            Last updated{' '}
            <time dateTime={page.data.updatedAt}>
              {formatDate(page.data.updatedAt, config.data?.locale, config.data?.timeZone)}
            </time>
          </p>
          <div className={TEXT_PANEL}>
            <LegalText text={page.data.text} anchorCookies={info.key === 'privacy'} />
          </div>
        </>
      ) : page.isError ? (
        <Card className="mt-8 flex flex-col items-start gap-4 p-6 sm:p-8">
          <p role="alert" className="text-neutral-700">
            {errorMessage(page.error)}
          </p>
          <Button variant="secondary" onClick={() => void page.refetch()} isLoading={page.isFetching}>
            Try again
          </Button>
        </Card>
      ) : (
        <div className={TEXT_PANEL}>
          <LegalTextSkeleton />
        </div>
      )}
    </div>
  );
}
