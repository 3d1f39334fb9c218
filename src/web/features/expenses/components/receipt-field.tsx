import { Camera, FileText, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { type ExpenseReceipt, receiptFileProblem } from '../../../../shared/contracts/expenses';
import { Button } from '../../../components/ui/button';
import { useMediaQuery } from '../../../lib/use-media-query';
import { usePreviewUrl } from '../../../lib/use-picture-file';
import type { ReceiptChange } from '../api/expenses-api';

/** What the file inputs take: a photo from the camera or the gallery, or a PDF. */
export const RECEIPT_ACCEPT = 'image/*,application/pdf';

/** Phones (and tablets) can take the receipt's photo with the camera straight away. */
const PHONE_QUERY = '(max-width: 767px), (pointer: coarse)';

/** `2048` → "2 KB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function FileCard({ name, detail, previewUrl }: { name: string; detail: string; previewUrl: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-2">
      <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-white text-neutral-500 ring-1 ring-neutral-200">
        {previewUrl ? (
          <img src={previewUrl} alt="" className="size-full object-cover" />
        ) : (
          <FileText aria-hidden="true" className="size-5" />
        )}
      </span>
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-neutral-900">{name}</span>
        <span className="block text-xs text-neutral-600">{detail}</span>
      </span>
    </div>
  );
}

/**
 * The expense's receipt: a photo (taken with the camera on a phone) or a PDF, checked here for type
 * and size before anything is sent (the server reads the file to be sure). Nothing is sent until the
 * expense is saved; the saved receipt can be opened, replaced or removed.
 */
export function ReceiptField({
  current,
  value,
  onChange,
  disabled,
  problem: outsideProblem,
}: {
  /** The saved receipt, if any. */
  current: ExpenseReceipt | null;
  value: ReceiptChange;
  onChange: (change: ReceiptChange) => void;
  disabled?: boolean;
  /** The server's refusal of the last upload. */
  problem?: string | null;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const cameraRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const chosen = value.kind === 'replace' ? value.file : null;
  const preview = usePreviewUrl(chosen?.type.startsWith('image/') ? chosen : null);
  const problem = fileProblem ?? outsideProblem ?? null;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // The same file may be chosen again after a cancel or a refusal.
    event.target.value = '';
    if (!file) return;
    const refusal = receiptFileProblem(file);
    setFileProblem(refusal);
    if (!refusal) onChange({ kind: 'replace', file });
  }

  const inputProps = {
    type: 'file',
    accept: RECEIPT_ACCEPT,
    className: 'sr-only',
    tabIndex: -1,
    'aria-hidden': true,
    onChange: handleChange,
    disabled,
  } as const;
  const has = chosen !== null || (value.kind === 'keep' && current !== null);

  let note: string;
  if (value.kind === 'replace')
    note = current ? 'It replaces the receipt when you save.' : 'It is attached when you save.';
  else if (value.kind === 'remove') note = 'The receipt is removed when you save.';
  else if (current) note = 'Opens in a new tab.';
  else note = 'A photo (JPEG, PNG or WebP) or a PDF, up to 10 MB.';

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-neutral-800">Receipt (optional)</legend>
      {chosen ? (
        <FileCard
          name={chosen.name || 'Receipt'}
          detail={`New · ${fileSize(chosen.size)}`}
          previewUrl={preview}
        />
      ) : value.kind === 'keep' && current ? (
        <a
          href={current.url}
          target="_blank"
          rel="noreferrer"
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
        >
          <span className="sr-only">Open the receipt: </span>
          <FileCard
            name={current.fileName || 'Receipt'}
            detail={`${current.contentType === 'application/pdf' ? 'PDF' : 'Photo'} · ${fileSize(current.size)}`}
            previewUrl={current.contentType.startsWith('image/') ? current.url : null}
          />
        </a>
      ) : null}
      <input {...inputProps} ref={fileRef} data-testid="receipt-file-input" />
      {phone && (
        <input {...inputProps} ref={cameraRef} capture="environment" data-testid="receipt-camera-input" />
      )}
      <div className="flex flex-wrap gap-2">
        {phone && (
          <Button
            variant="secondary"
            onClick={() => cameraRef.current?.click()}
            disabled={disabled}
            aria-describedby={problem ? problemId : undefined}
          >
            <Camera aria-hidden="true" className="size-4" />
            {has ? 'Take a new photo' : 'Take a photo'}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => fileRef.current?.click()}
          disabled={disabled}
          aria-describedby={problem ? problemId : undefined}
        >
          <Upload aria-hidden="true" className="size-4" />
          {has ? 'Replace file' : 'Choose a file'}
        </Button>
        {value.kind === 'keep' && current && (
          <Button variant="ghost" onClick={() => onChange({ kind: 'remove' })} disabled={disabled}>
            Remove receipt
          </Button>
        )}
        {value.kind !== 'keep' && (
          <Button
            variant="ghost"
            onClick={() => {
              setFileProblem(null);
              onChange({ kind: 'keep' });
            }}
            disabled={disabled}
          >
            {value.kind === 'remove' ? 'Keep the receipt' : 'Don’t use this file'}
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
    </fieldset>
  );
}
