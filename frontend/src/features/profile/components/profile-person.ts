/**
 * What the profile shows of the signed-in person: fields of the user object (docs/api/accounts.md). The
 * route passes the user in; the profile feature does not read it itself.
 */
export type ProfilePerson = {
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** YYYY-MM-DD, null until given. */
  birthDate: string | null;
  /** HH:MM: the time given, or the 12:00 used when it was skipped (`birthTimeUnknown`). */
  birthTime: string | null;
  /** True when the person skipped the birth time (12:00 is used for it). */
  birthTimeUnknown: boolean;
  birthLocation: string | null;
  /** `pending` or `generating` while the chart is being built. */
  baziChartStatus: string;
};
