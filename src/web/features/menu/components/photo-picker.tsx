import { ImageIcon } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, pictureFileProblem } from '../../../../shared/contracts/uploads';
import { Button } from '../../../components/ui/button';
import type { SaveMenuItem } from '../api/menu-mutations';

export type PhotoChange = SaveMenuItem['photo'];

/** The chosen file as a URL the preview can show, released when it is no longer needed. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

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
  const inputRef = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewUrl(value.kind === 'replace' ? value.file : null);
  const shown = value.kind === 'replace' ? preview : value.kind === 'remove' ? null : currentUrl;

  function handleChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // The same file may be chosen again after a change of mind.
    event.target.value = '';
    if (!file) return;
    const fileProblem = pictureFileProblem(file);
    setProblem(fileProblem);
    if (!fileProblem) onChange({ kind: 'replace', file });
  }

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
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={handleChoose}
          data-testid="menu-item-photo-input"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => inputRef.current?.click()}
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
                setProblem(null);
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
