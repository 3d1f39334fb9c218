import { useMutation } from '@tanstack/react-query';
import type { TestNotificationResult } from '../../../../shared/contracts/notifications';
import { NOTIFICATIONS_API } from '../../../../shared/notification-kinds';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/notifications/test`: the server sends the signed-in user a test notification (in the
 * bell, and as a push to each of their devices) → the notification and how many devices it was
 * pushed to.
 */
export function sendTestNotification(): Promise<TestNotificationResult> {
  return apiRequest<TestNotificationResult>(NOTIFICATIONS_API.test, { method: 'POST' });
}

export function useSendTestNotification() {
  return useMutation({ mutationFn: sendTestNotification });
}
