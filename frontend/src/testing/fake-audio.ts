import { vi } from 'vitest';

/**
 * jsdom cannot play media, nor make object URLs. This stands in for both: `play()` resolves (or rejects,
 * as a browser that blocks autoplay does) and records the element, so a test can fire its `ended` event.
 */
export function fakeAudio({ blocked = false }: { blocked?: boolean } = {}) {
  const played: HTMLMediaElement[] = [];
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this);
    return blocked
      ? Promise.reject(new DOMException('play() failed because the user did not interact first', 'NotAllowedError'))
      : Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:beep') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });

  return {
    play,
    pause,
    played,
    /** The element the last beep was played on. */
    get element(): HTMLMediaElement {
      const last = played.at(-1);
      if (!last) throw new Error('nothing was played');
      return last;
    },
    /** The current beep has finished playing. */
    end() {
      this.element.dispatchEvent(new Event('ended'));
    },
  };
}

/** Makes `matchMedia` answer `prefers-reduced-motion: reduce` (jsdom has no matchMedia at all). */
export function preferReducedMotion() {
  const matchMedia = (query: string): MediaQueryList =>
    ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  vi.stubGlobal('matchMedia', matchMedia);
}
