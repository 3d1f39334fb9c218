import { Navigate, useParams } from 'react-router';
import { DocumentTitle } from '../components/ui/document-title';
import { useConfig } from '../features/config';
import { MasterDataTabBar, MasterDataTabContent, masterDataTabOf } from '../features/master-data';
import { ListLoading } from '../features/resources';
import { paths } from '../lib/paths';

/**
 * `/master-data` (Master Data): suppliers, partners, expense categories, units, food categories, bank
 * accounts, tables and the restaurant's settings, one tab each at `/master-data/{tab}`.
 */
export function MasterDataPage() {
  const params = useParams();
  const tab = masterDataTabOf(params.tab);
  const config = useConfig();

  if (tab === null) return <Navigate to={paths.masterData} replace />;
  return (
    <div className="w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title="Master Data" />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Master Data</h1>
      <p className="mt-1 text-neutral-600">
        The records the rest of Brigade refers to, and your restaurant’s settings.
      </p>
      <div className="mt-6">
        <MasterDataTabBar current={tab} />
      </div>
      <div className="mt-6">
        {config.isPending ? (
          <ListLoading>Loading...</ListLoading>
        ) : (
          <MasterDataTabContent
            key={tab}
            tab={tab}
            context={{ currency: config.data?.currency ?? 'USD', locale: config.data?.locale ?? 'en-US' }}
          />
        )}
      </div>
    </div>
  );
}
