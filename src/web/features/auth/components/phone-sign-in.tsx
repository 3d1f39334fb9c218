import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { refreshSessionAfterSignIn } from '../api/sync-claims';
import { destinationAfterSignIn } from '../destination-after-sign-in';
import { PhoneCodeFlow, type PhoneVerified } from './phone-code-flow';

interface PhoneSignInProps {
  /** On the sign-up page the form also asks for a name, given to a new account. */
  purpose: 'sign-in' | 'sign-up';
}

/**
 * Sign-in (and sign-up) by phone: a confirmed code signs in, a new number creates a customer account;
 * then the user goes where any sign-in goes (the callbackUrl, or the role's home).
 */
export function PhoneSignIn({ purpose }: PhoneSignInProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');

  async function handleVerified({ phoneNumber, name, result }: PhoneVerified) {
    // A new phone account is named after its number; the sign-up form knows the person's name.
    if (name && result.user?.name === phoneNumber) {
      await apiRequest(apiPaths.updateUser, { method: 'POST', body: { name } }).catch((error: unknown) => {
        toast.error(errorMessage(error));
      });
    }
    const session = await refreshSessionAfterSignIn(queryClient);
    await navigate(destinationAfterSignIn(callbackUrl, session), { replace: true });
  }

  return <PhoneCodeFlow purpose={purpose} onVerified={handleVerified} />;
}
