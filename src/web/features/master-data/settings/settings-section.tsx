import { type ReactNode, useId } from 'react';
import { Card } from '../../../components/ui/card';

interface SettingsSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One titled part of the settings form, a landmark a screen reader can jump to. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId} className="flex flex-col gap-5">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-neutral-950">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
        </div>
        {children}
      </section>
    </Card>
  );
}
