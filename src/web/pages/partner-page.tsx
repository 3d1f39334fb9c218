import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { restaurantToday } from '../../shared/coupon-rules';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useConfig } from '../features/config';
import { formatPercent, PARTNER_KIND_LABELS } from '../features/master-data';
import { NewSettlementForm, SettlementList, usePartner } from '../features/settlements';
import { isApiError } from '../lib/api-client';
import { masterDataTabPath } from '../lib/paths';

/** The partner's contact details that are filled in, as label and value. */
function contactLines(partner: {
  contactName: string;
  phone: string;
  email: string;
  address: string;
}): [string, ReactNode][] {
  const lines: [string, ReactNode][] = [];
  if (partner.contactName) lines.push(['Contact person', partner.contactName]);
  if (partner.phone)
    lines.push([
      'Phone',
      <a key="phone" href={`tel:${partner.phone}`} className="underline underline-offset-2">
        {partner.phone}
      </a>,
    ]);
  if (partner.email)
    lines.push([
      'Email',
      <a key="email" href={`mailto:${partner.email}`} className="underline underline-offset-2">
        {partner.email}
      </a>,
    ]);
  if (partner.address)
    lines.push([
      'Address',
      <span key="address" className="whitespace-pre-line">
        {partner.address}
      </span>,
    ]);
  return lines;
}

/**
 * `/master-data/partners/:partnerId` (admin; docs/PRODUCT-RULES.md, Partner settlements): one delivery
 * or marketplace partner, its commission and contact; its settlements, each opening its page; and a new
 * settlement for a period (last week to start with).
 */
export function PartnerPage() {
  const { partnerId = '' } = useParams();
  const config = useConfig();
  const partner = usePartner(partnerId);
  const locale = config.data?.locale ?? 'en-US';
  const today = config.data ? restaurantToday(config.data.timeZone) : null;

  let content: ReactNode;
  if (partner.isError) {
    content =
      isApiError(partner.error) && (partner.error.status === 404 || partner.error.status === 400) ? (
        <p className="mt-4 text-neutral-700">There is no partner with this address.</p>
      ) : (
        <div className="mt-4">
          <ListError error={partner.error} onRetry={() => void partner.refetch()} />
        </div>
      );
  } else if (!partner.data || !today) {
    content = <ListLoading>Loading the partner...</ListLoading>;
  } else {
    const item = partner.data;
    const contact = contactLines(item);
    content = (
      <>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-neutral-950 sm:text-3xl">
          {item.name}
        </h1>
        <p className="mt-1 text-sm text-neutral-600">
          {PARTNER_KIND_LABELS[item.kind]} · {formatPercent(item.commissionPercent, locale)} commission
          {!item.active && ' · Archived'}
        </p>
        {contact.length > 0 && (
          <dl aria-label="Contact" className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {contact.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-neutral-600">{label}</dt>
                <dd className="break-words text-neutral-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {item.notes && (
          <p className="mt-3 max-w-prose text-sm whitespace-pre-line text-neutral-700">{item.notes}</p>
        )}
        <div className="mt-8 flex flex-col gap-8">
          <section aria-labelledby="new-settlement">
            <h2 id="new-settlement" className="mb-3 text-lg font-semibold text-neutral-950">
              New settlement
            </h2>
            <div className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
              <NewSettlementForm partnerId={item.id} today={today} />
            </div>
          </section>
          <section aria-labelledby="partner-settlements" className="min-w-0">
            <h2 id="partner-settlements" className="mb-3 text-lg font-semibold text-neutral-950">
              Settlements
            </h2>
            <SettlementList partnerId={item.id} locale={locale} />
          </section>
        </div>
      </>
    );
  }

  return (
    <div className="w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title={partner.data?.name ?? 'Partner'} />
      <Link
        to={masterDataTabPath('partners')}
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-neutral-600 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Partners
      </Link>
      {content}
    </div>
  );
}
