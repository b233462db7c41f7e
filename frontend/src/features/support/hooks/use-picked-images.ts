import { useEffect, useRef, useState } from 'react';

import { screenImages } from '@/features/support/utils/ticket-rules';

/** A screenshot chosen to go with a message, with the object URL its thumbnail shows. */
export type PickedImage = { key: string; file: File; url: string };

export type PickedImages = {
  images: PickedImage[];
  /** Why files just chosen were left out (each reason once), until the choice changes again. */
  problems: string[];
  /** Adds what passes support's checks of the files just chosen (PNG/JPEG, 2 MiB, 3 in all). */
  add: (chosen: readonly File[]) => void;
  remove: (key: string) => void;
  /** After a send: none again. */
  clear: () => void;
};

/**
 * The screenshots of one form. Each thumbnail's object URL is made when the file is chosen (in the event,
 * not while rendering) and revoked when the image is removed, the form is sent or the form goes away.
 * `onChange` runs on every change the member makes, so the form can drop its requestId: other images make
 * another submission.
 */
export function usePickedImages(onChange?: () => void): PickedImages {
  const [images, setImages] = useState<PickedImage[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  // Every URL not revoked yet; one Set for the form's lifetime, so the cleanup below sees the last ones.
  const live = useRef(new Set<string>());

  useEffect(() => {
    const urls = live.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const revoke = (url: string) => {
    URL.revokeObjectURL(url);
    live.current.delete(url);
  };

  return {
    images,
    problems,
    add: (chosen) => {
      const screened = screenImages(images.length, chosen);
      const made = screened.accepted.map((file) => {
        const url = URL.createObjectURL(file);
        live.current.add(url);
        return { key: url, file, url };
      });
      if (made.length > 0) {
        setImages([...images, ...made]);
        onChange?.();
      }
      setProblems(screened.problems);
    },
    remove: (key) => {
      const gone = images.find((image) => image.key === key);
      if (!gone) return;
      revoke(gone.url);
      setImages(images.filter((image) => image !== gone));
      setProblems([]);
      onChange?.();
    },
    clear: () => {
      for (const image of images) revoke(image.url);
      setImages([]);
      setProblems([]);
    },
  };
}
