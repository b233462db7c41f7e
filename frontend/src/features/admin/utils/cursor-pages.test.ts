import { describe, expect, it } from 'vitest';

import { cursorOf, firstPage, pagesFor, turnPage } from '@/features/admin/utils/cursor-pages';

describe("the inbox's page → cursor map", () => {
  it('reads page 0 without a cursor and each next page with the cursor the page before handed on', () => {
    let pages = firstPage('k');
    expect(cursorOf(pages)).toBeNull();
    pages = turnPage(pages, 1, 'c1');
    expect([pages.page, cursorOf(pages)]).toEqual([1, 'c1']);
    pages = turnPage(pages, 2, 'c2');
    expect(pages.cursors).toEqual([null, 'c1', 'c2']);
  });

  it('goes back to any page it has shown, with the cursor it was read with', () => {
    let pages = turnPage(turnPage(firstPage('k'), 1, 'c1'), 2, 'c2');
    pages = turnPage(pages, 0, null);
    expect([pages.page, cursorOf(pages)]).toEqual([0, null]);
    pages = turnPage(pages, 2, null);
    expect([pages.page, cursorOf(pages)]).toEqual([2, 'c2']);
  });

  it('stays where it is for a page it cannot reach: past the last page, or two pages ahead', () => {
    const start = turnPage(firstPage('k'), 1, 'c1');
    expect(turnPage(start, 2, null)).toBe(start);
    expect(turnPage(firstPage('k'), 2, 'c1').page).toBe(0);
    expect(turnPage(start, -1, null)).toBe(start);
  });

  it('takes a fresh cursor when stepping forward again, dropping the pages after it', () => {
    let pages = turnPage(turnPage(firstPage('k'), 1, 'c1'), 2, 'c2');
    pages = turnPage(turnPage(pages, 0, null), 1, 'c1b');
    expect(pages.cursors).toEqual([null, 'c1b']);
  });

  it('starts again at page 0 for other filters or another page size', () => {
    const pages = turnPage(firstPage('status=open|25'), 1, 'c1');
    expect(pagesFor(pages, 'status=open|25')).toBe(pages);
    expect(pagesFor(pages, 'status=closed|25')).toEqual(firstPage('status=closed|25'));
  });
});
