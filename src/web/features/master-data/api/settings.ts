import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  type RestaurantSettings,
  SETTINGS_API,
  type UpdateSettings,
} from '../../../../shared/contracts/settings';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/settings` (admin): every setting of the restaurant. */
export function getSettings({ signal }: { signal?: AbortSignal } = {}): Promise<RestaurantSettings> {
  return apiRequest<RestaurantSettings>(SETTINGS_API.settings, { signal });
}

/** The settings query (`queryKeys.settings`). */
export function settingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.settings, queryFn: getSettings });
}

/** The restaurant's settings, for the settings tab. */
export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** `PATCH /api/settings`: the given settings change, the rest stay. */
export function updateSettings(changes: UpdateSettings): Promise<RestaurantSettings> {
  return apiRequest<RestaurantSettings>(SETTINGS_API.settings, { method: 'PATCH', body: changes });
}

/** `POST /api/settings/logo` (multipart field `logo`). */
export function uploadLogo(file: File): Promise<RestaurantSettings> {
  const form = new FormData();
  form.append('logo', file);
  return apiRequest<RestaurantSettings>(SETTINGS_API.logo, { method: 'POST', form });
}

/** `DELETE /api/settings/logo`. */
export function removeLogo(): Promise<RestaurantSettings> {
  return apiRequest<RestaurantSettings>(SETTINGS_API.logo, { method: 'DELETE' });
}

/**
 * After a change: the new settings in the cache, and everything read from them fetched again
 * (/api/config gives the name, currency, locale and password policy; the site pages the legal texts
 * and contact details).
 */
function useSettingsSaved() {
  const queryClient = useQueryClient();
  return async (settings: RestaurantSettings) => {
    queryClient.setQueryData(queryKeys.settings, settings);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.config }),
      queryClient.invalidateQueries({ queryKey: queryKeys.site.all }),
    ]);
  };
}

/** Saves changed settings; the caller shows field errors, so no error toast here. */
export function useUpdateSettings() {
  const saved = useSettingsSaved();
  return useMutation({ mutationFn: updateSettings, onSuccess: saved });
}

/** Uploads a new logo; toasts "Logo updated" or the server's message. */
export function useUploadLogo() {
  const saved = useSettingsSaved();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: async (settings) => {
      toast.success('Logo updated');
      await saved(settings);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}

/** Removes the logo; toasts "Logo removed" or the server's message. */
export function useRemoveLogo() {
  const saved = useSettingsSaved();
  return useMutation({
    mutationFn: removeLogo,
    onSuccess: async (settings) => {
      toast.success('Logo removed');
      await saved(settings);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
