import { clsx } from 'clsx';
import { MapPin, Phone, Utensils } from 'lucide-react';
import type { PublicMenu } from '../../../../shared/contracts/menu';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { OpeningHoursSummary } from './opening-hours-summary';

interface RestaurantHeaderProps {
  /** The restaurant as the public menu describes it; undefined while it loads. */
  restaurant: PublicMenu['restaurant'] | undefined;
  /** The name to show before the menu arrives (from `/api/config`). */
  fallbackName: string | undefined;
  /** The table of a QR link, if the guest came from one. */
  table: string | null;
  /**
   * Guests who are not signed in get the sign-in links here (the site header leaves them to `/`):
   * `shown`; `reserved` while the session is not known yet (the server's render and a page before its
   * session answer), when their room is kept but nothing shows, so the menu below does not jump down
   * when a guest's links appear and no signed-in customer sees "Sign in"; `none` for someone signed in.
   */
  authLinks: 'shown' | 'reserved' | 'none';
}

/** One line for an address typed on several lines. */
function singleLine(text: string): string {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');
}

/** The top of `/`: who and where the restaurant is, today's hours and the table of a QR link. */
export function RestaurantHeader({ restaurant, fallbackName, table, authLinks }: RestaurantHeaderProps) {
  const name = restaurant?.name ?? fallbackName;
  const address = restaurant ? singleLine(restaurant.address) : '';
  const phone = restaurant?.phone.trim() ?? '';

  return (
    <section
      aria-labelledby="restaurant-name"
      className="border-b border-neutral-200 bg-linear-to-b from-amber-50 via-orange-50/40 to-white"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 pt-6 pb-6 sm:px-6 sm:pt-10 sm:pb-8 md:flex-row md:items-end md:justify-between">
        <div className="flex min-w-0 items-start gap-4 sm:gap-5">
          {restaurant?.logoUrl && (
            <img
              src={restaurant.logoUrl}
              alt=""
              width={80}
              height={80}
              className="size-16 shrink-0 rounded-2xl bg-white object-cover shadow-sm ring-1 ring-black/5 sm:size-20"
            />
          )}
          <div className="min-w-0">
            {table && (
              <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-neutral-950 px-3 py-1 text-sm font-medium text-white">
                <Utensils aria-hidden="true" className="size-3.5" />
                Ordering for table {table}
              </p>
            )}
            {name ? (
              <h1
                id="restaurant-name"
                className="text-3xl font-semibold tracking-tight text-balance text-neutral-950 sm:text-4xl"
              >
                {name}
              </h1>
            ) : (
              <div
                aria-hidden="true"
                className="h-9 w-64 max-w-full animate-pulse rounded-lg bg-neutral-200"
              />
            )}
            {restaurant ? (
              <div className="mt-3 flex flex-col gap-2">
                {(address || phone) && (
                  <ul className="flex flex-col gap-1.5 text-sm text-neutral-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
                    {address && (
                      <li className="flex items-start gap-2">
                        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-neutral-500" />
                        <span>{address}</span>
                      </li>
                    )}
                    {phone && (
                      <li className="flex items-center gap-2">
                        <Phone aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
                        <a
                          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                          className="rounded-sm underline-offset-4 hover:text-neutral-950 hover:underline focus-visible:outline-2 focus-visible:outline-neutral-950"
                        >
                          {phone}
                        </a>
                      </li>
                    )}
                  </ul>
                )}
                <OpeningHoursSummary
                  hours={restaurant.openingHours}
                  timeZone={restaurant.timeZone}
                  onlineOrdering={restaurant.onlineOrdering}
                />
              </div>
            ) : (
              <div aria-hidden="true" className="mt-3 flex flex-col gap-2">
                <div className="h-4 w-56 max-w-full animate-pulse rounded bg-neutral-200" />
                <div className="h-4 w-44 max-w-full animate-pulse rounded bg-neutral-200" />
              </div>
            )}
          </div>
        </div>
        {authLinks !== 'none' && (
          <div
            className={clsx('flex shrink-0 gap-2', authLinks === 'reserved' && 'invisible')}
            aria-hidden={authLinks === 'reserved' || undefined}
            inert={authLinks === 'reserved'}
          >
            <ButtonLink to={paths.login} variant="secondary">
              Sign in
            </ButtonLink>
            <ButtonLink to={paths.signUp} variant="ghost">
              Create an account
            </ButtonLink>
          </div>
        )}
      </div>
    </section>
  );
}
