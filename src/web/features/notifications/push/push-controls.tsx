import { clsx } from 'clsx';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { loginPathFor } from '../../../lib/paths';
import { useSession } from '../../auth';
import { useConfig } from '../../config';
import { turnOffNotifications, turnOnNotifications } from './push-subscription';
import { type PushStatus, usePushStatus } from './use-push-status';

type Tone = 'on' | 'off' | 'warning';

const TONE_CLASSES: Record<Tone, string> = {
  on: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  off: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** The state of notifications on this device, in a few words and a line of help. */
function describe(status: PushStatus, signedIn: boolean, serverReady: boolean) {
  const { permission, subscribed } = status;
  if (permission === 'unsupported') {
    return {
      tone: 'warning' as const,
      label: 'Not available in this browser',
      help: 'This browser cannot receive push notifications. On an iPhone or iPad, add this site to your Home Screen and open it from there.',
    };
  }
  if (permission === 'denied') {
    return {
      tone: 'warning' as const,
      label: 'Blocked in this browser',
      help: 'Notifications are blocked for this site. To get them, allow notifications in your browser’s site settings (the icon at the left of the address bar), then come back to this page.',
    };
  }
  if (!serverReady) {
    return { tone: 'off' as const, label: 'Off', help: 'This server cannot send push notifications yet.' };
  }
  if (signedIn && subscribed) {
    return {
      tone: 'on' as const,
      label: 'On for this device',
      help: 'This device gets a notification when something needs you, even when this site is closed.',
    };
  }
  return {
    tone: 'off' as const,
    label: 'Off for this device',
    help: 'Turn them on to hear about new order requests and your orders’ progress, even when this site is closed. Your browser asks for permission first.',
  };
}

/**
 * "Turn on notifications" / "Turn off" for this device (on /account and
 * /test-notifications), with the state of the browser's permission. The permission is asked only
 * after the click. A guest gets a sign-in link instead.
 */
export function PushControls({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const { user, session } = useSession();
  const config = useConfig();
  const publicKey = config.data?.pushPublicKey ?? null;
  const status = usePushStatus(user?.id ?? null);
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const { tone, label, help } = describe(status, user !== null, publicKey !== null || config.isPending);

  const turnOn = async () => {
    if (!user || !session) return;
    setBusy('on');
    try {
      const result = await turnOnNotifications({ userId: user.id, sessionId: session.id, publicKey });
      if (result === 'on') toast.success('Notifications are on for this device.');
      else if (result === 'default') toast('Notifications stay off: the browser’s question was closed.');
    } catch (error) {
      console.warn('Could not turn on notifications', error);
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
      await status.refresh();
    }
  };

  const turnOff = async () => {
    if (!user) return;
    setBusy('off');
    try {
      await turnOffNotifications(user.id);
      toast.success('Notifications are off for this device.');
    } catch (error) {
      console.warn('Could not turn off notifications', error);
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
      await status.refresh();
    }
  };

  const canAsk = status.permission !== 'unsupported' && status.permission !== 'denied';
  return (
    <div className={clsx('flex flex-col items-start gap-4', className)} data-testid="push-controls">
      <div className="flex flex-col gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm text-neutral-700">
          <span>Notifications:</span>
          <span
            className={clsx(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1',
              TONE_CLASSES[tone],
            )}
            data-testid="push-state"
          >
            {status.subscribed === null && user ? 'Checking…' : label}
          </span>
        </p>
        <p className="text-sm text-neutral-600">{help}</p>
      </div>
      {canAsk &&
        (!user ? (
          <ButtonLink to={loginPathFor(`${pathname}${search}`)}>Sign in to turn on notifications</ButtonLink>
        ) : status.subscribed ? (
          <Button variant="secondary" onClick={() => void turnOff()} isLoading={busy === 'off'}>
            {busy === 'off' ? 'Turning off...' : 'Turn off'}
          </Button>
        ) : (
          <Button
            onClick={() => void turnOn()}
            isLoading={busy === 'on'}
            // Not before the server's key is known: a click while /api/config is still on its way
            // would ask the browser and then fail for want of the key.
            disabled={status.subscribed === null || !publicKey}
          >
            {busy === 'on' ? 'Turning on...' : 'Turn on notifications'}
          </Button>
        ))}
    </div>
  );
}
