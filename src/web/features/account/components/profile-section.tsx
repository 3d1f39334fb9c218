import { type FormEvent, useRef, useState } from 'react';
import type { Profile } from '../../../../shared/contracts/user';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { usePictureFile, usePreviewUrl } from '../../../lib/use-picture-file';
import { useRemovePhoto, useUpdateName, useUploadPhoto } from '../api/update-profile';
import { AccountSection } from './account-section';
import { Avatar } from './avatar';

const MAX_NAME_LENGTH = 100;

function PhotoEditor({ profile, name }: { profile: Profile; name: string }) {
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [chosen, setChosen] = useState<File | null>(null);
  const picture = usePictureFile(setChosen);
  const { problem, problemId: errorId } = picture;
  const preview = usePreviewUrl(chosen);
  const busy = upload.isPending || remove.isPending;

  function cancel() {
    setChosen(null);
    picture.clearProblem();
  }

  function save() {
    if (!chosen) return;
    upload.mutate(chosen, { onSuccess: cancel });
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:w-48 sm:shrink-0">
      <Avatar name={name} src={preview ?? profile.photoURL} className="size-28 text-4xl" />
      {chosen && <p className="text-center text-xs text-neutral-500">Preview: not saved yet</p>}
      <input {...picture.inputProps} data-testid="photo-input" />
      {chosen ? (
        <div className="flex w-full flex-col gap-2">
          <Button onClick={save} isLoading={upload.isPending} fullWidth>
            {upload.isPending ? 'Saving...' : 'Save photo'}
          </Button>
          <Button variant="ghost" onClick={cancel} disabled={upload.isPending} fullWidth>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex w-full flex-col gap-2">
          <Button
            variant="secondary"
            onClick={picture.open}
            disabled={busy}
            aria-describedby={problem ? errorId : undefined}
            fullWidth
          >
            {profile.photoURL ? 'Change photo' : 'Upload photo'}
          </Button>
          {profile.photoURL && (
            <Button variant="ghost" onClick={() => remove.mutate()} isLoading={remove.isPending} fullWidth>
              {remove.isPending ? 'Removing...' : 'Remove photo'}
            </Button>
          )}
        </div>
      )}
      {problem ? (
        <p id={errorId} role="alert" className="text-center text-sm text-red-700">
          {problem}
        </p>
      ) : (
        !chosen && <p className="text-center text-xs text-neutral-500">JPEG, PNG or WebP, up to 5&nbsp;MB.</p>
      )}
    </div>
  );
}

function NameForm({ profile }: { profile: Profile }) {
  const updateName = useUpdateName();
  const saved = profile.displayName ?? '';
  const [name, setName] = useState(saved);
  const [showErrors, setShowErrors] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // A change saved elsewhere (another tab, the phone sign-up) shows here when nothing is being typed.
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    if (name === lastSaved) setName(saved);
  }

  const trimmed = name.trim();
  const error =
    trimmed.length === 0
      ? 'Enter your name.'
      : trimmed.length > MAX_NAME_LENGTH
        ? `Use at most ${MAX_NAME_LENGTH} characters.`
        : null;
  const unchanged = trimmed === saved.trim();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateName.isPending || unchanged) return;
    setShowErrors(true);
    if (error) return inputRef.current?.focus();
    updateName.mutate(trimmed, { onSuccess: () => setShowErrors(false) });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col gap-4">
      <TextField
        ref={inputRef}
        label="Display name"
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={showErrors ? error : null}
        description="Shown on your orders and receipts."
        disabled={updateName.isPending}
        required
      />
      <div>
        <Button type="submit" isLoading={updateName.isPending} disabled={unchanged}>
          {updateName.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}

/** Photo (upload with a preview, remove) and display name. */
export function ProfileSection({ profile }: { profile: Profile }) {
  const name = profile.displayName ?? profile.email ?? profile.phoneNumber ?? '';
  return (
    <AccountSection title="Profile" description="Your photo and the name the restaurant knows you by.">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start sm:gap-8">
        <PhotoEditor profile={profile} name={name} />
        <NameForm profile={profile} />
      </div>
    </AccountSection>
  );
}
