import { useCallback, useEffect, useState } from 'react';
import { type PushPermission, pushPermission } from './push-device';
import { deviceSubscribed } from './push-subscription';

export interface PushStatus {
  /** The browser's notification permission for this site, or `unsupported`. */
  permission: PushPermission;
  /** Whether this device has a subscription for the user (null while it is being read). */
  subscribed: boolean | null;
  /** Reads the state again (after turning on or off). */
  refresh: () => Promise<void>;
}

/**
 * This device's push state for the signed-in user (`userId`), or only the permission for a guest.
 * Follows permission changes made in the browser's settings while the page is open.
 */
export function usePushStatus(userId: string | null): PushStatus {
  // The server renders no such page; the browser's answer is read at once.
  const [permission, setPermission] = useState<PushPermission>(() => pushPermission());
  const [subscribed, setSubscribed] = useState<boolean | null>(null);

  const refresh = useCallback(async () => {
    setPermission(pushPermission());
    if (!userId) {
      setSubscribed(false);
      return;
    }
    try {
      setSubscribed(await deviceSubscribed(userId));
    } catch (error) {
      console.warn('Could not read the push subscription', error);
      setSubscribed(false);
    }
  }, [userId]);

  useEffect(() => {
    void refresh();
    if (!('permissions' in navigator) || pushPermission() === 'unsupported') return;
    let status: PermissionStatus | undefined;
    let gone = false;
    const onChange = () => void refresh();
    navigator.permissions.query({ name: 'notifications' }).then(
      (answer) => {
        if (gone) return;
        status = answer;
        status.addEventListener('change', onChange);
      },
      () => {},
    );
    return () => {
      gone = true;
      status?.removeEventListener('change', onChange);
    };
  }, [refresh]);

  return { permission, subscribed, refresh };
}
