import { clsx } from 'clsx';
import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { findPage } from '../../shared/pages';
import { navigationState } from '../app/access-rule';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { useSession } from '../features/auth';
import { pageTitle } from '../lib/page-titles';
import { paths } from '../lib/paths';

/** Stands in for every page of the route table that is not built yet, and says so plainly. */
export function NotAvailablePage() {
  const { pathname } = useLocation();
  const page = findPage(pathname);
  const title = page ? pageTitle(page) : 'This page';
  const { user, isPending } = useSession();
  const inBackOffice = navigationState(page, isPending, user) !== 'hidden';

  return (
    <div
      className={clsx('w-full max-w-5xl px-4 py-8 sm:px-6 md:py-10', inBackOffice ? 'lg:px-10' : 'mx-auto')}
    >
      <DocumentTitle title={title} />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">{title}</h1>
      <Card className="mt-6 flex flex-col items-start gap-4 p-6 sm:flex-row sm:p-8">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-700">
          <Construction aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="text-base font-semibold text-neutral-950">This area is not available yet.</p>
          <p className="mt-1 text-neutral-600">
            {title} is planned and will appear here in a coming release.
          </p>
          {!inBackOffice && (
            <ButtonLink to={paths.home} variant="secondary" className="mt-5">
              Go to the home page
            </ButtonLink>
          )}
        </div>
      </Card>
    </div>
  );
}
