import { ImageIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { usePictureFile } from '../../../lib/use-picture-file';
import { useRemoveLogo, useUploadLogo } from '../api/settings';

/** The restaurant's logo: shown, replaced by an upload (saved at once) or removed. */
export function LogoEditor({ logoUrl }: { logoUrl: string | null }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const picture = usePictureFile((file) => upload.mutate(file));
  const { problem, problemId } = picture;
  const busy = upload.isPending || remove.isPending;

  return (
    <div className="flex items-center gap-4 sm:gap-5">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 sm:size-24">
        {logoUrl ? (
          <img src={logoUrl} alt="The restaurant’s logo" className="size-full object-contain" />
        ) : (
          <ImageIcon aria-label="No logo yet" className="size-8 text-neutral-400" />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <input {...picture.inputProps} data-testid="logo-input" />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={picture.open}
            isLoading={upload.isPending}
            disabled={busy}
            aria-describedby={problem ? problemId : undefined}
          >
            {upload.isPending ? 'Uploading...' : logoUrl ? 'Change logo' : 'Upload logo'}
          </Button>
          {logoUrl && (
            <Button
              variant="ghost"
              onClick={() => remove.mutate()}
              isLoading={remove.isPending}
              disabled={busy}
            >
              {remove.isPending ? 'Removing...' : 'Remove logo'}
            </Button>
          )}
        </div>
        {problem ? (
          <p id={problemId} role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : (
          <p className="text-xs text-neutral-500">JPEG, PNG or WebP, up to 5&nbsp;MB. Saved at once.</p>
        )}
      </div>
    </div>
  );
}
