import { clsx } from 'clsx';
import { useLocation } from 'react-router';
import { hasStaffAccess } from '../../shared/roles';
import { isBackOfficePath } from '../app/access-rule';
import { ButtonLink } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { useSession } from '../features/auth';
import { paths } from '../lib/paths';

/**
 * Any path outside the shared route table, and sub-paths that a back-office page does not have. Inside
 * a back-office section, staff see it in their frame (the side navigation stays) with a way back to
 * Orders; everyone else sees the public page.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const { user } = useSession();
  const inBackOffice = isBackOfficePath(pathname) && user !== null && hasStaffAccess(user.role);
  return (
    <div
      className={clsx('flex flex-1 items-center justify-center px-4 py-20', inBackOffice && 'min-h-[70dvh]')}
    >
      <DocumentTitle title="Page not found" />
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-neutral-600">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-neutral-950">Page not found</h1>
        <p className="mt-4 text-neutral-600">
          {inBackOffice
            ? 'There is no such page in the back office. Check the address, or choose a page from the navigation.'
            : 'The page you are looking for does not exist. Check the address, or start again from the home page.'}
        </p>
        {inBackOffice ? (
          <ButtonLink to={paths.orders} className="mt-8">
            Go to Orders
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.home} className="mt-8">
            Go to the home page
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
