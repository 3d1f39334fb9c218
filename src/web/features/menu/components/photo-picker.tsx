import { ImageIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { usePictureFile, usePreviewUrl } from '../../../lib/use-picture-file';
import type { SaveMenuItem } from '../api/menu-mutations';

export type PhotoChange = SaveMenuItem['photo'];

interface PhotoPickerProps {
  /** The saved photo, if any. */
  currentUrl: string | null;
  /** The item's name, the text alternative of its photo. */
  itemName: string;
  value: PhotoChange;
  onChange: (change: PhotoChange) => void;
  disabled?: boolean;
}

/**
 * The item's photo: choose a file (checked here for type and size, decoded by the server), see it,
 * or mark the saved one for removal. Nothing is sent until the item is saved.
 */
export function PhotoPicker({ currentUrl, itemName, value, onChange, disabled }: PhotoPickerProps) {
  const picture = usePictureFile((file) => onChange({ kind: 'replace', file }));
  const { problem, problemId } = picture;
  const preview = usePreviewUrl(value.kind === 'replace' ? value.file : null);
  const shown = value.kind === 'replace' ? preview : value.kind === 'remove' ? null : currentUrl;

  const note =
    value.kind === 'replace'
      ? 'New photo: it is uploaded when you save.'
      : value.kind === 'remove'
        ? 'The photo is removed when you save.'
        : 'JPEG, PNG or WebP, up to 5 MB. Square or 4:3 pictures look best.';

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex aspect-[4/3] w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border border-neutral-200 bg-neutral-100 sm:w-48">
        {shown ? (
          <img src={shown} alt={itemName.trim() || 'The menu item'} className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden="true" className="size-8 text-neutral-400" />
        )}
      </div>
      <div className="flex flex-col gap-3">
        <input {...picture.inputProps} data-testid="menu-item-photo-input" />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={picture.open}
            disabled={disabled}
            aria-describedby={problem ? problemId : undefined}
          >
            {shown ? 'Change photo' : 'Choose photo'}
          </Button>
          {value.kind === 'keep' && currentUrl && (
            <Button variant="ghost" onClick={() => onChange({ kind: 'remove' })} disabled={disabled}>
              Remove photo
            </Button>
          )}
          {value.kind !== 'keep' && (
            <Button
              variant="ghost"
              onClick={() => {
                picture.clearProblem();
                onChange({ kind: 'keep' });
              }}
              disabled={disabled}
            >
              {value.kind === 'remove' ? 'Keep the photo' : 'Don’t use this photo'}
            </Button>
          )}
        </div>
        {problem ? (
          <p id={problemId} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : (
          <p className="text-sm text-neutral-600">{note}</p>
        )}
      </div>
    </div>
  );
}
