import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '../../../../shared/contracts/user';
import { Button } from '../../../components/ui/button';
import { formatPhoneNumber } from '../../../lib/phone-number';
import { PhoneCodeFlow } from '../../auth';
import { refreshAccount } from '../api/update-profile';
import { AccountSection } from './account-section';

/** The phone number, changed (or added) with a code sent to the new number. */
export function PhoneSection({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);

  return (
    <AccountSection
      title="Phone number"
      description="For signing in with a code by text message and for news about your orders."
    >
      {editing ? (
        <PhoneCodeFlow
          purpose="change"
          autoFocus
          onCancel={() => setEditing(false)}
          onVerified={async () => {
            await refreshAccount(queryClient);
            setEditing(false);
          }}
        />
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          {profile.phoneNumber ? (
            <p className="font-medium whitespace-nowrap text-neutral-950">
              {formatPhoneNumber(profile.phoneNumber)}
            </p>
          ) : (
            <p className="text-neutral-600">No phone number yet.</p>
          )}
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {profile.phoneNumber ? 'Change number' : 'Add phone number'}
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
