/** The browser tab's title for a page: React moves the element into the document head. */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · Postbloom`}</title>;
}
