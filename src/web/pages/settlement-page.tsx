import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { restaurantToday } from '../../shared/coupon-rules';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useConfig } from '../features/config';
import { SettlementDetail, useSettlement } from '../features/settlements';
import { isApiError } from '../lib/api-client';
import { masterDataTabPath, partnerPath } from '../lib/paths';

/**
 * `/master-data/settlements/:settlementId` (admin; docs/PRODUCT-RULES.md, Partner settlements): one
 * partner settlement: its orders with the partner's commission, adjustments, the partner's payout
 * report matched to the orders, and the payout recorded into an account (or taken back).
 */
export function SettlementPage() {
  const { settlementId = '' } = useParams();
  const config = useConfig();
  const settlement = useSettlement(settlementId);
  const locale = config.data?.locale ?? 'en-US';
  const today = config.data ? restaurantToday(config.data.timeZone) : null;

  let content: ReactNode;
  if (settlement.isError) {
    content =
      isApiError(settlement.error) && (settlement.error.status === 404 || settlement.error.status === 400) ? (
        <p className="mt-4 text-neutral-700">
          There is no settlement with this address: it may have been deleted.
        </p>
      ) : (
        <div className="mt-4">
          <ListError error={settlement.error} onRetry={() => void settlement.refetch()} />
        </div>
      );
  } else if (!settlement.data || !today) {
    content = <ListLoading>Loading the settlement...</ListLoading>;
  } else {
    content = <SettlementDetail settlement={settlement.data} locale={locale} today={today} />;
  }

  const back = settlement.data
    ? { to: partnerPath(settlement.data.partnerId), label: settlement.data.partnerName }
    : { to: masterDataTabPath('partners'), label: 'Partners' };

  return (
    <div className="w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title={settlement.data ? `${settlement.data.partnerName} settlement` : 'Settlement'} />
      <Link
        to={back.to}
        className="mb-4 inline-flex max-w-full items-center gap-1.5 rounded-md text-sm font-medium text-neutral-600 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
      >
        <ArrowLeft aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{back.label}</span>
      </Link>
      {content}
    </div>
  );
}
