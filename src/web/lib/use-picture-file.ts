import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, pictureFileProblem } from '../../shared/contracts/uploads';

/** The chosen file as a URL a preview can show, released when it is no longer needed. */
export function usePreviewUrl(file: File | null): string | null {
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

/**
 * A hidden picture file input opened by a button (profile photo, menu photo, logo): the browser's
 * check of type and size (the server decodes the file to be sure), and its message, in one place.
 * `onFile` gets an acceptable file; spread `inputProps` on an `<input>` and call `open()` from a button.
 */
export function usePictureFile(onFile: (file: File) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // The same file may be chosen again after a cancel or a failed upload.
    event.target.value = '';
    if (!file) return;
    const fileProblem = pictureFileProblem(file);
    setProblem(fileProblem);
    if (!fileProblem) onFile(file);
  }

  return {
    problem,
    problemId,
    clearProblem: () => setProblem(null),
    open: () => inputRef.current?.click(),
    inputProps: {
      ref: inputRef,
      type: 'file',
      accept: ACCEPTED_IMAGE_TYPES,
      className: 'sr-only',
      tabIndex: -1,
      'aria-hidden': true,
      onChange: handleChange,
    } as const,
  };
}
