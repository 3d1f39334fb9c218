import { useMemo } from 'react';
import { useConfig } from './api/get-config';

/**
 * Formats instants as the restaurant reads them: its locale and time zone from `/api/config`, the
 * browser's own until the config has loaded.
 */
export function useRestaurantDateTime() {
  const config = useConfig();
  const locale = config.data?.locale;
  const timeZone = config.data?.timeZone;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
}
