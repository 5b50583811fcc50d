/**
 * pdf.js builds annotation icon addresses as `${imageResourcesPath}annotation-NAME.svg`. The icons are
 * bundled by Vite under hashed names, so pdf.js gets a marker prefix and each icon's address is swapped
 * for its bundled one as it appears.
 */
export const ICON_PREFIX = '/pdfjs-icons/';

const ICONS = new Map(
  Object.entries(
    import.meta.glob<string>('../../../../../node_modules/pdfjs-dist/web/images/annotation-*.svg', {
      query: '?url&no-inline',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url]),
);

function swapIcon(img: HTMLImageElement) {
  const src = img.getAttribute('src') ?? '';
  if (!src.startsWith(ICON_PREFIX)) return;
  const bundled = ICONS.get(src.slice(ICON_PREFIX.length));
  if (bundled) img.src = bundled;
  else img.removeAttribute('src');
}

/** Swaps the icons of every image pdf.js adds under `container`; disconnect the observer when done. */
export function watchAnnotationIcons(container: HTMLElement): MutationObserver {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLImageElement) swapIcon(node);
        else if (node instanceof HTMLElement) node.querySelectorAll('img').forEach(swapIcon);
      }
    }
  });
  observer.observe(container, { childList: true, subtree: true });
  return observer;
}
