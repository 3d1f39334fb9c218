import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest, errorMessage } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export interface ContactMessageInput {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  /** The solved human check (altcha payload); each is accepted once. */
  humanCheck: string;
}

/** `POST /api/contact`: stores the message and e-mails the restaurant's admins a copy. */
export function sendContactMessage(input: ContactMessageInput): Promise<{ id: string }> {
  return apiRequest<{ id: string }>(apiPaths.contact, { method: 'POST', body: input });
}

export const CONTACT_SENT_MESSAGE = 'Your message has been sent!';

/** Sends the message; toasts the outcome (the server's own message on failure). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast.success(CONTACT_SENT_MESSAGE);
    },
    onError: (error) => {
      toast.error(errorMessage(error));
    },
  });
}
