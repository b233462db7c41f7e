/**
 * The inbox's page → cursor map. The gateway pages by an opaque cursor (each page's `nextCursor` reads the
 * next one), while the grid pages by number: page n is read with `cursors[n]`, page 0 with none. A page's
 * cursor becomes known when the page before it has been read, so the grid can step forward one page at a
 * time and back to any page it has shown. The map belongs to one set of filters and one page size (`key`):
 * another starts again at page 0.
 */
export type CursorPages = {
  key: string;
  page: number;
  cursors: readonly (string | null)[];
};

export function firstPage(key: string): CursorPages {
  return { key, page: 0, cursors: [null] };
}

/** The map for `key`: `pages` if it is that key's, else a fresh one at page 0. */
export function pagesFor(pages: CursorPages, key: string): CursorPages {
  return pages.key === key ? pages : firstPage(key);
}

/**
 * Goes to page `to`. One page forward takes `nextCursor`, the shown page's (null: there is none, so it stays);
 * a page already seen is read again with its cursor; any other page is unknown and it stays.
 */
export function turnPage(pages: CursorPages, to: number, nextCursor: string | null): CursorPages {
  if (to === pages.page) return pages;
  if (to === pages.page + 1) {
    if (nextCursor === null) return pages;
    return { ...pages, page: to, cursors: [...pages.cursors.slice(0, to), nextCursor] };
  }
  if (to >= 0 && to < pages.cursors.length) return { ...pages, page: to };
  return pages;
}

/** The cursor that reads the page shown. */
export function cursorOf(pages: CursorPages): string | null {
  return pages.cursors[pages.page] ?? null;
}
