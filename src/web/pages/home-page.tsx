import { UtensilsCrossed } from 'lucide-react';
import { hasStaffAccess } from '../../shared/roles';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { useSession } from '../features/auth/api/get-session';
import { useConfig } from '../features/config/api/get-config';
import { paths } from '../lib/paths';

/** `/`: the restaurant's public page. The online menu and ordering arrive in a later release. */
export function HomePage() {
  const config = useConfig();
  const { user } = useSession();
  const restaurantName = config.data?.restaurantName;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-10 px-4 py-12 sm:px-6 sm:py-20">
      <DocumentTitle title={restaurantName ?? 'Brigade'} />
      <section className="max-w-2xl">
        <p className="text-sm font-medium tracking-wide text-neutral-500 uppercase">Welcome to</p>
        {config.isPending ? (
          <div
            aria-hidden="true"
            className="mt-3 h-12 w-72 max-w-full animate-pulse rounded-lg bg-neutral-200"
          />
        ) : (
          <h1 className="mt-2 text-4xl font-semibold tracking-tight text-balance text-neutral-950 sm:text-5xl">
            {restaurantName ?? 'our restaurant'}
          </h1>
        )}
        <p className="mt-5 text-lg text-pretty text-neutral-600">
          {user
            ? 'Thank you for being our guest. We look forward to serving you.'
            : 'We are glad you found us. Sign in or create an account to keep your details ready for your next visit.'}
        </p>

        {user ? (
          <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center">
            <p className="text-neutral-700">
              You are signed in as{' '}
              <span className="font-medium text-neutral-950">{user.name.trim() || user.email}</span>.
            </p>
            {hasStaffAccess(user.role) && (
              <ButtonLink to={paths.orders} size="lg">
                Go to orders
              </ButtonLink>
            )}
          </div>
        ) : (
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.login} size="lg">
              Sign in
            </ButtonLink>
            <ButtonLink to={paths.signUp} size="lg" variant="secondary">
              Create an account
            </ButtonLink>
          </div>
        )}
      </section>

      <Card className="flex max-w-2xl items-start gap-4 p-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-neutral-950 text-white">
          <UtensilsCrossed aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-base font-semibold text-neutral-950">Our online menu is coming soon.</h2>
          <p className="mt-1 text-neutral-600">
            You will soon be able to browse the menu and order here. Until then, we look forward to seeing you
            in person.
          </p>
        </div>
      </Card>
    </div>
  );
}
