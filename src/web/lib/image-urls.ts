/** Widths the server keeps smaller copies at (`GET /api/images/{id}?w=`). */
const IMAGE_WIDTHS = [160, 320, 480, 640] as const;

/**
 * `src` and `srcSet` for a stored picture shown `displayWidth` CSS pixels wide: the browser picks the
 * smallest copy that is sharp on its screen, so a phone never downloads the 1200 px original for a
 * thumbnail.
 */
export function pictureSources(url: string, displayWidth: number) {
  return {
    src: `${url}?w=${IMAGE_WIDTHS.find((width) => width >= displayWidth * 2) ?? 640}`,
    srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', '),
    sizes: `${displayWidth}px`,
  };
}
