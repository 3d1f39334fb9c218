/** Every picture upload (profile photo, menu photo, logo): JPEG, PNG or WebP of at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = 'The picture is larger than 5 MB. Please choose a smaller one.';
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** The browser's check before an upload (the server decodes the file to be sure). */
export function pictureFileProblem(file: File): string | null {
  if (!ACCEPTED_IMAGE_TYPES.split(',').includes(file.type)) return 'Choose a JPEG, PNG or WebP picture.';
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_TOO_LARGE;
  return null;
}
