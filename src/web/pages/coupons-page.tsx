import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  COUPON_STATUS_LABELS,
  COUPON_STATUSES,
  type Coupon,
  type CouponStatus,
} from '../../shared/contracts/coupons';
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { ListLoading } from '../components/ui/list-states';
import { SearchBox } from '../components/ui/search-box';
import { useConfig } from '../features/config';
import { CouponFormDialog, CouponList } from '../features/coupons';
import { useDebouncedValue } from '../lib/use-debounced-value';

function isStatus(value: string | null): value is CouponStatus {
  return COUPON_STATUSES.includes(value as CouponStatus);
}

/**
 * `/coupons` (admin; docs/PRODUCT-RULES.md, Coupons): every coupon with its value, minimum, dates, uses and
 * the discount it has given, filtered by status and searched by code and description; add, change, activate
 * or deactivate, delete (a used coupon is made inactive instead).
 */
export function CouponsPage() {
  const config = useConfig();
  // The status lives in the URL: a reload or a shared link opens the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status = isStatus(requested) ? requested : null;
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [editor, setEditor] = useState<{ key: number; coupon: Coupon | null } | null>(null);

  const openEditor = (coupon: Coupon | null) =>
    setEditor((current) => ({ key: (current?.key ?? 0) + 1, coupon }));

  function chooseStatus(next: CouponStatus | null) {
    const params = new URLSearchParams(searchParams);
    if (next) params.set('status', next);
    else params.delete('status');
    setSearchParams(params, { replace: true });
  }

  const tabs: { status: CouponStatus | null; label: string }[] = [
    { status: null, label: 'All' },
    ...COUPON_STATUSES.map((value) => ({ status: value, label: COUPON_STATUS_LABELS[value] })),
  ];

  return (
    <div className="w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Coupons" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Coupons</h1>
          <p className="mt-1 text-neutral-600">
            Codes for a discount at the point of sale and online: their terms, how often they were used, and
            the discount they gave.
          </p>
        </div>
        <Button onClick={() => openEditor(null)} disabled={!config.data} className="self-start sm:self-auto">
          <Plus aria-hidden="true" className="size-4" />
          Add coupon
        </Button>
      </div>

      <div className="mt-8 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <fieldset className="-mx-4 min-w-0 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <legend className="sr-only">Show</legend>
          <div className="inline-flex rounded-lg bg-neutral-100 p-1">
            {tabs.map((tab) => (
              <button
                key={tab.label}
                type="button"
                aria-pressed={status === tab.status}
                onClick={() => chooseStatus(tab.status)}
                className={clsx(
                  'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                  status === tab.status
                    ? 'bg-white text-neutral-950 shadow-sm'
                    : 'text-neutral-600 hover:text-neutral-950',
                )}
              >
                {tab.label}
              </button>
            ))}
          </div>
        </fieldset>
        <SearchBox
          value={searchInput}
          onChange={setSearchInput}
          label="Search coupons"
          placeholder="Search by code or description"
          className="lg:w-80"
        />
      </div>

      <div className="mt-6">
        {config.data ? (
          <CouponList
            filter={{ search, status }}
            money={{ currency: config.data.currency, locale: config.data.locale }}
            onAdd={() => openEditor(null)}
            onEdit={openEditor}
          />
        ) : (
          <ListLoading>Loading the coupons...</ListLoading>
        )}
      </div>

      {editor && config.data && (
        <CouponFormDialog
          key={editor.key}
          coupon={editor.coupon}
          currency={config.data.currency}
          onClose={() => setEditor(null)}
        />
      )}
    </div>
  );
}
