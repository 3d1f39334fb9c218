import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';

interface LinkedAccount {
  providerId: string;
}

export interface SignInMethodsOfUser {
  /** Whether the user has a password (an e-mail and password account) to change. */
  hasPassword: boolean;
  google: boolean;
}

/** `GET /api/auth/list-accounts`: the ways the signed-in user can sign in, besides the phone. */
export async function getSignInMethods({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<SignInMethodsOfUser> {
  const accounts = (await apiRequest<LinkedAccount[] | undefined>(apiPaths.listAccounts, { signal })) ?? [];
  return {
    hasPassword: accounts.some((account) => account.providerId === 'credential'),
    google: accounts.some((account) => account.providerId === 'google'),
  };
}

export function useSignInMethodsOfUser() {
  return useQuery(queryOptions({ queryKey: queryKeys.account.signInMethods, queryFn: getSignInMethods }));
}
