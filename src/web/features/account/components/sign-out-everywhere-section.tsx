import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { AccountSection } from './account-section';

/** "Sign out of all devices", after a confirmation; this device is signed out too. */
export function SignOutEverywhereSection() {
  const signOutEverywhere = useSignOutEverywhere();
  const [asking, setAsking] = useState(false);

  return (
    <AccountSection
      title="Devices"
      description="Lost a phone or signed in on a shared computer? End every session at once."
    >
      <div>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          Sign out of all devices
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Sign out of all devices?"
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={signOutEverywhere.isPending}
        onConfirm={() => signOutEverywhere.mutate(undefined, { onSettled: () => setAsking(false) })}
        onClose={() => setAsking(false)}
      >
        You will be signed out on every device, this one included, and need to sign in again.
      </ConfirmDialog>
    </AccountSection>
  );
}
