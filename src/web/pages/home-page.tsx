import { DocumentTitle } from '../components/ui/document-title';
import { useSession } from '../features/auth';
import { GuestOrdering, openItemDialog } from '../features/cart';
import { useConfig } from '../features/config';
import {
  MenuLoadError,
  MenuSkeleton,
  PublicMenuBrowser,
  RestaurantHeader,
  usePublicMenu,
  useTableFromLink,
} from '../features/public-menu';

/**
 * `/`: the restaurant's public page: its name, address and hours, and the menu
 * by category with search and dietary filters. Kept apart from the back office so a phone loads only
 * this page's code. Cart and checkout come with orders.
 */
export function HomePage() {
  const config = useConfig();
  const session = useSession();
  const menu = usePublicMenu();
  const table = useTableFromLink();
  const restaurantName = menu.data?.restaurant.name ?? config.data?.restaurantName;

  return (
    <div className="flex flex-1 flex-col">
      <DocumentTitle title={restaurantName ?? 'Brigade'} exact />
      <RestaurantHeader
        restaurant={menu.data?.restaurant}
        fallbackName={restaurantName}
        table={table}
        authLinks={session.isPending ? 'reserved' : session.user ? 'none' : 'shown'}
      />
      {menu.data ? (
        <PublicMenuBrowser menu={menu.data} onOpenItem={openItemDialog} />
      ) : menu.isError ? (
        <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
          <MenuLoadError onRetry={() => menu.refetch()} isRetrying={menu.isFetching} />
        </div>
      ) : (
        <MenuSkeleton />
      )}
      {menu.data && <GuestOrdering menu={menu.data} table={table} />}
    </div>
  );
}
