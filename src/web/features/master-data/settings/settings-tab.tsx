import { ListError, ListLoading } from '../../resources';
import { useSettings } from '../api/settings';
import { DemoDataCard } from './demo-data-card';
import { SettingsForm } from './settings-form';

/** The settings tab of Master Data: the restaurant's settings, read once and edited in one form. */
export function SettingsTab() {
  const settings = useSettings();
  if (settings.isPending) return <ListLoading>Loading settings...</ListLoading>;
  if (settings.isError) return <ListError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <section aria-label="Restaurant settings" className="max-w-4xl">
      <DemoDataCard />
      <SettingsForm settings={settings.data} />
    </section>
  );
}
