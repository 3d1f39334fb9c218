import { UserRound } from 'lucide-react';

/**
 * The first letter of a name for an avatar disc, or a person icon when the name does not start with a
 * letter or digit: a phone-only account is named by its number, and a "+" on a disc reads as an
 * "add" button.
 */
export function NameInitial({
  name,
  iconClassName = 'size-[55%]',
}: {
  name: string;
  iconClassName?: string;
}) {
  const first = [...name.trim()][0];
  if (!first || !/[\p{L}\p{N}]/u.test(first)) {
    return <UserRound aria-hidden="true" data-testid="person-icon" className={iconClassName} />;
  }
  return <span aria-hidden="true">{first.toLocaleUpperCase()}</span>;
}
