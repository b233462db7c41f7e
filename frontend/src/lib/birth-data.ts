/**
 * The birth input shared by the landing calculator, signup and profile (spec §3 "Birth input"), its
 * defaults, and the session-storage hand-over from the landing result to signup.
 */

export type Coordinates = {
  longitude: number;
  latitude: number;
};

export type BirthInput = {
  /** YYYY-MM-DD, month and day zero-padded. */
  birthDate: string;
  /** HH:MM, or '' when the hour was skipped (unknown; the server uses 12:00 and says what rests on it). */
  birthTime: string;
  birthLocation: string;
  coordinates: Coordinates;
  /** How to read a time a summer-time change skipped or repeated (chosen after the server asked). */
  dstChoice?: 'earlier' | 'later' | 'standard';
};

export const DEFAULT_BIRTH_TIME = '12:00';
export const DEFAULT_BIRTH_LOCATION = '東京, 日本';
export const DEFAULT_COORDINATES: Coordinates = Object.freeze({ longitude: 139.6503, latitude: 35.6762 });

/** A place the user chose, with the coordinates found for it (or Tokyo's when the lookup failed). */
export type ChosenPlace = {
  label: string;
  coordinates: Coordinates;
};

export const DEFAULT_PLACE: ChosenPlace = Object.freeze({
  label: DEFAULT_BIRTH_LOCATION,
  coordinates: DEFAULT_COORDINATES,
});

const pad2 = (n: number) => String(n).padStart(2, '0');

export function formatBirthDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/**
 * HH:MM from optional hour and minute. No hour means the default noon; an hour without a minute means
 * the start of that hour, which is the closest reading of what the person entered.
 */
export function formatBirthTime(hour: number | null, minute: number | null): string {
  if (hour === null) return DEFAULT_BIRTH_TIME;
  return `${pad2(hour)}:${pad2(minute ?? 0)}`;
}

/** The last `count` years, newest first, the current one included. */
export function yearChoices(currentYear: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => currentYear - i);
}

const PRE_FILL_KEY = 'preFillBirthData';

/** Keeps the landing's birth input for the signup wizard, which loads it and removes it after signing up. */
export function savePreFillBirthData(input: BirthInput): void {
  try {
    sessionStorage.setItem(PRE_FILL_KEY, JSON.stringify(input));
  } catch {
    // Storage can be unavailable (private mode, quota); signup then simply starts empty.
  }
}

export function loadPreFillBirthData(): BirthInput | null {
  try {
    const raw = sessionStorage.getItem(PRE_FILL_KEY);
    return raw ? (JSON.parse(raw) as BirthInput) : null;
  } catch {
    return null;
  }
}

export function clearPreFillBirthData(): void {
  try {
    sessionStorage.removeItem(PRE_FILL_KEY);
  } catch {
    // Nothing to clear.
  }
}
