/** Sets the tab title (React 19 hoists `<title>` into the head). */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{title === 'Brigade' ? title : `${title} | Brigade`}</title>;
}
