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
  /** HH:MM; null (or the assumed 12:00) when not known. */
  birthTime: string | null;
  birthLocation: string | null;
  /** `pending` or `generating` while the chart is being built. */
  baziChartStatus: string;
};
