/** The CSS emotion has put in the document (outside production, as text nodes). */
export function insertedCss(): string {
  return [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')]
    .map((style) => style.textContent ?? '')
    .join('\n');
}
