import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths, paths } from '../../../lib/paths';
import { forgetPushDevice, SIGNED_OUT_STATE } from '../../auth';

/** `POST /api/auth/revoke-sessions`: ends every session of the user, this one included (and this device's push subscription). */
export async function signOutEverywhere(): Promise<unknown> {
  await forgetPushDevice();
  return apiRequest<unknown>(apiPaths.revokeSessions, { method: 'POST', body: {} });
}

/** Signs out on every device, then goes to /login; the shell forgets the user there. */
export function useSignOutEverywhere() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: async () => {
      toast.success('Signed out successfully!');
      await navigate(paths.login, { replace: true, state: SIGNED_OUT_STATE });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
