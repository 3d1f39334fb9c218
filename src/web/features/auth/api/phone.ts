import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { needsHumanCheck } from './human-check-required';

export interface SendPhoneCodeInput {
  /** E.164, such as +15551234567. */
  phoneNumber: string;
  /** The solved human check, sent as `X-Human-Check`. */
  humanCheck: string;
}

/** `POST /api/auth/phone-number/send-otp`: texts a 6-digit code, valid 5 minutes. */
export function sendPhoneCode({ phoneNumber, humanCheck }: SendPhoneCodeInput): Promise<unknown> {
  return apiRequest<unknown>(apiPaths.phoneSendCode, {
    method: 'POST',
    body: { phoneNumber },
    headers: { 'X-Human-Check': humanCheck },
  });
}

export interface VerifyPhoneCodeInput {
  phoneNumber: string;
  code: string;
  /** Signed in: change the signed-in user's phone instead of signing in. */
  updatePhoneNumber?: boolean;
  /** A solved human check, sent as `X-Human-Check` once the server asked for one. */
  humanCheck?: string;
}

export interface VerifyPhoneCodeResult {
  status: boolean;
  user: { id: string; name: string; phoneNumber?: string | null } | null;
}

/**
 * `POST /api/auth/phone-number/verify`: confirms the code. Signs in (a new number creates a customer
 * account), or with `updatePhoneNumber` changes the signed-in user's number.
 */
export function verifyPhoneCode({
  humanCheck,
  ...input
}: VerifyPhoneCodeInput): Promise<VerifyPhoneCodeResult> {
  return apiRequest<VerifyPhoneCodeResult>(apiPaths.phoneVerify, {
    method: 'POST',
    body: input.updatePhoneNumber ? input : { phoneNumber: input.phoneNumber, code: input.code },
    headers: humanCheck ? { 'X-Human-Check': humanCheck } : undefined,
  });
}

/** Sends a code; the server's messages (rate limits, a bad number) come as toasts. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: sendPhoneCode,
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}

/**
 * Confirms a code; "Invalid OTP. Please try again." and the like come as toasts. After many wrong
 * codes for the number the server asks for the human check, which the form runs and retries with.
 */
export function useVerifyPhoneCode() {
  return useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: () => {
      toast.success('Phone verified successfully!');
    },
    onError: (error) => {
      // The form shows the check and retries by itself; no error to read.
      if (!needsHumanCheck(error)) toast.error(errorMessage(error));
    },
  });
}
