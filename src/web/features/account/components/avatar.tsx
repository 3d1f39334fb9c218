import { clsx } from 'clsx';
import { useState } from 'react';
import { NameInitial } from '../../../components/ui/name-initial';

interface AvatarProps {
  name: string;
  /** The photo to show; the initial shows when there is none or it cannot load. */
  src: string | null;
  className?: string;
}

/** A round photo, or the first letter of the name (a person icon for a phone number) on a neutral disc. */
export function Avatar({ name, src, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showPhoto = src !== null && src !== failedSrc;
  return (
    <div
      className={clsx(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-neutral-200 font-semibold text-neutral-700',
        className ?? 'size-24 text-3xl',
      )}
    >
      {showPhoto ? (
        <img
          src={src}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
          data-testid="avatar-photo"
        />
      ) : (
        <NameInitial name={name} />
      )}
    </div>
  );
}
