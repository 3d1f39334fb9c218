import { createContext, useContext } from 'react';

/**
 * When the server rendered the page being hydrated (ms), or null in a page the browser rendered itself.
 * What depends on the clock renders at this moment on the server and while hydrating, so the HTML and
 * the first render agree; the server keeps a render only while the clock still shows the same (the
 * guests' page: today, open or not, the closed notice), so it is true when served.
 */
export const RenderTimeContext = createContext<number | null>(null);

export function useRenderTime(): number | null {
  return useContext(RenderTimeContext);
}
