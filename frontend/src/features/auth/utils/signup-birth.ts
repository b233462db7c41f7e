/**
 * The birth data of the signup wizard (steps 2-4), where it starts (the landing calculator's hand-over)
 * and the request it becomes. Pure, so the rules are tested without rendering the wizard.
 */
import type { SignupInput } from '@/features/auth/api/signup';
import type { AccountFields } from '@/features/auth/components/signup-account-checks';
import { DEFAULT_PLACE, type BirthInput, type ChosenPlace } from '@/lib/birth-data';
import {
  datePartsToString,
  dateStringToParts,
  EMPTY_DATE,
  EMPTY_TIME,
  timePartsToInput,
  timeStringToParts,
  type DateParts,
  type TimeParts,
} from '@/lib/birth-fields';
import { isDstChoiceKey, type DstReading } from '@/lib/dst-choice';

export type Gender = 'male' | 'female';

export type BirthChoices = {
  date: DateParts;
  time: TimeParts;
  place: ChosenPlace | null;
  /**
   * How the gateway is to read a time a summer-time change skipped or repeated: picked after it asked, or
   * carried over from the landing where the person already picked. It belongs to that date and time only.
   */
  dst: DstReading | null;
};

export const EMPTY_BIRTH: BirthChoices = Object.freeze({ date: EMPTY_DATE, time: EMPTY_TIME, place: null, dst: null });

/** The landing calculator's input (session storage `preFillBirthData`), as the wizard's choices. */
export function preFilledChoices(saved: BirthInput | null): BirthChoices {
  if (!saved || typeof saved !== 'object') return EMPTY_BIRTH;
  const { birthLocation, coordinates, dstChoice } = saved;
  const placeKnown =
    typeof birthLocation === 'string' &&
    birthLocation.trim() !== '' &&
    typeof coordinates === 'object' &&
    coordinates !== null &&
    Number.isFinite(coordinates.longitude) &&
    Number.isFinite(coordinates.latitude);
  const time = timeStringToParts(saved.birthTime);
  return {
    date: dateStringToParts(saved.birthDate),
    time,
    place: placeKnown ? { label: birthLocation, coordinates: { ...coordinates } } : null,
    // Only with a time: an unknown time is never read another way.
    dst: isDstChoiceKey(dstChoice) && time.hour !== '' ? { choice: dstChoice } : null,
  };
}

const sameParts = <T extends Record<string, string>>(a: T, b: T) =>
  Object.keys(a).every((key) => a[key] === b[key]);

/** The choices with another date: a reading picked for the old date no longer applies. */
export function withDate(birth: BirthChoices, date: DateParts): BirthChoices {
  return sameParts(birth.date, date) ? birth : { ...birth, date, dst: null };
}

/** The choices with another time: a reading picked for the old time no longer applies. */
export function withTime(birth: BirthChoices, time: TimeParts): BirthChoices {
  return sameParts(birth.time, time) ? birth : { ...birth, time, dst: null };
}

/**
 * The sign-up request for checked account fields, or null while the date is incomplete (the wizard does
 * not let that happen). A skipped gender and a missing invite are left out, and so is `dstChoice` unless
 * one was picked.
 */
export function signupBody(
  fields: Omit<AccountFields, 'passwordConfirmation' | 'agreed'>,
  gender: Gender | null,
  birth: BirthChoices,
  inviterId?: string,
): SignupInput | null {
  const birthDate = datePartsToString(birth.date);
  if (birthDate === null) return null;
  const place = birth.place ?? DEFAULT_PLACE;
  return {
    email: fields.email,
    password: fields.password,
    username: fields.username,
    ...(gender ? { gender } : {}),
    birthDate,
    birthTime: timePartsToInput(birth.time),
    birthLocation: place.label,
    coordinates: { ...place.coordinates },
    ...(birth.dst ? { dstChoice: birth.dst.choice } : {}),
    privacyPolicyAccepted: true,
    analyticsConsent: false,
    marketingConsent: false,
    ...(inviterId ? { inviterId } : {}),
  };
}
