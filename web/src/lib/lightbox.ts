// The image viewer's one piece of state: which image is open (Zulip's lightbox). A message's
// inline image opens it on a click, or `v` on the selected message; the app shows it.

export interface ViewedImage {
  /** The original file (the link around the thumbnail). */
  src: string;
  title: string;
}

let current: ViewedImage | undefined;
const listeners = new Set<() => void>();

export const viewedImage = (): ViewedImage | undefined => current;
export function subscribeLightbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
function set(next: ViewedImage | undefined): void {
  current = next;
  listeners.forEach((l) => l());
}
export const openImage = (image: ViewedImage): void => set(image);
export const closeImage = (): void => set(undefined);

/** The image an inline-image link shows (`.message_inline_image a`), as the viewer opens it. */
export function imageOfLink(link: Element): ViewedImage | undefined {
  const src = link.getAttribute('href');
  if (!src) return undefined;
  return { src, title: link.getAttribute('title') || link.querySelector('img')?.getAttribute('alt') || src.split('/').pop() || 'Image' };
}

/** The first inline image of a message's rendered HTML (for `v`), if it has one. */
export function firstImageOf(html: string): ViewedImage | undefined {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const link = doc.querySelector('.message_inline_image a');
  return link ? imageOfLink(link) : undefined;
}
