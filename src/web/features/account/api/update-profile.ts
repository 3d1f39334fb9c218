import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Profile } from '../../../../shared/contracts/user';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

export const PROFILE_UPDATED = 'Profile updated successfully!';

/** The profile and the session (the header shows the name) are read again after a change. */
export async function refreshAccount(queryClient: QueryClient, profile?: Profile): Promise<void> {
  if (profile) queryClient.setQueryData(queryKeys.account.profile, profile);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.auth.session }),
  ]);
}

/** `POST /api/auth/update-user`: changes the display name. */
export function updateName(name: string): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.updateUser, { method: 'POST', body: { name } });
}

/** `POST /api/account/photo` (multipart field `photo`): resolves with the updated profile. */
export function uploadPhoto(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('photo', file);
  return apiRequest<Profile>(apiPaths.accountPhoto, { method: 'POST', form });
}

/** `DELETE /api/account/photo`: resolves with the updated profile. */
export function removePhoto(): Promise<Profile> {
  return apiRequest<Profile>(apiPaths.accountPhoto, { method: 'DELETE' });
}

function useProfileMutation<T>(mutationFn: (input: T) => Promise<Profile | unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      toast.success(PROFILE_UPDATED);
      const profile =
        result && typeof result === 'object' && 'uid' in result ? (result as Profile) : undefined;
      await refreshAccount(queryClient, profile);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}

export const useUpdateName = () => useProfileMutation(updateName);
export const useUploadPhoto = () => useProfileMutation(uploadPhoto);
export const useRemovePhoto = () => useProfileMutation<void>(removePhoto);
