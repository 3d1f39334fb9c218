import { ButtonLink } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { paths } from '../lib/paths';

/** Any path outside the shared route table. */
export function NotFoundPage() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-20">
      <DocumentTitle title="Page not found" />
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-neutral-500">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-neutral-950">Page not found</h1>
        <p className="mt-4 text-neutral-600">
          The page you are looking for does not exist. Check the address, or start again from the home page.
        </p>
        <ButtonLink to={paths.home} className="mt-8">
          Go to the home page
        </ButtonLink>
      </div>
    </div>
  );
}
