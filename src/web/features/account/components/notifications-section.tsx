import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { PushControls } from '../../notifications';
import { AccountSection } from './account-section';

/** "Notifications": push notifications on this device, on or off. */
export function NotificationsSection() {
  return (
    <AccountSection
      title="Notifications"
      description={
        <>
          Push notifications on this device. Want to check they arrive?{' '}
          <Link
            to={paths.testNotifications}
            className="font-medium text-neutral-950 underline underline-offset-2 hover:text-neutral-700"
          >
            Send yourself a test
          </Link>
          .
        </>
      }
    >
      <PushControls />
    </AccountSection>
  );
}
