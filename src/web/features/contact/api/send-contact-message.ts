import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiRequest } from '../../../lib/api-client';
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

/**
 * Sends the message and toasts its success; a refusal is the form's to show (a refused field beside
 * it, anything else once, in a toast).
 */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      toast.success(CONTACT_SENT_MESSAGE);
    },
  });
}
